// A published authorization server nobody here wrote: oauth2-mock-server (npm, pinned in
// package.json), started locally, run through `authorization --issuer`. Every finding below was
// reviewed against the spec text at its revision; a new one, or one gone, fails this test.
import { describe, expect, it } from 'vitest';
import { runAuthorization } from '../harness/authorization/runner.js';
import { authorizationChecks } from '../suites/authorization/index.js';

interface MockServer {
  issuer: { url: string | undefined; keys: { generate(alg: string): Promise<unknown> } };
  start(port: number, host: string): Promise<unknown>;
  stop(): Promise<unknown>;
}

/** The package from node_modules; MCP_AS_DEPS: a folder holding it (a worktree whose node_modules predates the pin). */
async function mockServerClass(): Promise<new () => MockServer> {
  try {
    // A name in a variable: the type check does not need the package installed.
    const name = 'oauth2-mock-server';
    return ((await import(name)) as unknown as { OAuth2Server: new () => MockServer }).OAuth2Server;
  } catch (error) {
    const dir = process.env.MCP_AS_DEPS;
    if (!dir) throw new Error(`oauth2-mock-server is not installed (npm ci), and MCP_AS_DEPS names no folder holding it: ${(error as Error).message}`);
    return ((await import(`${dir}/oauth2-mock-server/dist/index.mjs`)) as { OAuth2Server: new () => MockServer }).OAuth2Server;
  }
}

// The reviewed findings (status at revision), each against its sentence:
const REVIEWED = [
  // 2025-03-26 SHOULD publish RFC 8414 metadata: it serves only OpenID Connect discovery.
  'as-metadata.discovered@2025-03-26 warn',
  // 2025-06-18: "Authorization servers MUST implement OAuth 2.0 Authorization Server Metadata (RFC8414)": it does not (OIDC only). A real violation at that revision; 2025-11-25 allows OIDC.
  'as-metadata.discovered@2025-06-18 fail',
  // "All authorization server endpoints MUST be served over HTTPS": http on localhost, a local test set-up: warned, not failed.
  'as-metadata.https-endpoints@2025-11-25 warn',
  'as-metadata.https-endpoints@2026-07-28 warn',
  // RFC 7636 §4.6: a wrong verifier MUST get "an error response indicating invalid_grant" (RFC 6749 §5.2). It refuses, but with
  // application/problem+json {"title":"Bad Request","detail":"code_verifier provided does not match code_challenge"}: no OAuth error. A real violation of the sentence.
  'as-pkce.verifier-enforced@2025-11-25 fail',
  'as-pkce.verifier-enforced@2026-07-28 fail',
  // It issues a code to an authorization request without code_challenge (a SHOULD here: OAuth 2.1 leaves it to the AS for confidential clients).
  'as-pkce.required@2025-11-25 warn',
  'as-pkce.required@2026-07-28 warn',
  // 2026-07-28: "SHOULD include the iss parameter in authorization responses": it does not.
  'as-authorization.iss-in-response@2026-07-28 warn',
];

describe('oauth2-mock-server 9.3.0 as the authorization server under test', () => {
  it('gets exactly the reviewed findings', async () => {
    const OAuth2Server = await mockServerClass();
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    try {
      const report = await runAuthorization({ issuer: String(server.issuer.url), checks: authorizationChecks, timeoutMs: 5000, toolVersion: 'test' });
      const findings = report.results.filter((r) => r.status !== 'pass' && r.status !== 'skip').map((r) => `${r.id}@${r.revision} ${r.status}`);
      expect(findings.sort()).toEqual([...REVIEWED].sort());
      // What a code made possible was exercised: the code flow passed where metadata was found.
      expect(report.results.filter((r) => r.id === 'as-pkce.code-exchange' && r.status === 'pass').map((r) => r.revision)).toEqual(['2025-11-25', '2026-07-28']);
      for (const r of report.results.filter((x) => x.status === 'skip')) expect(r.reason, r.id).toBeTruthy();
    } finally {
      await server.stop();
    }
  });
});
