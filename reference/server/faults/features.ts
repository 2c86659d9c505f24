// Faults for tools, resources, prompts, pagination. Each entry: { id, description }; guard it once with isOn('<id>').
export const FEATURES_FAULTS = [] as const satisfies readonly { id: string; description: string }[];
