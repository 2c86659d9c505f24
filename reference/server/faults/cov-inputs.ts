// Faults of issue 32's coverage of sampling, elicitation, roots and input requests (MRTR) (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_INPUTS_FAULTS = [] as const;
