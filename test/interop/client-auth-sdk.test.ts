// The auth checks against a real client nobody here wrote: the official TypeScript SDK 1.x
// (node_modules, pinned). Without an OAuth provider it does not authorize, so every auth check
// skips with the reason; with the SDK's own OAuth support (test/fixtures/
// sdk-oauth-client-driver.mjs) every finding must be the reviewed one below.
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../../harness/checks/result.js';
import { NOT_AUTHORIZING } from '../../harness/client/auth/view.js';
import { runClientChecks } from '../../harness/client/runner.js';
import { defaultSettings } from '../../harness/settings.js';
import { clientChecks, clientScenarios } from '../../suites/client/index.js';

const SETTINGS = { ...defaultSettings(), fuzz: { enabled: false, seed: 42, runs: 0 } };

function run(driver: string, revisions: string[]): Promise<RunReport> {
  const template = `"${process.execPath}" test/fixtures/${driver} {url}`;
  return runClientChecks({ command: { template }, scenarios: clientScenarios, checks: clientChecks, revisions, timeoutMs: 3000, concurrency: 4, toolVersion: 'test', settings: SETTINGS });
}

/** Each reviewed finding, with the spec sentence that makes it one. */
const SDK_OAUTH_FINDINGS = [
  {
    id: 'auth.pkce-support-verified',
    revision: '2025-11-25',
    status: 'fail',
    // basic/authorization#authorization-code-protection (2025-11-25): "If code_challenge_methods_supported
    // is absent, the authorization server does not support PKCE and MCP clients MUST refuse to
    // proceed." The SDK (client/auth.js) only refuses when the field is present without S256.
    why: 'proceeds with an AS whose metadata lacks code_challenge_methods_supported',
  },
];

describe('the official TypeScript SDK client', () => {
  it('without an OAuth provider: it does not authorize, so every auth check skips with the reason', async () => {
    const report = await run('sdk-client-driver.mjs', ['2025-11-25']);
    const auth = report.results.filter((r) => r.area === 'auth');
    expect(auth.length).toBeGreaterThan(10);
    for (const r of auth) expect([r.id, r.status, r.reason], r.id).toEqual([r.id, 'skip', NOT_AUTHORIZING]);
  }, 180_000);

  it('with its own OAuth support: only the reviewed findings', async () => {
    const report = await run('sdk-oauth-client-driver.mjs', ['2025-03-26', '2025-06-18', '2025-11-25']);
    const auth = report.results.filter((r) => r.area === 'auth');
    expect(auth.filter((r) => r.status === 'skip').map((r) => `${r.id}@${r.revision}: ${r.reason ?? ''}`)).toEqual([]);
    const findings = auth.filter((r) => r.status !== 'pass').map((r) => ({ id: r.id, revision: r.revision, status: r.status }));
    expect(findings).toEqual(SDK_OAUTH_FINDINGS.map(({ why: _why, ...f }) => f));
  }, 180_000);
});
