// mcp-conformance as a library: `import { testServer } from 'mcp-conformance'`. Test a server
// or a client from your own test runner and assert on the report, the same model report.json
// holds. The CLI is a thin layer over these (bin/).
import type { RunReport } from '../harness/checks/result.js';
import { REVISION_IDS } from '../harness/revisions.js';
import { exitCodeOf as exitCodeFor, type FailOn } from '../reports/model.js';
import { parseReportKinds, writeReports as writeReportFiles, type ReportKind } from './reports.js';

export { testClient, testServer } from './test.js';
export type { ClientTestOptions, ServerTestOptions, TestOptions } from './options.js';
export { UsageError } from './usage-error.js';
export { listChecks, type CheckInfo } from './checks.js';
export { writeBadge, writeBaseline } from './reports.js';
export { failsRun, nothingTested, FAIL_ON, type FailOn } from '../reports/model.js';
export { diffReports, readReport, type Change, type Diff } from '../reports/diff.js';
export { REPORT_VERSION } from '../harness/checks/result.js';
export type { CheckResult, EraClassification, RevisionProbe, RunReport } from '../harness/checks/result.js';
export type { Capability, Level, Side, Status } from '../harness/checks/check.js';
export type { RunListener } from '../harness/checks/events.js';
export type { PaceCut, PaceSummary } from '../harness/pacing/pace.js';
export type { TransportKind } from '../harness/transport.js';

/** The spec revisions this tool knows, oldest first. */
export const REVISIONS: readonly string[] = REVISION_IDS;

/** The file reports `writeReports` can write (report.json is always written, as their source). */
export type ReportFormat = Exclude<ReportKind, 'console'>;

/**
 * The exit code the CLI would give this report: 0 passed; 1 a broken MUST, an undecided check
 * or revision, or a stale baseline entry (with `failOn: 'should'` also a warning); 3 cut short
 * (the target could not be started or reached, or the run was stopped); 4 nothing was tested.
 * `failOn` defaults to the report's own (the run's `failOn` option), else `must`.
 */
export function exitCodeOf(report: RunReport, failOn: FailOn = report.failOn ?? 'must'): number {
  return exitCodeFor(report, failOn);
}

/**
 * Write report.json and the other reports asked for (`html`, `junit`, `markdown`; `md` is
 * short for markdown) to a folder, created if needed; resolves with the paths written.
 */
export async function writeReports(report: RunReport, dir: string, formats: string | readonly (ReportFormat | 'md')[] = ['json', 'html', 'junit', 'markdown']): Promise<string[]> {
  const kinds = parseReportKinds(typeof formats === 'string' ? formats : formats.join(','));
  return writeReportFiles(report, kinds, dir, report.failOn ?? 'must');
}
