// The types of compare.mjs, for test/bench-vs.test.ts.
export type BuildName = 'other' | 'this';
export const BUILDS: readonly BuildName[];
export function alternation<T = BuildName>(runs: number, builds?: readonly T[]): T[];
export interface RunResult {
  seconds?: number;
  results?: number;
  cpuSeconds?: number;
  allCpuSeconds?: number;
  error?: string;
  refused?: boolean;
}
export interface BuildSummary {
  runs: number;
  medianSeconds: number | undefined;
  allSeconds: number[];
  counts: number[];
  errors: string[];
  medianCpuSeconds?: number;
  medianAllCpuSeconds?: number;
  refused?: string;
}
export interface ComparedRow {
  row: string;
  target: string;
  role: 'server' | 'client';
  transport: 'stdio' | 'http';
  other: BuildSummary;
  this: BuildSummary;
  ratio: number | undefined;
  loadAtStart?: number[];
  loadAtEnd?: number[];
}
export function summarizeBuild(results: readonly RunResult[]): BuildSummary;
export function ratio(thisSeconds: number | undefined, otherSeconds: number | undefined): number | undefined;
export function compareRow(
  row: { name: string; target: string; role: 'server' | 'client'; transport: 'stdio' | 'http' },
  runsByBuild: Partial<Record<BuildName, readonly RunResult[]>>,
  load?: { loadAtStart?: number[]; loadAtEnd?: number[] },
): ComparedRow;
export function renderComparison(rows: readonly ComparedRow[]): string;
