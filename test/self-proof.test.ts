// The self-proof (ESLint's RuleTester, for us). The valid case: the clean reference server
// passes every check at every revision, on stdio and Streamable HTTP (skips only with a
// reason). The invalid cases: under each fault, the checks whose verdict changes are
// exactly the checks that claim that fault, and each of them fails (or warns, for a SHOULD).
import { describe, expect, it } from 'vitest';
import type { Check } from '../harness/checks/check.js';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { LEGACY_REVISIONS, inRange } from '../harness/revisions.js';
import type { Target } from '../harness/transport.js';
import { allChecks } from '../suites/index.js';
import { referenceCommand, startReferenceHttp } from './helpers/reference.js';

const TIMEOUT_MS = 2000;

function run(target: Target, revisions: string[], checks: readonly Check[] = allChecks): Promise<RunReport> {
  return runChecks({ target, checks, revisions, timeoutMs: TIMEOUT_MS, concurrency: 4, toolVersion: 'test' });
}

const notPassing = (results: CheckResult[]) => results.filter((r) => r.status !== 'pass' && r.status !== 'skip');
const show = (results: CheckResult[]) => results.map((r) => `${r.id}@${r.revision}: ${r.status} ${r.actual ?? r.reason ?? ''}`);

describe('the clean reference server', () => {
  it('passes every check at every legacy revision over stdio', async () => {
    const report = await run({ kind: 'stdio', command: referenceCommand() }, [...LEGACY_REVISIONS]);
    expect(report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(LEGACY_REVISIONS);
    expect(show(notPassing(report.results))).toEqual([]);
    for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
    expect(report.results.filter((r) => r.status === 'pass').length).toBeGreaterThan(40);
  });

  it('passes every check at every legacy revision over Streamable HTTP', async () => {
    const server = await startReferenceHttp();
    try {
      const report = await run({ kind: 'http', url: server.url }, [...LEGACY_REVISIONS]);
      expect(report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(LEGACY_REVISIONS);
      expect(show(notPassing(report.results))).toEqual([]);
      expect(report.results.some((r) => r.id.startsWith('stdio.'))).toBe(false);
    } finally {
      await server.stop();
    }
  });
});

/** Every fault, with the checks that claim it. */
const faults = new Map<string, Check[]>();
for (const check of allChecks) for (const f of check.faults) faults.set(f, [...(faults.get(f) ?? []), check]);

/** The newest revision at which every claiming check applies. */
function revisionFor(claimants: Check[]): string {
  const common = LEGACY_REVISIONS.filter((r) => claimants.every((c) => inRange(r, c.revisions)));
  const chosen = common[common.length - 1];
  if (!chosen) throw new Error(`the checks ${claimants.map((c) => c.id).join(', ')} share no legacy revision`);
  return chosen;
}

const cleanRuns = new Map<string, Promise<RunReport>>();
function cleanRun(revision: string): Promise<RunReport> {
  if (!cleanRuns.has(revision)) cleanRuns.set(revision, run({ kind: 'stdio', command: referenceCommand() }, [revision]));
  return cleanRuns.get(revision) as Promise<RunReport>;
}

describe('each fault is named by exactly the checks that claim it', () => {
  for (const [fault, claimants] of faults) {
    it(fault, async () => {
      const revision = revisionFor(claimants);
      const clean = await cleanRun(revision);
      const faulty = await run({ kind: 'stdio', command: referenceCommand(fault) }, [revision]);
      const before = new Map(clean.results.map((r) => [r.id, r.status]));
      // A change to skip is a lost precondition (e.g. no counter-offer to judge), not a verdict.
      const changed = faulty.results.filter((r) => r.status !== before.get(r.id) && r.status !== 'skip');
      const claimed = faulty.results.filter((r) => claimants.some((c) => c.id === r.id) && r.status !== 'skip');
      expect(show(changed).sort()).toEqual(show(claimed).sort());
      expect(claimed.length).toBeGreaterThan(0);
      for (const r of changed) expect(['fail', 'warn'], `${r.id}: ${r.status} ${r.reason ?? ''}`).toContain(r.status);
      // Non-passes carry evidence: expected, actual and a wire excerpt.
      for (const r of changed) {
        expect(r.expected, r.id).toBeTruthy();
        expect(r.actual, r.id).toBeTruthy();
        expect(r.wire?.length ?? 0, r.id).toBeGreaterThan(0);
      }
    });
  }
});
