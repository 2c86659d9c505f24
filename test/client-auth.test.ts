// The scripted resource server and authorization server of the auth scenarios, driven by hand
// with fetch: the challenges of each revision, the metadata documents, the headless
// authorization endpoint, PKCE verification at the token endpoint, audience binding and the
// 403 of step-up. Every request is recorded, on both origins.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { isMetadataDocumentUrl, redirectMatches } from '../harness/client/auth/authorization-server.js';
import { audienceCovers } from '../harness/client/auth/resource-server.js';
import { traceOf } from '../harness/client/auth/trace.js';
import { authView } from '../harness/client/auth/view.js';
import { Recording } from '../harness/client/recording.js';
import type { ClientScenario, RunHooks } from '../harness/client/scenario.js';
import { serve } from '../harness/client/scripted-server.js';
import { Peer } from '../harness/jsonrpc/peer.js';
import { revisionInfo } from '../harness/revisions.js';
import { HttpEndpoint } from '../harness/transports/serve/http-endpoint.js';
import { authMigrationScenario } from '../suites/client/scenarios/auth-discovery.js';
import { authBasicScenario } from '../suites/client/scenarios/auth-flow.js';
import { ADMIN_TOOL, WRITE_TOOL, authStepUpScenario } from '../suites/client/scenarios/auth-scopes.js';

interface Served {
  url: string;
  recording: Recording;
  close(): Promise<void>;
}

const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** Serves a scenario as scenario-run.ts does, without a client process. */
async function served(scenario: ClientScenario, revision: string): Promise<Served> {
  const rev = revisionInfo(revision);
  const recording = new Recording(scenario.id, revision, 'streamable-http');
  const run: { hooks?: RunHooks } = {};
  const endpoint = new HttpEndpoint(
    { era: rev.era, transport: 'streamable-http', responses: 'json', sessions: rev.httpSessions, getStream: false, allowDelete: true, intercept: async (req, res) => (await run.hooks?.intercept?.(req, res)) ?? false },
    (c) => {
      const peer = new Peer({ transport: c, wire: c.wire, observations: recording.observations, timeoutMs: 2000, role: 'server' });
      recording.peers.push(peer);
      serve({ peer, scenario, revision, recording });
    },
    recording.observations,
  );
  await endpoint.listen();
  const hooks = await scenario.prepare?.({ url: endpoint.url, revision, recording });
  if (hooks) run.hooks = hooks;
  const s: Served = {
    url: endpoint.url,
    recording,
    async close() {
      await endpoint.close();
      await hooks?.close?.();
      recording.http.push(...endpoint.requests);
    },
  };
  open.push(s);
  return s;
}

const b64url = (v: string) => createHash('sha256').update(v).digest('base64url');
const param = (header: string | null, name: string) => new RegExp(`${name}="([^"]*)"`).exec(header ?? '')?.[1];
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });
const DISCOVER = { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} };

/** The whole flow by hand: 401, metadata, registration, authorization, token. */
async function authorize(s: Served, opts: { scope?: string; verifier?: string; resource?: string } = {}) {
  const challenge = (await post(s.url, DISCOVER)).headers.get('www-authenticate');
  const prm = (await (await fetch(param(challenge, 'resource_metadata') as string)).json()) as { authorization_servers: string[] };
  const issuer = new URL(prm.authorization_servers[0] as string);
  const metadata = (await (await fetch(`${issuer.origin}/.well-known/oauth-authorization-server${issuer.pathname}`)).json()) as Record<string, string>;
  const redirect = 'http://127.0.0.1:33418/callback';
  const reg = (await (await post(metadata.registration_endpoint as string, { redirect_uris: [redirect], token_endpoint_auth_method: 'none', application_type: 'native' })).json()) as { client_id: string };
  const verifier = 'v'.repeat(50);
  const auth = new URL(metadata.authorization_endpoint as string);
  const q = { response_type: 'code', client_id: reg.client_id, redirect_uri: redirect, code_challenge: b64url(verifier), code_challenge_method: 'S256', state: 's1', resource: opts.resource ?? s.url, ...(opts.scope ? { scope: opts.scope } : {}) };
  for (const [k, v] of Object.entries(q)) auth.searchParams.set(k, v);
  const back = await fetch(auth, { redirect: 'manual' });
  const location = new URL(back.headers.get('location') as string);
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: location.searchParams.get('code') ?? '', redirect_uri: redirect, code_verifier: opts.verifier ?? verifier, client_id: reg.client_id, resource: opts.resource ?? s.url });
  const token = await fetch(metadata.token_endpoint as string, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form });
  return { challenge, metadata, back, location, token, issuer };
}

