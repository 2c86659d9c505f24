// Compliance per revision: of the MUST (and SHOULD) checks that applied at a revision (not
// skipped), how many passed. Revisions the target does not offer are listed as such, never
// as failures. The HTML summary and the badge both read it.
import type { Level } from '../../harness/checks/check.js';
import type { CheckResult, RevisionProbe, RunReport } from '../../harness/checks/result.js';
import { REVISIONS } from '../../harness/revisions.js';

export interface Score {
  passed: number;
  /** Checks that reached a verdict or errored: everything but skips. */
  applicable: number;
  /** Of those, the ones that failed (a broken MUST, expected by a baseline or not). */
  failed: number;
}

export interface RevisionCompliance {
  revision: string;
  /** What probing learned; undefined for a revision only results mention. */
  probe?: RevisionProbe;
  era?: 'legacy' | 'modern';
  /** Transports its results ran over. */
  transports: string[];
  results: number;
  must: Score;
  should: Score;
}

function score(results: readonly CheckResult[], level: Level): Score {
  const applicable = results.filter((r) => r.level === level && r.status !== 'skip');
  const count = (status: CheckResult['status']) => applicable.filter((r) => r.status === status).length;
  return { passed: count('pass'), applicable: applicable.length, failed: count('fail') };
}

/** One row per revision probed or tested, in the order the report lists them. */
export function complianceOf(report: RunReport): RevisionCompliance[] {
  const probes = new Map(report.revisions.map((p) => [p.revision, p]));
  const revisions = [...new Set([...report.revisions.map((p) => p.revision), ...report.results.map((r) => r.revision).sort()])];
  return revisions.map((revision) => {
    const mine = report.results.filter((r) => r.revision === revision);
    const probe = probes.get(revision);
    const era = probe?.era ?? REVISIONS.find((r) => r.id === revision)?.era;
    return {
      revision,
      ...(probe ? { probe } : {}),
      ...(era ? { era } : {}),
      transports: [...new Set(mine.map((r) => r.transport))],
      results: mine.length,
      must: score(mine, 'MUST'),
      should: score(mine, 'SHOULD'),
    };
  });
}

/** The newest revision the target accepted and was tested at (else the newest tested one). */
export function newestAccepted(report: RunReport): RevisionCompliance | undefined {
  const tested = complianceOf(report).filter((c) => c.results > 0);
  const accepted = tested.filter((c) => c.probe?.status === 'accepted');
  const pick = accepted.length ? accepted : tested;
  return pick.reduce<RevisionCompliance | undefined>((newest, c) => (!newest || c.revision > newest.revision ? c : newest), undefined);
}

/** "120/124", or "–" when nothing applied. */
export const ratio = (s: Score): string => (s.applicable ? `${s.passed}/${s.applicable}` : '–');
