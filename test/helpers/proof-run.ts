// Running the suite against the reference server in one proof mode, clean or with a fault,
// at one revision; and judging a proof (ESLint's RuleTester, for us).
import { expect } from 'vitest';
import type { Check } from '../../harness/checks/check.js';
import type { CheckResult, RunReport } from '../../harness/checks/result.js';
import { isPassive } from '../../harness/checks/needs.js';
import { runChecks } from '../../harness/checks/runner.js';
import { defaultSettings } from '../../harness/settings.js';
import type { Target } from '../../harness/transport.js';
import { FOREIGN_TOKEN, FULL_TOKEN, LIMITED_TOKEN } from '../../reference/server/auth.js';
import { allChecks } from '../../suites/index.js';
import type { Mode, Proof } from './proof-plan.js';
import { REFERENCE_MAIN, startReferenceHttp } from './reference.js';

export const PROOF_TIMEOUT_MS = 2000;

/** Fuzzing is compared under every fault: the same small seeded budget in every run. */
const SETTINGS = { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 5 } };

const extraFlags = (mode: Mode): string[] => (mode.startsWith('modern-only') ? ['--modern-only'] : []);

export async function runMode(mode: Mode, revision: string, fault?: string, checks: readonly Check[] = allChecks): Promise<RunReport> {
  // Protected modes also lend the token "issued for another resource" (--foreign-token).
  const settings = mode.startsWith('protected') ? { ...SETTINGS, foreignToken: FOREIGN_TOKEN } : SETTINGS;
  const run = (target: Target) => runChecks({ target, checks, revisions: [revision], timeoutMs: PROOF_TIMEOUT_MS, concurrency: 4, toolVersion: 'test', settings });
  if (mode === 'stdio' || mode === 'modern-only-stdio') {
    const command = [`"${process.execPath}"`, `"${REFERENCE_MAIN}"`, ...extraFlags(mode), ...(fault ? ['--fault', fault] : [])].join(' ');
    return run({ kind: 'stdio', command });
  }
  const server = await startReferenceHttp(fault, { sse: mode === 'sse', protected: mode.startsWith('protected'), flags: extraFlags(mode) });
  try {
    const token = mode === 'protected' ? FULL_TOKEN : mode === 'protected-limited' ? LIMITED_TOKEN : undefined;
    return await run({ kind: 'http', url: server.url, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) });
  } finally {
    await server.stop();
  }
}

const cleanRuns = new Map<string, Promise<RunReport>>();

/** The clean run of a mode and revision, shared by every proof that needs it. */
export function cleanRun(mode: Mode, revision: string): Promise<RunReport> {
  const key = `${mode}@${revision}`;
  let run = cleanRuns.get(key);
  if (!run) cleanRuns.set(key, (run = runMode(mode, revision)));
  return run;
}

export const show = (results: CheckResult[]): string[] => results.map((r) => `${r.id}@${r.revision}: ${r.status} ${r.actual ?? r.reason ?? ''}`);

/** Clean: nothing but passes and reasoned skips. */
export function expectClean(report: RunReport): void {
  expect(show(report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip'))).toEqual([]);
  for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
}

/**
 * How strictly a proof is judged. `claimants`: only the claimants run under the fault (every
 * check when a claimant is passive), and each must change (fast: `npm test`). `exact`: every check runs, and exactly the claimants may change
 * (`npm run test:proof`, and CI's full run): no other check flips under a fault it does not claim.
 */
export type Strictness = 'claimants' | 'exact';

/** A verdict that names a problem. */
export const flagged = (status: string | undefined): boolean => status === 'fail' || status === 'warn' || status === 'error';

export const STRICTNESS: Strictness = process.env.MCP_CONFORMANCE_PROOF === 'exact' ? 'exact' : 'claimants';

/**
 * In CI a proof that fails runs once more: a loaded runner can starve a timeout. A fault that
 * moves the wrong check fails both times.
 */
export const PROOF_OPTIONS = { retry: process.env.CI ? 1 : 0 };

/** Under the fault, the claimants changed, each to fail (MUST) or warn, with evidence (and, when exact, nothing else did). */
export async function expectProof(proof: Proof, strictness: Strictness = STRICTNESS): Promise<void> {
  const clean = await cleanRun(proof.mode, proof.revision);
  expect(clean.revisions.find((r) => r.revision === proof.revision)?.status, 'the clean reference accepts the revision').toBe('accepted');
  // A passive claimant judges the traffic of the other checks: then they all run (and only
  // the claimants are judged, unless exact).
  const exact = strictness === 'exact';
  const everything = exact || proof.claimants.some((c) => isPassive(c));
  const faulty = await runMode(proof.mode, proof.revision, proof.fault, everything ? allChecks : proof.claimants);
  expect(faulty.revisions.find((r) => r.revision === proof.revision)?.status, 'the faulty reference still accepts the revision').toBe('accepted');
  const before = new Map(clean.results.map((r) => [r.id, r.status]));
  const ids = new Set(proof.claimants.map((c) => c.id));
  const claimed = faulty.results.filter((r) => ids.has(r.id));
  if (exact) {
    // A check that is not a claimant may not come to fail, warn or err under the fault. It may
    // lose its precondition (a capability the fault hides) and skip, or, with a timing-bound
    // precondition (a cancellation that may race the answer), pass where the clean run skipped.
    const changed = faulty.results.filter((r) => r.status !== before.get(r.id) && (ids.has(r.id) || flagged(r.status) || flagged(before.get(r.id))));
    expect(show(changed).sort(), 'the checks whose verdict changed are exactly the claimants').toEqual(show(claimed).sort());
  }
  expect(claimed.map((r) => r.id).sort(), 'every applicable claimant ran').toEqual([...ids].sort());
  for (const r of claimed) {
    expect(flagged(before.get(r.id)), `${r.id} is not flagged on the clean reference`).toBe(false);
    expect(r.status, `${r.id} (${r.level}) under ${proof.fault}: ${r.reason ?? ''}`).toBe(r.level === 'MUST' ? 'fail' : 'warn');
    expect(r.expected, r.id).toBeTruthy();
    expect(r.actual, r.id).toBeTruthy();
    expect(r.wire?.length ?? 0, `${r.id} has a wire excerpt`).toBeGreaterThan(0);
  }
}