describe('the rules the scripted servers and the checks share', () => {
  it('matches redirect URIs exactly, but lets a loopback one take any port (RFC 8252 §7.3)', () => {
    expect(redirectMatches('http://127.0.0.1/cb', 'http://127.0.0.1:5000/cb')).toBe(true);
    expect(redirectMatches('http://localhost:3000/cb', 'http://localhost:4000/cb')).toBe(true);
    expect(redirectMatches('http://127.0.0.1:3000/cb', 'http://127.0.0.1:3000/other')).toBe(false);
    expect(redirectMatches('http://127.0.0.1:3000/cb', 'http://localhost:3000/cb')).toBe(false);
    expect(redirectMatches('https://app.example/cb', 'https://app.example:8443/cb')).toBe(false);
  });

  it('takes a resource indicator for the MCP URL or an ancestor on its origin, nothing else', () => {
    const mcp = 'http://127.0.0.1:9/mcp/abc';
    for (const ok of [mcp, 'http://127.0.0.1:9', 'http://127.0.0.1:9/', 'http://127.0.0.1:9/mcp']) expect(audienceCovers(ok, mcp), ok).toBe(true);
    for (const bad of ['http://127.0.0.1:9/mc', 'http://127.0.0.1:10/mcp/abc', 'https://elsewhere.example/mcp', `${mcp}#f`, 'not a url']) expect(audienceCovers(bad, mcp), bad).toBe(false);
  });

  it('knows a client ID metadata document URL: https with a path', () => {
    expect(isMetadataDocumentUrl('https://app.example/client.json')).toBe(true);
    expect(isMetadataDocumentUrl('https://app.example/')).toBe(false);
    expect(isMetadataDocumentUrl('http://app.example/client.json')).toBe(false);
  });
});

