// No answer is no shape (suites/server/no-answer.ts): a check about the shape of an answer
// skips when none came, and says so, instead of failing the target. On a busy machine an answer
// can come after the timeout; here a server leaves some requests unanswered on purpose
// (test/fixtures/hostile/drops-some-requests.mjs) and the checks that judge those answers skip.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Check } from '../harness/checks/check.js';
import type { CheckResult } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { allChecks } from '../suites/index.js';

const FIXTURE = resolve('test/fixtures/hostile/drops-some-requests.mjs');
const TIMEOUT_MS = 1500;

interface Drop {
  method: string;
  version?: string;
  level?: string;
}

async function run(ids: string[], revision: string, drops: Drop[], flags: string[] = []): Promise<CheckResult[]> {
  const checks: Check[] = allChecks.filter((c) => ids.includes(c.id));
  expect(checks.map((c) => c.id).sort()).toEqual([...ids].sort());
  const d = defaultSettings();
  const report = await runChecks({
    target: { kind: 'stdio', command: [`"${process.execPath}"`, `"${FIXTURE}"`, ...flags].join(' '), env: { DROP_REQUESTS: JSON.stringify(drops) } },
    checks,
    revisions: [revision],
    timeoutMs: TIMEOUT_MS,
    concurrency: 2,
    toolVersion: 'test',
    settings: { ...d, fuzz: { ...d.fuzz, enabled: false } },
  });
  return report.results;
}

const statusOf = (results: CheckResult[], id: string) => results.find((r) => r.id === id);

describe('a check about the shape of an answer, when none came', () => {
  it('skips the counter-offer checks when initialize at an unknown version goes unanswered', { timeout: 120_000 }, async () => {
    const ids = ['version.counter-offer-not-error', 'version.unknown-version-counter-offer', 'version.malformed-version-counter-offer'];
    const results = await run(ids, '2025-11-25', [
      { method: 'initialize', version: '2099-12-31' },
      { method: 'initialize', version: '1.0.0' },
    ]);
    for (const id of ids) {
      const r = statusOf(results, id);
      expect(r?.status, `${id}: ${r?.reason ?? ''}`).toBe('skip');
      expect(r?.reason).toMatch(/got no answer .*harness's timeout handling/);
    }
  });

  it('skips logging.invalid-level and tools.list-shape when their requests go unanswered', { timeout: 60_000 }, async () => {
    const results = await run(['logging.invalid-level', 'tools.list-shape'], '2025-06-18', [
      { method: 'logging/setLevel', level: 'mcp-conformance-verbose' },
      { method: 'tools/list' },
    ]);
    for (const id of ['logging.invalid-level', 'tools.list-shape']) {
      const r = statusOf(results, id);
      expect(r?.status, `${id}: ${r?.reason ?? ''}`).toBe('skip');
      expect(r?.reason).toMatch(/no (answer|tools)/);
    }
  });

  it('skips version.legacy-initialize-answered when a modern-only server leaves initialize unanswered', { timeout: 60_000 }, async () => {
    const results = await run(['version.legacy-initialize-answered'], '2026-07-28', [{ method: 'initialize' }], ['--modern-only']);
    const r = statusOf(results, 'version.legacy-initialize-answered');
    expect(r?.status, r?.reason).toBe('skip');
    expect(r?.reason).toMatch(/initialize got no answer/);
  });
});
