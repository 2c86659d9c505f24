// The types of stats.mjs, for test/bench-vs.test.ts.
export function round(x: number): number;
export function median(xs: readonly number[]): number | undefined;