describe('the scripted resource server', () => {
  it('challenges as each revision says: bare at 2025-03-26, resource_metadata at 2025-06-18, and scope from 2025-11-25', async () => {
    const headers: Record<string, string | null> = {};
    for (const rev of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']) {
      const s = await served(authBasicScenario, rev);
      const res = await post(s.url, DISCOVER);
      expect(res.status, rev).toBe(401);
      headers[rev] = res.headers.get('www-authenticate');
    }
    expect(headers['2025-03-26']).toBe('Bearer');
    expect(param(headers['2025-06-18'] ?? null, 'resource_metadata')).toMatch(/\/resource-metadata\/mcp\//);
    expect(param(headers['2025-06-18'] ?? null, 'scope')).toBeUndefined();
    expect(param(headers['2025-11-25'] ?? null, 'scope')).toBe('mcp:basic');
  });

  it('serves 2025-03-26 RFC 8414 metadata at the MCP origin, with endpoints that are not the defaults', async () => {
    const s = await served(authBasicScenario, '2025-03-26');
    const origin = new URL(s.url).origin;
    const metadata = (await (await fetch(`${origin}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(origin);
    expect(metadata.authorization_endpoint).toBe(`${origin}/oauth/authorize`);
    expect((await fetch(`${origin}/.well-known/oauth-protected-resource`)).status).toBe(404);
  });
});

describe('the scripted authorization server', () => {
  it('lives on its own origin, redirects with code, state and iss, and issues a token bound to the resource', async () => {
    const s = await served(authBasicScenario, '2026-07-28');
    const { metadata, back, location, token, issuer } = await authorize(s, { scope: 'mcp:basic' });
    expect(issuer.origin).not.toBe(new URL(s.url).origin);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(back.status).toBe(302);
    expect(location.searchParams.get('state')).toBe('s1');
    expect(location.searchParams.get('iss')).toBe(metadata.issuer);
    expect(token.status).toBe(200);
    const { access_token: at, scope } = (await token.json()) as { access_token: string; scope: string };
    expect(scope).toBe('mcp:basic');
    const ok = await post(s.url, DISCOVER, { Authorization: `Bearer ${at}`, 'MCP-Protocol-Version': '2026-07-28' });
    expect(ok.status).not.toBe(401);
    await ok.body?.cancel();
  });

  it('refuses a code_verifier that does not match the code_challenge (invalid_grant)', async () => {
    const s = await served(authBasicScenario, '2025-11-25');
    const { token } = await authorize(s, { verifier: 'w'.repeat(50) });
    expect(token.status).toBe(400);
    expect(((await token.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('binds tokens to their resource: one for another resource gets 401 invalid_token', async () => {
    const s = await served(authBasicScenario, '2025-11-25');
    const { token } = await authorize(s, { resource: 'https://elsewhere.example/mcp' });
    const { access_token: at } = (await token.json()) as { access_token: string };
    const res = await post(s.url, DISCOVER, { Authorization: `Bearer ${at}` });
    expect(res.status).toBe(401);
    expect(param(res.headers.get('www-authenticate'), 'error')).toBe('invalid_token');
  });

  it('step-up: 403 insufficient_scope with the operation\'s scope (2026-07-28), never granting mcp:admin', async () => {
    const s = await served(authStepUpScenario, '2026-07-28');
    const { token } = await authorize(s, { scope: 'mcp:basic mcp:admin' });
    const { access_token: at, scope } = (await token.json()) as { access_token: string; scope: string };
    expect(scope).toBe('mcp:basic');
    const call = (name: string) => ({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name, arguments: {} } });
    for (const [tool, needed] of [[WRITE_TOOL, 'mcp:write'], [ADMIN_TOOL, 'mcp:admin']] as const) {
      const res = await post(s.url, call(tool), { Authorization: `Bearer ${at}` });
      expect(res.status).toBe(403);
      const header = res.headers.get('www-authenticate');
      expect(param(header, 'error')).toBe('insufficient_scope');
      expect(param(header, 'scope')).toBe(needed);
      expect(param(header, 'resource_metadata')).toBeDefined();
    }
  });

  it('migration: after two authorized requests the metadata names a second AS and the first AS\'s token gets 401', async () => {
    const s = await served(authMigrationScenario, '2026-07-28');
    const { token, challenge } = await authorize(s);
    const { access_token: at } = (await token.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${at}`, 'MCP-Protocol-Version': '2026-07-28' };
    // Past the resource server (the modern server then refuses a discover without _meta: 400).
    for (let i = 0; i < 2; i++) expect((await post(s.url, DISCOVER, headers)).status).not.toBe(401);
    const refused = await post(s.url, DISCOVER, headers);
    expect(refused.status).toBe(401);
    expect(param(refused.headers.get('www-authenticate'), 'error')).toBe('invalid_token');
    const prm = (await (await fetch(param(challenge, 'resource_metadata') as string)).json()) as { authorization_servers: string[] };
    expect(prm.authorization_servers[0]).toMatch(/\/tenant2$/);
    expect(traceOf(s.recording)?.nextIssuer).toBe(prm.authorization_servers[0]);
  });

  it('records every request on both origins with its role, and the trace keeps what was issued', async () => {
    const s = await served(authBasicScenario, '2025-11-25');
    await authorize(s, { scope: 'mcp:basic' });
    await s.close();
    open.splice(open.indexOf(s), 1);
    const view = authView(s.recording);
    expect(view?.exchanges.map((e) => e.role)).toEqual(['mcp', 'prm', 'as-metadata', 'register', 'authorize', 'token']);
    expect(view?.exchanges.map((e) => e.at)).toEqual(['mcp-origin', 'mcp-origin', 'as-origin', 'as-origin', 'as-origin', 'as-origin']);
    expect(view?.reacted).toBe(true);
    expect(traceOf(s.recording)?.tokens).toHaveLength(1);
    // The registration's JSON body is not mistaken for an MCP message the client sent.
    expect(s.recording.fromClient.map((m) => m.message.method)).toEqual(['server/discover']);
  });
});
