// SHTTP-100 judges only a server that names 2026-07-28 itself (harness/probe.ts): one that
// refuses modern POSTs and never names the revision (here the dual-era reference under the
// fault: its legacy initialize is served) only speaks the legacy revisions, and is not judged
// by the modern rules; the modern-only one, whose error to initialize names 2026-07-28, fails.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { allChecks } from '../suites/index.js';
import { startReferenceHttp } from './helpers/reference.js';

const post = allChecks.filter((c) => c.id === 'http.modern-post-supported');

async function runAtModern(flags: string[]) {
  const server = await startReferenceHttp('modern-post-refused', { flags });
  try {
    return await runChecks({ target: { kind: 'http', url: server.url }, checks: post, revisions: ['2026-07-28'], timeoutMs: 2000, concurrency: 2, toolVersion: 'test', settings: { ...defaultSettings(), fuzz: { enabled: false, seed: 1, runs: 0 } } });
  } finally {
    await server.stop();
  }
}

describe('a refused modern POST', () => {
  it('is not judged on a server that never names 2026-07-28 (its legacy initialize served)', async () => {
    const report = await runAtModern([]);
    expect(report.revisions.find((r) => r.revision === '2026-07-28')?.status).toBe('not-supported');
    expect(report.results.filter((r) => r.id === 'http.modern-post-supported')).toEqual([]);
  });

  it('fails http.modern-post-supported on a server whose error to initialize names 2026-07-28', async () => {
    const report = await runAtModern(['--modern-only']);
    expect(report.revisions.find((r) => r.revision === '2026-07-28')?.status).toBe('accepted');
    const result = report.results.find((r) => r.id === 'http.modern-post-supported');
    expect(result?.status).toBe('fail');
    expect(result?.actual).toMatch(/HTTP 405.*names 2026-07-28/);
  });
});
