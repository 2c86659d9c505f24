// Faults for the fuzzing suite: crashes, hangs, wrong codes, double answers on input shapes. Each entry: { id, description }; guard it once with isOn('<id>').
export const FUZZ_FAULTS = [] as const satisfies readonly { id: string; description: string }[];
