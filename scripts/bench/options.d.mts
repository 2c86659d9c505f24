// The types of options.mjs, for test/bench-vs.test.ts.
export const USAGE: string;
export interface BenchOptions {
  runs: number;
  rows: string[] | undefined;
  vs: string | undefined;
  official: boolean;
  fuzz: boolean;
  fuzzRuns: number;
  help: boolean;
}
export function parseBenchArgs(argv: string[]): BenchOptions;
