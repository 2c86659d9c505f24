// Baselines: a YAML file of known failures, so a project can adopt the suite today and still
// fail CI on anything new. Listed failures are marked `expected-fail` (they keep their status
// and do not fail the run); a listed check that now passes is `stale` and fails the run, so
// the file only shrinks. Two shapes are read:
//
//   - ping.empty-result                 # ours: a list of check ids, id@revision for one revision
//   - base                              # a whole area
//
//   server:                             # the official conformance suite's expected-failures
//     - base                            #   file: `<scenario>` or `<scenario>:<check-id>`, where
//     - ping:ping.empty-result          #   a scenario is one of our areas (`ping:empty-result`
//   client: []                          #   works too)
//
// Reading the file is baseline-file.ts (it loads the YAML parser, so only runs with a baseline do).
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { failsRun, targetOf, type FailOn } from './model.js';
import { safe } from './terminal.js';

export interface BaselineEntry {
  /** The entry as written (stale entries are reported this way). */
  text: string;
  /** A check id, or absent for a whole area. */
  id?: string;
  area: string;
  revision?: string;
}

export interface KnownChecks {
  ids: readonly string[];
  revisions: readonly string[];
}

/** A baseline that cannot be used; the message is one sentence naming the fix. */
export class BaselineError extends Error {}

const matches = (e: BaselineEntry, r: CheckResult): boolean =>
  (e.id ? r.id === e.id : r.area === e.area) && (!e.revision || r.revision === e.revision);

/**
 * Mark the report's results against the baseline. An entry whose checks fail (or warn) marks
 * them `expected-fail`; an entry whose checks all pass marks them `stale` and is listed in
 * `report.baseline.stale`; one whose checks were skipped, errored or not run says nothing.
 */
export function applyBaseline(report: RunReport, entries: readonly BaselineEntry[], file: string): RunReport {
  const results = report.results.map((r) => ({ ...r }));
  const stale: string[] = [];
  for (const entry of entries) {
    const mine = results.filter((r) => matches(entry, r));
    const failing = mine.filter((r) => r.status === 'fail' || r.status === 'warn');
    for (const r of failing) r.baseline = 'expected-fail';
    if (failing.length > 0) continue;
    const passing = mine.filter((r) => r.status === 'pass');
    if (passing.length === 0) continue;
    stale.push(entry.text);
    for (const r of passing) if (r.baseline !== 'expected-fail') r.baseline = 'stale';
  }
  // A result another entry still expects to fail is not stale.
  const expectedFail = results.filter((r) => r.baseline === 'expected-fail').length;
  return { ...report, results, baseline: { file, stale, expectedFail } };
}

/**
 * The baseline of this run's failures (those that fail it under `failOn`; `none` counts as
 * `must`): a plain id when the check failed at every revision it reached a verdict, else
 * id@revision per failing revision.
 */
export function baselineText(report: RunReport, failOn: FailOn): string {
  const policy: FailOn = failOn === 'none' ? 'must' : failOn;
  const failing = report.results.filter((r) => failsRun({ ...r, baseline: undefined }, policy));
  const lines: string[] = [];
  for (const id of [...new Set(failing.map((r) => r.id))]) {
    const decided = report.results.filter((r) => r.id === id && (r.status === 'pass' || r.status === 'fail' || r.status === 'warn'));
    const bad = failing.filter((r) => r.id === id);
    const title = safe(bad[0]?.title ?? '');
    const revisions = [...new Set(bad.map((r) => r.revision))];
    if (bad.length === decided.length) lines.push(`- ${id}  # ${title}`);
    else for (const rev of revisions) lines.push(`- ${id}@${rev}  # ${title}`);
  }
  const header = [
    '# mcp-conformance baseline: known failures by check id (id@revision: that revision only).',
    `# Written by --write-baseline on ${report.startedAt} for ${safe(targetOf(report))}.`,
    '# A listed failure is reported as expected-fail and does not fail the run; a listed check',
    '# that passes again is stale and fails the run: delete its line.',
  ];
  return `${[...header, ...(lines.length ? lines : ['[]'])].join('\n')}\n`;
}
