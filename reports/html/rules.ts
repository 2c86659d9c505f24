// What broke, by rule: the non-passing results grouped by check id, worst first, with the
// occurrences that share identical evidence folded together. Both HTML reports (one target,
// and the combined one over many) open with this list.
import type { Level } from '../../harness/checks/check.js';
import type { CheckResult } from '../../harness/checks/result.js';

/** How a result broke, in the order the reader should see it. */
export const SEVERITIES = ['fail', 'error', 'warn', 'expected'] as const;
export type Severity = (typeof SEVERITIES)[number];

const LEVEL_ORDER: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];

/** A result's severity, or undefined when nothing broke (pass, skip, stale pass). */
export function severityOf(r: CheckResult): Severity | undefined {
  if (r.baseline === 'expected-fail') return 'expected';
  if (r.status === 'fail' || r.status === 'error' || r.status === 'warn') return r.status;
  return undefined;
}

/** Occurrences of one rule whose evidence (status, expected, actual, reason) is identical. */
export interface EvidenceGroup {
  /** The first occurrence: its evidence and wire excerpt stand for the group. */
  first: CheckResult;
  results: CheckResult[];
}

export interface BrokenRule {
  id: string;
  /** The worst severity among its occurrences. */
  severity: Severity;
  /** The strictest level among its occurrences (the level is the word at each revision). */
  level: Level;
  results: CheckResult[];
  evidence: EvidenceGroup[];
}

const evidenceKey = (r: CheckResult): string => JSON.stringify([r.status, r.baseline ?? '', r.expected ?? '', r.actual ?? '', r.reason ?? '']);
const rank = <T>(order: readonly T[], value: T): number => {
  const i = order.indexOf(value);
  return i < 0 ? order.length : i;
};

/** "2025-06-18 stdio", the place of one occurrence. */
export const whereOf = (r: CheckResult): string => `${r.revision} ${r.transport}`;

/**
 * Every rule that broke: failures, then harness errors, then warnings, then the failures a
 * baseline expects; within each, MUST before SHOULD before MAY, then in the order they ran.
 */
export function brokenRules(results: readonly CheckResult[]): BrokenRule[] {
  const byId = new Map<string, CheckResult[]>();
  for (const r of results) {
    if (severityOf(r) === undefined) continue;
    const list = byId.get(r.id);
    if (list) list.push(r);
    else byId.set(r.id, [r]);
  }
  const rules = [...byId].map(([id, list]): BrokenRule => {
    const severity = SEVERITIES[Math.min(...list.map((r) => rank(SEVERITIES, severityOf(r) as Severity)))] as Severity;
    const level = LEVEL_ORDER[Math.min(...list.map((r) => rank(LEVEL_ORDER, r.level)))] ?? 'MAY';
    const groups = new Map<string, EvidenceGroup>();
    for (const r of list) {
      const key = evidenceKey(r);
      const group = groups.get(key);
      if (group) group.results.push(r);
      else groups.set(key, { first: r, results: [r] });
    }
    return { id, severity, level, results: list, evidence: [...groups.values()] };
  });
  const order = (rule: BrokenRule): number => rank(SEVERITIES, rule.severity) * LEVEL_ORDER.length + rank(LEVEL_ORDER, rule.level);
  // Array.prototype.sort is stable: equal rules keep the order they ran in.
  return rules.sort((a, b) => order(a) - order(b));
}

/** Distinct non-empty values of one field over a rule's occurrences, each with where it holds. */
export function variantsOf(results: readonly CheckResult[], field: (r: CheckResult) => string | undefined): { value: string; results: CheckResult[] }[] {
  const seen = new Map<string, CheckResult[]>();
  for (const r of results) {
    const value = field(r);
    if (!value) continue;
    const list = seen.get(value);
    if (list) list.push(r);
    else seen.set(value, [r]);
  }
  return [...seen].map(([value, list]) => ({ value, results: list }));
}
