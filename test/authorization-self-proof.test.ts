// The AS self-proof: the clean reference authorization server passes every AS check at every
// revision (or skips with a reason; the one warn allowed is https on loopback), and under each of
// its faults exactly the checks that claim it fail (or warn, for a SHOULD). Plus the registry:
// every AS check claims a fault, every fault is claimed.
import { describe, expect, it } from 'vitest';
import { runAuthorization } from '../harness/authorization/runner.js';
import { AS_FAULTS } from '../reference/authorization-server/faults.js';
import { startAuthorizationServer } from '../reference/authorization-server/server.js';
import { authorizationChecks } from '../suites/authorization/index.js';

async function runAgainst(faults: string[]) {
  const as = await startAuthorizationServer({ faults });
  try {
    return await runAuthorization({ issuer: as.issuer, checks: authorizationChecks, timeoutMs: 5000, toolVersion: 'test' });
  } finally {
    await as.close();
  }
}

const LOOPBACK_WARN = 'as-metadata.https-endpoints';

describe('the clean reference authorization server', () => {
  it('passes every AS check at every revision, or skips with a reason', async () => {
    const report = await runAgainst([]);
    const bad = report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip' && !(r.id === LOOPBACK_WARN && r.status === 'warn'));
    expect(bad.map((r) => `${r.id}@${r.revision} ${r.status}: ${r.expected ?? ''} / ${r.actual ?? r.reason ?? ''}`)).toEqual([]);
    for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
    expect(report.results.filter((r) => r.status === 'pass').length).toBeGreaterThan(40);
    // Every check passed at some revision: none is only ever skipped on a fully featured AS.
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.id));
    expect(authorizationChecks.map((c) => c.id).filter((id) => id !== LOOPBACK_WARN && !passed.has(id))).toEqual([]);
    expect(report.results.find((r) => r.id === LOOPBACK_WARN)?.status).toBe('warn');
  });
});

describe.concurrent('each reference-AS fault is named by exactly the AS checks that claim it', () => {
  for (const f of AS_FAULTS) {
    it(f.id, async () => {
      const report = await runAgainst([f.id]);
      const claiming = new Set(authorizationChecks.filter((c) => c.faults.includes(f.id)).map((c) => c.id));
      const broken = report.results.filter((r) => (r.status === 'fail' || r.status === 'warn' || r.status === 'error') && !(r.id === LOOPBACK_WARN && r.status === 'warn' && !claiming.has(LOOPBACK_WARN)));
      expect(broken.filter((r) => !claiming.has(r.id)).map((r) => `${r.id}@${r.revision} ${r.status}: ${r.actual ?? r.reason ?? ''}`)).toEqual([]);
      const hit = new Set(broken.map((r) => r.id));
      expect([...claiming].filter((id) => !hit.has(id))).toEqual([]);
      // A MUST check under its fault fails at some revision whose level is MUST.
      for (const r of broken.filter((x) => claiming.has(x.id) && x.level === 'MUST' && x.id !== LOOPBACK_WARN)) expect([r.id, r.status]).toEqual([r.id, r.status === 'warn' ? 'warn' : 'fail']);
    });
  }
});

describe('the AS fault registry', () => {
  it('every AS check claims a fault, and every fault is claimed by a check', () => {
    const known = new Set(AS_FAULTS.map((f) => f.id));
    for (const c of authorizationChecks) {
      expect(c.faults.length, c.id).toBeGreaterThan(0);
      for (const f of c.faults) expect(known.has(f as never), `${c.id} names ${f}`).toBe(true);
    }
    const claimed = new Set(authorizationChecks.flatMap((c) => c.faults));
    expect(AS_FAULTS.map((f) => f.id).filter((id) => !claimed.has(id))).toEqual([]);
  });
});
