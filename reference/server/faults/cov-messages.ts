// Faults of issue 32's coverage of basic/messages and JSON-RPC batching (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_MESSAGES_FAULTS = [] as const;
