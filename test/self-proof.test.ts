// The self-proof (ESLint's RuleTester, for us). The valid case: the clean reference server
// passes every check at every revision, on stdio and Streamable HTTP (skips only with a
// reason). The invalid cases: under each fault, the checks whose verdict changes are
// exactly the checks that claim that fault, and each of them fails (or warns, for a SHOULD).
import { describe, expect, it } from 'vitest';
import type { Check } from '../harness/checks/check.js';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { LEGACY_REVISIONS, inRange } from '../harness/revisions.js';
import { defaultSettings } from '../harness/settings.js';
import type { Target } from '../harness/transport.js';
import { allChecks } from '../suites/index.js';
import { FULL_TOKEN, LIMITED_TOKEN } from '../reference/server/auth.js';
import { HTTP_FAULTS, type HttpFaultMode } from '../reference/server/faults/http.js';
import { referenceCommand, startReferenceHttp } from './helpers/reference.js';

const TIMEOUT_MS = 2000;

/** A fixed fuzzing seed: the clean and the faulty run send the same random inputs. */
const SETTINGS = { ...defaultSettings(), fuzz: { ...defaultSettings().fuzz, seed: 42 } };

/** Fuzzing costs about a second of CPU per run: fault runs keep it only when a fuzz check claims the fault. */
const NO_FUZZ = { ...SETTINGS, fuzz: { ...SETTINGS.fuzz, enabled: false } };

function run(target: Target, revisions: string[], fuzz = true): Promise<RunReport> {
  return runChecks({ target, checks: allChecks, revisions, timeoutMs: TIMEOUT_MS, concurrency: 4, toolVersion: 'test', settings: fuzz ? SETTINGS : NO_FUZZ });
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
function cleanRun(revision: string, fuzz: boolean): Promise<RunReport> {
  const key = `${revision}/${fuzz}`;
  if (!cleanRuns.has(key)) cleanRuns.set(key, run({ kind: 'stdio', command: referenceCommand() }, [revision], fuzz));
  return cleanRuns.get(key) as Promise<RunReport>;
}

/** Faults that only show over HTTP: proven below, on the transport and in the mode they need. */
const HTTP_FAULT_IDS = new Set<string>(HTTP_FAULTS.map((f) => f.id));

describe('each fault is named by exactly the checks that claim it', () => {
  for (const [fault, claimants] of faults) {
    if (HTTP_FAULT_IDS.has(fault)) continue;
    it(fault, async () => {
      const revision = revisionFor(claimants);
      const fuzz = claimants.some((c) => c.id.startsWith('fuzz.'));
      const clean = await cleanRun(revision, fuzz);
      const faulty = await run({ kind: 'stdio', command: referenceCommand(fault) }, [revision], fuzz);
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

// HTTP faults (reference/server/faults/http.ts): the same proof, with the reference started on
// the transport and in the mode each fault names (HTTP+SSE, protected with the full or the
// limited token), at the fault's revision when it names one.
async function runHttpMode(mode: HttpFaultMode, revisions: string[], fault?: string, fuzz = true): Promise<RunReport> {
  const server = await startReferenceHttp(fault, { sse: mode === 'sse', protected: mode.startsWith('protected') });
  const token = mode === 'protected' ? FULL_TOKEN : mode === 'protected-limited' ? LIMITED_TOKEN : undefined;
  try {
    const target: Target = { kind: 'http', url: server.url, ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}) };
    // A fixed fuzzing seed: the clean and the faulty run must send the same inputs.
    const settings = { ...defaultSettings(), fuzz: { ...defaultSettings().fuzz, seed: 5, enabled: fuzz } };
    return await runChecks({ target, checks: allChecks, revisions, timeoutMs: TIMEOUT_MS, concurrency: 4, toolVersion: 'test', settings });
  } finally {
    await server.stop();
  }
}

describe('the clean reference server on the other HTTP ways', () => {
  it('passes every check at every legacy revision over HTTP+SSE (2024-11-05 transport)', async () => {
    const report = await runHttpMode('sse', [...LEGACY_REVISIONS]);
    expect(report.target.transport).toBe('sse');
    expect(report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(LEGACY_REVISIONS);
    expect(show(notPassing(report.results))).toEqual([]);
    expect(report.results.some((r) => r.id.startsWith('sse.') && r.status === 'pass')).toBe(true);
  });

  it('passes every check at every legacy revision when protected, with its token', async () => {
    const report = await runHttpMode('protected', [...LEGACY_REVISIONS]);
    expect(report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(LEGACY_REVISIONS);
    expect(show(notPassing(report.results))).toEqual([]);
    expect(report.results.filter((r) => r.id.startsWith('auth.') && r.status === 'pass').length).toBeGreaterThan(10);
  });
});

describe('each HTTP fault is named by exactly the checks that claim it', () => {
  const cleanHttp = new Map<string, Promise<RunReport>>();
  const cleanHttpRun = (mode: HttpFaultMode, revision: string, fuzz: boolean) => {
    const key = `${mode}@${revision}/${fuzz}`;
    if (!cleanHttp.has(key)) cleanHttp.set(key, runHttpMode(mode, [revision], undefined, fuzz));
    return cleanHttp.get(key) as Promise<RunReport>;
  };
  for (const entry of HTTP_FAULTS) {
    it(`${entry.id} (${entry.mode})`, async () => {
      const claimants = faults.get(entry.id) ?? [];
      expect(claimants.length, 'a check claims it').toBeGreaterThan(0);
      const revision = 'revision' in entry ? entry.revision : revisionFor(claimants);
      const fuzz = claimants.some((c) => c.id.startsWith('fuzz.'));
      const clean = await cleanHttpRun(entry.mode, revision, fuzz);
      const faulty = await runHttpMode(entry.mode, [revision], entry.id, fuzz);
      expect(faulty.revisions.find((r) => r.revision === revision)?.status).toBe('accepted');
      const before = new Map(clean.results.map((r) => [r.id, r.status]));
      const changed = faulty.results.filter((r) => r.status !== before.get(r.id) && r.status !== 'skip');
      const claimed = faulty.results.filter((r) => claimants.some((c) => c.id === r.id) && r.status !== 'skip');
      expect(show(changed).sort()).toEqual(show(claimed).sort());
      expect(claimed.length).toBeGreaterThan(0);
      for (const r of changed) {
        expect(['fail', 'warn'], `${r.id}: ${r.status} ${r.reason ?? ''}`).toContain(r.status);
        expect(r.expected, r.id).toBeTruthy();
        expect(r.actual, r.id).toBeTruthy();
        expect(r.wire?.length ?? 0, r.id).toBeGreaterThan(0);
      }
    });
  }
});
