// A real client nobody here wrote through the HTTP client checks: the official TypeScript SDK
// (1.x) behind a small driver (test/fixtures/sdk-client-driver.mjs). Every finding must be a
// real violation of quoted spec text; they are pinned here, so a change in the SDK or in a
// check shows up. Needs dist/ (built by `npm test`).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runClientChecks } from '../../harness/client/runner.js';
import { LEGACY_REVISIONS } from '../../harness/revisions.js';
import { defaultSettings } from '../../harness/settings.js';
import { httpClientChecks } from '../../suites/client/basic/transports/index.js';
import { clientScenarios } from '../../suites/client/index.js';

const DRIVER = resolve('test/fixtures/sdk-client-driver.mjs');
const SESSIONFUL = LEGACY_REVISIONS.filter((r) => r !== '2024-11-05');

/**
 * The SDK's findings, each a real violation:
 * - http.reinitialize-after-404 (MUST): the SDK transport throws on 404 and nothing starts a new
 *   session ("When a client receives HTTP 404 in response to a request containing an
 *   Mcp-Session-Id, it MUST start a new session by sending a new InitializeRequest").
 * - http.session-deleted (SHOULD): Client.close() sends no DELETE (terminateSession() would).
 * - http.sse-fallback (SHOULD): StreamableHTTPClientTransport alone never tries HTTP+SSE ("Clients
 *   wanting to support older servers should: [...] Issue a GET request to the server URL").
 */
const FINDINGS = SESSIONFUL.flatMap((r) => [`${r} fail http.reinitialize-after-404`, `${r} warn http.session-deleted`, `${r} warn http.sse-fallback`]);

describe('the SDK client through the HTTP client checks', () => {
  it('breaks exactly the rules it is known to break, and skips only with a reason', async () => {
    const report = await runClientChecks({
      command: { template: `"${process.execPath}" "${DRIVER}" {url}` },
      scenarios: clientScenarios,
      checks: httpClientChecks,
      timeoutMs: 3000,
      concurrency: 4,
      toolVersion: 'test',
      settings: { ...defaultSettings(), fuzz: { enabled: false, seed: 42, runs: 0 } },
    });
    expect(report.revisions.filter((p) => p.status === 'accepted').map((p) => p.revision)).toEqual(LEGACY_REVISIONS);
    const findings = report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip').map((r) => `${r.revision} ${r.status} ${r.id}`);
    expect(findings.sort()).toEqual([...FINDINGS].sort());
    for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
    // The checks that matter most for a legacy client did judge something.
    const passed = new Set(report.results.filter((r) => r.status === 'pass').map((r) => `${r.revision} ${r.id}`));
    for (const id of ['http.accept-header', 'http.session-id-echoed', 'http.sse-server-request-answered', 'http.resume-last-event-id']) {
      for (const r of SESSIONFUL) expect(passed.has(`${r} ${id}`), `${r} ${id}`).toBe(true);
    }
    expect(passed.has('2025-11-25 http.resume-waits-retry')).toBe(true);
  });
});
