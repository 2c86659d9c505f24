// A dual-era server built with the official TypeScript SDK v2 (test/fixtures/sdk-v2-server.mjs,
// createMcpHandler behind node:http) over Streamable HTTP: every revision, the whole suite,
// a fixed fuzz seed. The non-passing results are exactly the reviewed ones in
// test/expected/sdk-v2-server-http/, each with the spec text it breaks.
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../harness/checks/runner.js';
import { defaultSettings } from '../../harness/settings.js';
import { allChecks } from '../../suites/index.js';
import { expectFindings, startNode } from './http-support.js';

describe('the TypeScript SDK v2 server over Streamable HTTP', () => {
  it('is tested in both eras, with exactly the reviewed findings', async () => {
    const server = await startNode(['test/fixtures/sdk-v2-server.mjs', 'http'], {}, /listening http:\/\/\S+/);
    try {
      const url = /listening (http:\/\/\S+)/.exec(server.output())?.[1] ?? '';
      const report = await runChecks({
        target: { kind: 'http', url },
        checks: allChecks,
        timeoutMs: 5000,
        concurrency: 4,
        toolVersion: 'test',
        settings: { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 25 } },
      });
      expect(report.aborted).toBeUndefined();
      expect(report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
      expect(report.results.filter((r) => r.revision === '2026-07-28' && r.status === 'pass').length).toBeGreaterThan(50);
      expectFindings(report, 'sdk-v2-server-http');
    } finally {
      await server.stop();
    }
  });
});
