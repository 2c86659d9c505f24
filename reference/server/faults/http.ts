// Faults for Streamable HTTP, legacy HTTP+SSE, authorization. Each entry: { id, description }; guard it once with isOn('<id>').
export const HTTP_FAULTS = [] as const satisfies readonly { id: string; description: string }[];
