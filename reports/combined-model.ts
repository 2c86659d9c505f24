// Building the combined report of several targets, merging shards, and the exit rule over all
// targets (the README's exit-code table): 130 if the run was interrupted, else 3 if any target
// could not be started or reached, else 4 if any target tested nothing, else 1 if any target
// failed, else 0. An unreachable target
// means the verdict is incomplete, which CI must not read as a mere finding.
import type { Status } from '../harness/checks/check.js';
import type { RunReport } from '../harness/checks/result.js';
import { COMBINED_REPORT_VERSION, type CombinedReport, type CombinedTarget } from './combined.js';
import { STATUSES } from './model.js';

export const EXIT_INTERRUPTED = 130;
export const EXIT_UNREACHABLE = 3;
export const EXIT_NOTHING_TESTED = 4;

/** Most urgent first: what the combined exit code is when targets disagree. */
const PRECEDENCE = [EXIT_INTERRUPTED, EXIT_UNREACHABLE, EXIT_NOTHING_TESTED, 1, 0] as const;

export function combinedExitCode(codes: readonly number[]): number {
  for (const code of PRECEDENCE) if (codes.includes(code)) return code;
  return codes.length ? Math.max(...codes) : 0;
}

export type TargetVerdict = 'passed' | 'failed' | 'unreachable' | 'interrupted' | 'untested';

export function verdictOf(exitCode: number): TargetVerdict {
  if (exitCode === 0) return 'passed';
  if (exitCode === EXIT_INTERRUPTED) return 'interrupted';
  if (exitCode === EXIT_UNREACHABLE) return 'unreachable';
  if (exitCode === EXIT_NOTHING_TESTED) return 'untested';
  return 'failed';
}

export function summaryOf(reports: readonly RunReport[]): Record<Status, number> {
  const sum = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const report of reports) for (const s of STATUSES) sum[s] += report.summary[s] ?? 0;
  return sum;
}

export interface CombinedInput {
  tool: { name: string; version: string };
  startedAt: Date;
  durationMs: number;
  targets: CombinedTarget[];
  shards?: { index: number; count: number }[];
}

export function buildCombinedReport(input: CombinedInput): CombinedReport {
  return {
    combinedReportVersion: COMBINED_REPORT_VERSION,
    tool: input.tool,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    ...(input.shards ? { shards: input.shards } : {}),
    targets: input.targets,
    summary: summaryOf(input.targets.map((t) => t.report)),
    exitCode: combinedExitCode(input.targets.map((t) => t.exitCode)),
  };
}

/** A problem with the set of reports to merge, as one sentence. */
export class MergeError extends Error {}

export interface MergeOutcome {
  report: CombinedReport;
  /** Shards of a sharded run that are not among the inputs ("2/3"); their targets were not tested. */
  missingShards: string[];
}

/**
 * Several combined reports (shards, or separate runs) as one: targets in shard order, names
 * unique, the wall-clock span from the first start to the last end.
 */
export function mergeCombinedReports(inputs: readonly { report: CombinedReport; source: string }[]): MergeOutcome {
  if (inputs.length === 0) throw new MergeError('nothing to merge');
  const owner = new Map<string, string>();
  const shardOf = (r: CombinedReport) => r.shards?.[0]?.index ?? 0;
  const sorted = [...inputs].sort((a, b) => shardOf(a.report) - shardOf(b.report));
  const targets: CombinedTarget[] = [];
  const shards: { index: number; count: number }[] = [];
  for (const { report, source } of sorted) {
    for (const t of report.targets) {
      const before = owner.get(t.name);
      if (before !== undefined) throw new MergeError(`target "${t.name}" is in both ${before} and ${source}; merge each shard once`);
      owner.set(t.name, source);
      targets.push(t);
    }
    for (const s of report.shards ?? []) {
      if (shards.some((x) => x.index === s.index && x.count === s.count)) throw new MergeError(`shard ${s.index}/${s.count} appears twice (again in ${source})`);
      shards.push(s);
    }
  }
  const counts = new Set(shards.map((s) => s.count));
  if (counts.size > 1) throw new MergeError(`the shards come from different splits (${shards.map((s) => `${s.index}/${s.count}`).join(', ')})`);
  const count = [...counts][0];
  const missingShards: string[] = [];
  if (count !== undefined) for (let i = 1; i <= count; i++) if (!shards.some((s) => s.index === i)) missingShards.push(`${i}/${count}`);
  const starts = sorted.map((x) => Date.parse(x.report.startedAt)).filter(Number.isFinite);
  const ends = sorted.map((x) => Date.parse(x.report.startedAt) + x.report.durationMs).filter(Number.isFinite);
  const startedAt = new Date(starts.length ? Math.min(...starts) : Date.now());
  const first = sorted[0]?.report as CombinedReport;
  const report = buildCombinedReport({
    tool: first.tool,
    startedAt,
    durationMs: ends.length ? Math.max(...ends) - startedAt.getTime() : 0,
    targets,
    ...(shards.length ? { shards: shards.sort((a, b) => a.index - b.index) } : {}),
  });
  if (missingShards.length) report.exitCode = combinedExitCode([report.exitCode, EXIT_UNREACHABLE]);
  return { report, missingShards };
}
