// A single-era server may ignore the other era's opening request altogether (2026-07-28
// basic/transports/stdio#backward-compatibility: legacy servers answer an unknown
// pre-initialize method with an error, or not at all). Once the era it speaks has answered,
// the silent era's probes are cut as not supported: the run does not wait out the startup
// timeout (30 s by default) for them, and every accepted revision is tested as usual.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../harness/checks/runner.js';
import { DEFAULT_STARTUP_TIMEOUT_MS } from '../harness/pacing/pace.js';
import { defaultSettings } from '../harness/settings.js';

const SILENT = (era: string) => `"${process.execPath}" "${resolve('test/fixtures/hostile/silent-to-other-era.mjs')}" ${era}`;
const TIMEOUT_MS = 10_000;

async function probe(era: string) {
  const d = defaultSettings();
  const started = Date.now();
  const report = await runChecks({ target: { kind: 'stdio', command: SILENT(era) }, checks: [], timeoutMs: TIMEOUT_MS, concurrency: 8, toolVersion: 'test', settings: { ...d, fuzz: { ...d.fuzz, enabled: false } } });
  return { report, ms: Date.now() - started };
}

describe('a single-era server silent to the other era', () => {
  it('legacy-only, ignoring server/discover: the modern probe is cut as not supported', { timeout: 90_000 }, async () => {
    const { report, ms } = await probe('legacy-only');
    expect(report.revisions.map((r) => [r.revision, r.status])).toEqual([
      ['2024-11-05', 'accepted'],
      ['2025-03-26', 'accepted'],
      ['2025-06-18', 'accepted'],
      ['2025-11-25', 'accepted'],
      ['2026-07-28', 'not-supported'],
    ]);
    expect(report.revisions.at(-1)?.detail).toMatch(/^no answer to server\/discover within \d+ ms, while every legacy revision's probe had its answer within \d+ ms of its start$/);
    expect(report.eras?.classification).toBe('legacy-only');
    // The startup timeout (30 s by default) was not waited out.
    expect(ms).toBeLessThan(DEFAULT_STARTUP_TIMEOUT_MS);
  });

  it('modern-only, ignoring initialize: the legacy probes are cut as not supported', { timeout: 90_000 }, async () => {
    const { report, ms } = await probe('modern-only');
    expect(report.revisions.map((r) => [r.revision, r.status])).toEqual([
      ['2024-11-05', 'not-supported'],
      ['2025-03-26', 'not-supported'],
      ['2025-06-18', 'not-supported'],
      ['2025-11-25', 'not-supported'],
      ['2026-07-28', 'accepted'],
    ]);
    for (const r of report.revisions.slice(0, 4)) expect(r.detail).toMatch(/^no answer to initialize within \d+ ms, while every modern revision's probe/);
    expect(report.eras?.classification).toBe('modern-only');
    expect(ms).toBeLessThan(DEFAULT_STARTUP_TIMEOUT_MS);
  });
});
