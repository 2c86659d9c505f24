// No false alarm on a strict, terse or stingy server. Each mode of the reference server below
// behaves as real servers do and stays within the spec (reference/server/modes/): a run
// against it must hold nothing but passes and reasoned skips. Each used to draw a false alarm:
//   --strict-body        class 1, the tool's own malformed probe (an extra top-level member,
//                        refused with -32600 by strict servers such as the TS SDK 2.x)
//   --discover-versions  class 2, a revision tested although the server refused it
//   --plain-400          class 4, a 400 without a JSON-RPC body ("MAY comprise a JSON-RPC error")
//   --batch-as-events    class 4, a batch answered as separate SSE events ("MAY be batched")
//   --serves-any-file    class 2, a server whose policy serves /etc/passwd to any read: a ../
//                        that lands there goes around no rule of it (RES-031)
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import type { Target } from '../harness/transport.js';
import { allChecks } from '../suites/index.js';
import { show } from './helpers/proof-run.js';
import { referenceCommand, startReferenceHttp } from './helpers/reference.js';

const SETTINGS = { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 5 } };

async function run(transport: 'stdio' | 'http', flags: string[], revisions: string[]): Promise<RunReport> {
  const go = (target: Target) => runChecks({ target, checks: allChecks, revisions, timeoutMs: 2000, concurrency: 8, toolVersion: 'test', settings: SETTINGS });
  if (transport === 'stdio') return go({ kind: 'stdio', command: [referenceCommand(), ...flags].join(' ') });
  const server = await startReferenceHttp(undefined, { flags });
  try {
    return await go({ kind: 'http', url: server.url });
  } finally {
    await server.stop();
  }
}

/** Nothing but passes and reasoned skips. */
function expectNoFinding(report: RunReport): void {
  expect(show(report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip'))).toEqual([]);
  for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
}

describe.concurrent('a strict, terse or stingy server draws no false alarm', () => {
  it('strict bodies over HTTP at 2026-07-28: the Mcp-Name probes carry no member of their own', { timeout: 120_000 }, async () => {
    const report = await run('http', ['--strict-body'], ['2026-07-28']);
    expect(report.revisions[0]?.status).toBe('accepted');
    expectNoFinding(report);
    expect(report.results.filter((r) => /^http\.modern-(name-header|header-invalid)/.test(r.id)).map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
  });

  it('strict bodies over stdio, at every revision', { timeout: 120_000 }, async () => {
    expectNoFinding(await run('stdio', ['--strict-body'], ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']));
  });

  it('a server/discover that lists only legacy versions, refusing 2026-07-28 with -32022: not supported, in its words', { timeout: 120_000 }, async () => {
    const report = await run('stdio', ['--discover-versions', '2025-11-25'], ['2025-11-25', '2026-07-28']);
    const modern = report.revisions.find((r) => r.revision === '2026-07-28');
    expect(modern?.status).toBe('not-supported');
    expect(modern?.detail).toMatch(/-32022/);
    expect(report.results.filter((r) => r.revision === '2026-07-28')).toEqual([]);
    expectNoFinding(report);
  });

  it('400s with a plain-text body: unparsable input and an empty batch are refused correctly', { timeout: 120_000 }, async () => {
    const report = await run('http', ['--plain-400'], ['2025-03-26', '2025-11-25']);
    expectNoFinding(report);
    expect(report.results.filter((r) => r.id === 'base.parse-error-code' || r.id === 'batching.empty-batch').map((r) => `${r.id}@${r.revision} ${r.status}`)).toEqual([
      'base.parse-error-code@2025-03-26 pass',
      'batching.empty-batch@2025-03-26 pass',
      'base.parse-error-code@2025-11-25 pass',
    ]);
  });

  it('a server that serves any file: the ../ probes land on files it serves to a plain read anyway', { timeout: 120_000 }, async () => {
    const report = await run('stdio', ['--serves-any-file'], ['2024-11-05', '2026-07-28']);
    expectNoFinding(report);
    const traversal = report.results.filter((r) => r.id === 'resources.read-invalid-uri-refused');
    expect(traversal.map((r) => r.status)).toEqual(['pass', 'pass']);
    expect(JSON.stringify(traversal[0])).toMatch(/serves \/etc\/passwd and \/etc\/hostname to a plain read as well/);
  });

  it("a batch's answers as separate SSE events at 2025-03-26", { timeout: 120_000 }, async () => {
    const report = await run('http', ['--batch-as-events'], ['2025-03-26']);
    expectNoFinding(report);
    expect(report.results.find((r) => r.id === 'batching.requests-answered')?.status).toBe('pass');
  });
});
