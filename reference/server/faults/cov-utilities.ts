// Faults of issue 32's coverage of cancellation, progress, logging and completion (server side). Each entry: { id, description };
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.

export const COV_UTILITIES_FAULTS = [] as const;
