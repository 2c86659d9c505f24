// Faults of issue 32's coverage of basic/lifecycle and versioning (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_LIFECYCLE_FAULTS = [] as const;
