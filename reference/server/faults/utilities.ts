// Faults for cancellation, progress, logging, completion, capabilities, batching. Each entry: { id, description }; guard it once with isOn('<id>').
export const UTILITIES_FAULTS = [] as const satisfies readonly { id: string; description: string }[];
