// What every renderer computes the same way from the one result model: counts, the
// revision x area matrix, and the exit policy (--fail-on, baselines). Renderers only format.
import type { Status } from '../harness/checks/check.js';
import type { CheckResult, RunReport } from '../harness/checks/result.js';

export const STATUSES: readonly Status[] = ['pass', 'fail', 'warn', 'skip', 'error'];
export const FAIL_ON = ['must', 'should', 'none'] as const;
export type FailOn = (typeof FAIL_ON)[number];

export function countOf(results: readonly CheckResult[]): Record<Status, number> {
  const counts: Record<Status, number> = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const r of results) counts[r.status]++;
  return counts;
}

/** One matrix column: a revision over one transport. */
export interface Column {
  key: string;
  revision: string;
  transport: string;
}

export const columnKey = (r: Pick<CheckResult, 'revision' | 'transport'>): string => `${r.revision} ${r.transport}`;

export function columnsOf(results: readonly CheckResult[]): Column[] {
  const seen = new Map<string, Column>();
  for (const r of results) if (!seen.has(columnKey(r))) seen.set(columnKey(r), { key: columnKey(r), revision: r.revision, transport: r.transport });
  return [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Areas in the order their first check ran (the suites' order). */
export function areasOf(results: readonly CheckResult[]): string[] {
  return [...new Set(results.map((r) => r.area))];
}

export function cellOf(results: readonly CheckResult[], area: string | undefined, column: Column): CheckResult[] {
  return results.filter((r) => columnKey(r) === column.key && (area === undefined || r.area === area));
}

/** The worst news in a set of results, for colouring a cell. */
export function toneOf(results: readonly CheckResult[]): 'empty' | 'bad' | 'warn' | 'good' | 'neutral' {
  if (results.length === 0) return 'empty';
  if (results.some((r) => (r.status === 'fail' && r.baseline !== 'expected-fail') || r.status === 'error' || r.baseline === 'stale')) return 'bad';
  if (results.some((r) => r.status === 'warn' || r.status === 'fail')) return 'warn';
  return results.every((r) => r.status === 'pass') ? 'good' : 'neutral';
}

/**
 * Whether this result fails the run: a broken MUST (`fail`), a check the harness could not
 * decide (`error`), or with `--fail-on should` also a `warn` (a broken SHOULD or a doubtful
 * case; MAY-level results never fail). A failure the baseline expects does not.
 */
export function failsRun(r: CheckResult, failOn: FailOn): boolean {
  if (failOn === 'none' || r.baseline === 'expected-fail') return false;
  if (r.status === 'fail' || r.status === 'error') return true;
  return failOn === 'should' && r.status === 'warn' && r.level !== 'MAY';
}

/** Why a run tested nothing (no revision accepted, or every check skipped); undefined when it tested something. */
export function nothingTested(report: RunReport): string | undefined {
  if (report.aborted) return undefined;
  const accepted = report.revisions.filter((r) => r.status === 'accepted');
  if (accepted.length === 0) {
    const said = report.revisions.map((r) => `${r.revision} ${r.status === 'not-supported' ? 'not offered' : r.status}${r.detail ? ` (${r.detail})` : ''}`);
    return `no revision could be tested: ${said.join('; ') || 'none was asked for'}`;
  }
  if (report.results.every((r) => r.status === 'skip')) {
    return report.results.length === 0 ? 'no check applied to what the target offers' : `every one of the ${report.results.length} checks was skipped`;
  }
  return undefined;
}

/**
 * The run's verdict as an exit code: 0 ok; 1 findings (a broken MUST, an undecided check or
 * revision, a stale baseline entry); 3 cut short (unreachable target); 4 nothing tested.
 */
export function exitCodeOf(report: RunReport, failOn: FailOn): number {
  if (report.aborted) return 3;
  if (nothingTested(report)) return 4;
  if (failOn === 'none') return 0;
  const stale = report.baseline?.stale.length ?? 0;
  // A revision whose probe got no answer, even alone, while others answered: undecided.
  const undecided = report.revisions.some((r) => r.status === 'unreachable');
  return stale > 0 || undecided || report.results.some((r) => failsRun(r, failOn)) ? 1 : 0;
}

/** Why a check was skipped, as a person reads it: its code, then the detail. */
export function skipLabel(r: Pick<CheckResult, 'skipCode' | 'reason'>): string {
  return r.skipCode ? `${r.skipCode}: ${r.reason ?? ''}` : (r.reason ?? 'not applicable');
}

/** The skips by code, most frequent first, with how many each. */
export function skipsByCode(results: readonly CheckResult[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const r of results) if (r.status === 'skip') counts.set(r.skipCode ?? 'not-applicable', (counts.get(r.skipCode ?? 'not-applicable') ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** How a result reads to a person: its status, or what the baseline made of it. */
export function labelOf(r: CheckResult): string {
  if (r.baseline === 'expected-fail') return `${r.status} (expected)`;
  if (r.baseline === 'stale') return 'pass (stale baseline)';
  return r.status;
}

/** The filter key of a result: its status, except expected failures and stale entries. */
export function kindOf(r: CheckResult): Status | 'expected-fail' | 'stale' {
  return r.baseline ?? r.status;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Where the target is, as given on the command line. */
export function targetOf(report: RunReport): string {
  return report.target.command ?? report.target.url ?? '';
}

/** serverInfo as "name version", or its JSON when it is not the usual shape. */
export function serverOf(report: RunReport): string | undefined {
  const info = report.serverInfo;
  if (!info) return undefined;
  if (typeof info.name !== 'string') return JSON.stringify(info);
  return typeof info.version === 'string' ? `${info.name} ${info.version}` : info.name;
}
