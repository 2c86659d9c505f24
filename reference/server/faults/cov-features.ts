// Faults of issue 32's coverage of tools, resources, prompts, subscriptions and caching (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_FEATURES_FAULTS = [] as const;
