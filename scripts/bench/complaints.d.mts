// The types of complaints.mjs, for test/bench-vs.test.ts.
export const USAGE_EXIT: number;
export function refusal(build: string, args: readonly string[], stderr: string): string;
export function buildFailure(output: string): string;
