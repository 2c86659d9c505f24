// Faults of issue 32's coverage of stdio, Streamable HTTP and HTTP+SSE (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_TRANSPORTS_FAULTS = [] as const;
