// Authorization discovery (AUTH-*, 2025-03-26..2025-11-25), the server side a client can see:
// the 401 challenge, protected resource metadata (RFC 9728), authorization server metadata
// (RFC 8414 / OpenID discovery, in each revision's order), token validation, scope refusals.
// Spec: basic/authorization. Authorization is OPTIONAL: an unprotected server skips these.
// Every request here is raw (never delivered to the peer); metadata is fetched without
// credentials, and the user's token only ever goes to the MCP server's own origin. The probe
// and discovery helpers are shared with auth-tokens.ts and auth-endpoints.ts.
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext, SpecRef, Verdict } from '../../harness/checks/check.js';
import { bearerChallenge, type Challenge, type HeaderOverrides, type HttpConversation, type RawResponse } from '../../harness/checks/http-access.js';
import { between, only, type RevisionInfo } from '../../harness/revisions.js';
import { initializeParams } from '../../harness/sessions/legacy.js';

export const page = (anchor: string, level: SpecRef['level'], from?: string): SpecRef => ({ url: `basic/authorization#${anchor}`, level, ...(from ? { from } : {}) });

/**
 * "Authorization is OPTIONAL for MCP implementations. When supported: Implementations using an
 * HTTP-based transport SHOULD conform to this specification." (basic/authorization, every
 * revision that has it.) A MUST inside that specification binds a server only as far as it
 * SHOULD conform: a broken one is a warning, never a failure (a server may protect itself with
 * a static token and no OAuth at all).
 */
export const OPTIONAL_AUTHORIZATION = 'Authorization is OPTIONAL for MCP implementations. When supported: Implementations using an HTTP-based transport SHOULD conform to this specification.';

/** The places of a check on the authorization page, at the level conformance to the page has: SHOULD. */
export function underOptionalAuthorization(spec: SpecRef | SpecRef[]): SpecRef[] {
  return (Array.isArray(spec) ? spec : [spec]).map((s) => ({ ...s, level: s.level === 'MAY' ? 'MAY' : 'SHOULD' }));
}

/** The requirement of an authorization check: its sentence, within the page's SHOULD. */
export const withinOptionalAuthorization = (sentence: string): string => `${sentence} (${OPTIONAL_AUTHORIZATION})`;
const NOT_PROTECTED = 'an initialize without credentials was served: the server is not protected (authorization is OPTIONAL)';
const NO_CHALLENGE = 'no 401 challenge to examine (see auth.unauthenticated-401)';
const NO_ANSWER = "a request got no HTTP answer: nothing to judge, and whether the server answers at all is left to the harness's timeout handling";

type Door = HttpConversation;

/** The answer to an initialize sent without credentials: a 401 when the server is protected. */
export interface Probe {
  door: Door;
  r: RawResponse;
  bearer?: Challenge;
}

async function door(ctx: CheckContext): Promise<Door> {
  if (!ctx.http) throw new Error('not an HTTP target');
  return ctx.http.of(await ctx.connect());
}

export async function initialize(ctx: CheckContext, d: Door, headers: HeaderOverrides): Promise<RawResponse> {
  const r = await d.raw({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 'auth-probe', method: 'initialize', params: initializeParams(ctx.revision) }),
    sseWindowMs: 200,
  });
  // A session the probe opened is ended again.
  const sid = r.headers['mcp-session-id'];
  if (r.status >= 200 && r.status < 300 && sid) await d.raw({ method: 'DELETE', headers: { 'Mcp-Session-Id': sid, ...headers } });
  return r;
}

export async function probe(ctx: CheckContext): Promise<Probe> {
  const d = await door(ctx);
  const r = await initialize(ctx, d, { Authorization: null });
  const bearer = bearerChallenge(r.headers['www-authenticate']);
  return { door: d, r, ...(bearer ? { bearer } : {}) };
}

/** A skip reason unless the probe got a 401 (and, when `bearer`, a Bearer challenge). */
export function unprotected(p: Probe, bearer = false): string | undefined {
  if (p.r.status >= 200 && p.r.status < 300) return NOT_PROTECTED;
  if (p.r.status !== 401) return NO_CHALLENGE;
  if (bearer && !p.bearer) return 'the 401 has no Bearer challenge (see auth.challenge-bearer)';
  return undefined;
}

async function getJson(ctx: CheckContext, d: Door, url: string): Promise<{ r: RawResponse; doc?: Record<string, unknown> }> {
  const r = await d.raw({ method: 'GET', url, headers: { Accept: 'application/json', Authorization: null } });
  const doc = r.status === 200 && typeof r.json === 'object' && r.json !== null && !Array.isArray(r.json) ? (r.json as Record<string, unknown>) : undefined;
  return { r, ...(doc ? { doc } : {}) };
}

interface Found {
  url: string;
  doc: Record<string, unknown>;
  /** The resource identifiers the document may name (RFC 9728 §3.3). */
  resources: string[];
}

/** Protected resource metadata: the challenge's URL, then the path-suffixed, then the root well-known URI. */
async function findPrm(ctx: CheckContext, p: Probe): Promise<{ found?: Found; tried: string[]; silent: boolean }> {
  const mcp = new URL(p.door.url);
  const path = mcp.pathname.replace(/\/$/, '');
  const candidates: { url: string; resources: string[] }[] = [];
  const advertised = p.bearer?.params.resource_metadata;
  if (advertised && /^https?:\/\//i.test(advertised)) candidates.push({ url: advertised, resources: [mcp.href] });
  if (path) candidates.push({ url: `${mcp.origin}/.well-known/oauth-protected-resource${path}`, resources: [mcp.href] });
  candidates.push({ url: `${mcp.origin}/.well-known/oauth-protected-resource`, resources: [mcp.origin, mcp.href] });
  const tried: string[] = [];
  let answered = false;
  for (const c of candidates) {
    const { r, doc } = await getJson(ctx, p.door, c.url);
    if (doc) return { found: { url: c.url, doc, resources: c.resources }, tried, silent: false };
    tried.push(`${c.url}: HTTP ${r.status}`);
    answered ||= r.status !== 0;
  }
  return { tried, silent: !answered };
}

/**
 * Does the server show any sign of OAuth (the authorization this page specifies): a Bearer
 * challenge, or authorization server metadata at its origin? A server protected by a static
 * credential alone is outside the page (authorization is OPTIONAL), so its discovery is not judged.
 */
async function oauthSign(ctx: CheckContext, p: Probe): Promise<string | undefined> {
  if (p.bearer) return 'its 401 carries a Bearer challenge';
  const origin = new URL(p.door.url).origin;
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
    if ((await getJson(ctx, p.door, `${origin}${path}`)).doc) return `it publishes ${origin}${path}`;
  }
  return undefined;
}

const NO_OAUTH = 'the server refuses requests without credentials but shows no sign of OAuth (no Bearer challenge, no authorization server metadata at its origin): a static credential is outside the authorization page, which is OPTIONAL';

/** Where each revision looks for authorization server metadata, in order. */
function asMetadataUrls(issuer: string, rev: RevisionInfo): string[] {
  const u = new URL(issuer);
  const path = u.pathname.replace(/\/$/, '');
  if (rev.authorizationMetadata === 'oauth') return [`${u.origin}/.well-known/oauth-authorization-server${path}`];
  if (!path) return [`${u.origin}/.well-known/oauth-authorization-server`, `${u.origin}/.well-known/openid-configuration`];
  return [`${u.origin}/.well-known/oauth-authorization-server${path}`, `${u.origin}/.well-known/openid-configuration${path}`, `${u.origin}${path}/.well-known/openid-configuration`];
}

/** The authorization server metadata a client of this revision would use; a skip reason if none is reachable. */
async function findAsMetadata(ctx: CheckContext, p: Probe): Promise<{ issuer: string; found?: Found; tried: string[]; silent: boolean } | string> {
  let issuer: string;
  if (ctx.rev.authorizationServerFrom === 'origin') {
    issuer = new URL(p.door.url).origin; // 2025-03-26: the authorization base URL
  } else {
    const prm = (await findPrm(ctx, p)).found;
    const servers = prm?.doc.authorization_servers;
    const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
    if (typeof first !== 'string' || !/^https?:\/\//i.test(first)) return 'no authorization server found in protected resource metadata (see auth.prm-authorization-servers)';
    issuer = first;
  }
  const tried: string[] = [];
  let answered = false;
  for (const url of asMetadataUrls(issuer, ctx.rev)) {
    const { r, doc } = await getJson(ctx, p.door, url);
    if (doc) return { issuer, found: { url, doc, resources: [] }, tried, silent: false };
    tried.push(`${url}: HTTP ${r.status}`);
    answered ||= r.status !== 0;
  }
  return { issuer, tried, silent: !answered };
}

/** A protected server's authorization server metadata as findAsMetadata finds it; otherwise the skip to return. */
export async function protectedAsMetadata(ctx: CheckContext): Promise<{ issuer: string; found?: Found; tried: string[]; silent: boolean } | Verdict> {
  const p = await probe(ctx);
  const skip = unprotected(p);
  if (skip) return ctx.skip(skip);
  const got = await findAsMetadata(ctx, p);
  return typeof got === 'string' ? ctx.skip(got) : got;
}

/** RFC 9728 §3.3 compares identifiers exactly; URL parsing only normalises case and an empty path. */
function sameResource(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

function check(id: string, title: string, spec: SpecRef | SpecRef[], revisions: string, faults: string[], run: Check['run']): Check {
  const sentence = REQUIREMENTS[id];
  return {
    id,
    title,
    spec: underOptionalAuthorization(spec),
    ...(sentence ? { requirement: withinOptionalAuthorization(sentence) } : {}),
    side: 'server',
    revisions,
    transports: ['streamable-http'],
    faults,
    connection: 'own',
    run,
  };
}

/** The sentence each check enforces, quoted from basic/authorization of the revisions it runs at. */
const REQUIREMENTS: Record<string, string> = {
  'auth.unauthenticated-401': 'When authorization is required and not yet proven by the client, servers MUST respond with HTTP 401 Unauthorized.',
  'auth.challenge-bearer':
    'MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401 Unauthorized to indicate the location of the resource server metadata URL (2025-06-18; 2025-03-26 and 2025-11-25 reach the Bearer challenge through OAuth 2.1 and RFC 6750 only, hence a SHOULD there).',
  'auth.challenge-resource-metadata': 'MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401 Unauthorized to indicate the location of the resource server metadata URL as described in RFC9728 Section 5.1',
  'auth.prm-discoverable': 'MCP servers MUST implement one of the following discovery mechanisms to provide authorization server location information to MCP clients: WWW-Authenticate Header; Well-Known URI.',
  'auth.prm-authorization-servers': 'The Protected Resource Metadata document returned by the MCP server MUST include the authorization_servers field containing at least one authorization server.',
  'auth.prm-resource-matches': "RFC 9728 section 3.3: The resource value returned MUST be identical to the protected resource's resource identifier value into which the well-known URI path suffix was inserted.",
  'auth.challenge-scope': 'MCP servers SHOULD include a scope parameter in the WWW-Authenticate header as defined in RFC 6750 Section 3 to indicate the scopes required for accessing the resource.',
  'auth.as-metadata': 'Authorization servers MUST provide OAuth 2.0 Authorization Server Metadata (RFC8414) (2025-11-25: MCP authorization servers MUST provide at least one of the following discovery mechanisms: OAuth 2.0 Authorization Server Metadata; OpenID Connect Discovery 1.0).',
  'auth.as-metadata-pkce': 'If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed. (2025-03-26: PKCE is REQUIRED for all clients.)',
  'auth.default-endpoints': 'Servers that do not support Authorization Server Metadata MUST follow the default URI schema.',
  'auth.invalid-token-401': 'Invalid or expired tokens MUST receive a HTTP 401 response.',
  'auth.session-needs-credentials':
    'Note that authorization MUST be included in every HTTP request from client to server, even if they are part of the same logical session. When authorization is required and not yet proven by the client, servers MUST respond with HTTP 401 Unauthorized.',
};

export const said = (r: RawResponse) => (r.status === 0 ? `no answer (${r.problem ?? ''})` : `HTTP ${r.status}${r.body ? `: ${r.body.slice(0, 120)}` : ''}`);

export const authChecks: Check[] = [
  // AUTH-010: "When authorization is required and not yet proven by the client, servers MUST
  // respond with HTTP 401 Unauthorized" (2025-03-26); the error-handling table later: "401
  // Unauthorized: Authorization required or token invalid". Another refusal fails only when the
  // same request with the user's credentials is served (so the credentials were what it lacked).
  check(
    'auth.unauthenticated-401',
    'A request without credentials to a protected server gets 401 Unauthorized',
    [page('example-authorization-code-grant', 'MUST'), page('error-handling', 'MUST', '2025-06-18')],
    between('2025-03-26', '2025-11-25'),
    ['auth-missing-token-403'],
    async (ctx) => {
      const p = await probe(ctx);
      if (p.r.status === 401) return ctx.pass();
      if (p.r.status >= 200 && p.r.status < 300) return ctx.skip(NOT_PROTECTED);
      if (p.r.status === 0) return ctx.skip(NO_ANSWER);
      const withCredentials = await initialize(ctx, p.door, {});
      if (withCredentials.status === 0) return ctx.skip(NO_ANSWER);
      const evidence = { expected: 'HTTP 401 Unauthorized', actual: `${said(p.r)} (with the user's credentials: HTTP ${withCredentials.status})` };
      if (withCredentials.status >= 200 && withCredentials.status < 300) return ctx.fail(evidence);
      return ctx.warn({ ...evidence, reason: 'refused with and without credentials: the refusal may not be about authorization' });
    },
  ),

  // 2025-06-18: "MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401
  // Unauthorized"; RFC 6750 §3 (OAuth 2.1 §5.3, which token handling refers to) gives the
  // Bearer challenge. 2025-03-26 and 2025-11-25 only reach it through OAuth: a SHOULD there.
  check(
    'auth.challenge-bearer',
    'A 401 carries a WWW-Authenticate Bearer challenge',
    [page('token-handling', 'SHOULD'), page('authorization-server-location', 'MUST', '2025-06-18'), page('protected-resource-metadata-discovery-requirements', 'SHOULD', '2025-11-25')],
    between('2025-03-26', '2025-11-25'),
    ['auth-no-challenge'],
    async (ctx) => {
      const p = await probe(ctx);
      const skip = unprotected(p);
      if (skip) return ctx.skip(skip);
      if (p.bearer) return ctx.pass();
      const header = p.r.headers['www-authenticate'];
      return ctx.fail({ expected: 'WWW-Authenticate: Bearer ...', actual: header === undefined ? 'no WWW-Authenticate header' : `WWW-Authenticate: ${header}` });
    },
  ),

  // AUTH-011 (2025-06-18): the 401's WWW-Authenticate indicates "the location of the resource
  // server metadata URL as described in RFC9728 Section 5.1", i.e. its resource_metadata parameter.
  check('auth.challenge-resource-metadata', 'The 401 challenge names the protected resource metadata (resource_metadata)', page('authorization-server-location', 'MUST'), only('2025-06-18'), ['auth-challenge-no-resource-metadata'], async (ctx) => {
    const p = await probe(ctx);
    const skip = unprotected(p, true);
    if (skip) return ctx.skip(skip);
    const url = p.bearer?.params.resource_metadata;
    if (url && /^https?:\/\//i.test(url)) return ctx.pass();
    return ctx.fail({ expected: 'a resource_metadata="<absolute URL>" parameter', actual: `WWW-Authenticate: ${p.r.headers['www-authenticate']}` });
  }),

  // AUTH-012 (2025-11-25): "MCP servers MUST implement one of the following discovery
  // mechanisms": resource_metadata in the 401 challenge, or the well-known URI (path or root).
  check('auth.prm-discoverable', 'Protected resource metadata is found through the challenge or a well-known URI', page('protected-resource-metadata-discovery-requirements', 'MUST'), only('2025-11-25'), ['auth-prm-undiscoverable'], async (ctx) => {
    const p = await probe(ctx);
    const skip = unprotected(p);
    if (skip) return ctx.skip(skip);
    const { found, tried, silent } = await findPrm(ctx, p);
    if (found) return ctx.pass();
    if (silent) return ctx.skip(NO_ANSWER);
    if (!(await oauthSign(ctx, p))) return ctx.skip(NO_OAUTH);
    return ctx.fail({ expected: 'resource_metadata in the challenge, or a document at a well-known URI', actual: `no resource_metadata parameter; ${tried.join('; ')}` });
  }),

  // AUTH-013: "The Protected Resource Metadata document returned by the MCP server MUST include
  // the authorization_servers field containing at least one authorization server."
  check('auth.prm-authorization-servers', 'Protected resource metadata lists at least one authorization server', page('authorization-server-location', 'MUST'), between('2025-06-18', '2025-11-25'), ['auth-prm-no-authorization-servers'], async (ctx) => {
    const p = await probe(ctx);
    const skip = unprotected(p);
    if (skip) return ctx.skip(skip);
    const { found } = await findPrm(ctx, p);
    if (!found) return ctx.skip('no protected resource metadata found (see auth.prm-discoverable)');
    const servers = found.doc.authorization_servers;
    if (Array.isArray(servers) && servers.length > 0 && servers.every((s) => typeof s === 'string')) return ctx.pass();
    return ctx.fail({ expected: 'authorization_servers: a non-empty array of issuer URLs', actual: `${found.url}: authorization_servers ${ctx.brief(servers)}` });
  }),

  // RFC 9728 §3.3, which the spec makes servers implement: "The resource value returned MUST be
  // identical to the protected resource's resource identifier value" (the URL it was fetched
  // for; for the root document, the origin).
  check('auth.prm-resource-matches', "Protected resource metadata's resource is the MCP server's URL", page('authorization-server-location', 'MUST'), between('2025-06-18', '2025-11-25'), ['auth-prm-wrong-resource'], async (ctx) => {
    const p = await probe(ctx);
    const skip = unprotected(p);
    if (skip) return ctx.skip(skip);
    const { found } = await findPrm(ctx, p);
    if (!found) return ctx.skip('no protected resource metadata found (see auth.prm-discoverable)');
    const resource = found.doc.resource;
    if (typeof resource === 'string' && found.resources.some((r) => sameResource(r, resource))) return ctx.pass();
    return ctx.fail({ expected: `resource: ${found.resources.join(' or ')}`, actual: `${found.url}: resource ${ctx.brief(resource)}` });
  }),

  // AUTH-014 (2025-11-25): "MCP servers SHOULD include a scope parameter in the
  // WWW-Authenticate header ... to indicate the scopes required for accessing the resource."
  check('auth.challenge-scope', 'The 401 challenge says which scope is needed', page('protected-resource-metadata-discovery-requirements', 'SHOULD'), only('2025-11-25'), ['auth-challenge-no-scope'], async (ctx) => {
    const p = await probe(ctx);
    const skip = unprotected(p, true);
    if (skip) return ctx.skip(skip);
    if (p.bearer?.params.scope !== undefined) return ctx.pass();
    return ctx.fail({ expected: 'a scope="..." parameter', actual: `WWW-Authenticate: ${p.r.headers['www-authenticate']}` });
  }),

  // AUTH-015: "Authorization servers MUST provide OAuth 2.0 Authorization Server Metadata
  // (RFC8414)" (2025-06-18; 2025-11-25 adds OpenID discovery and the order clients try). RFC
  // 8414 §3.3: "The issuer value returned MUST be identical to the authorization server's issuer
  // identifier"; authorization_endpoint and token_endpoint are REQUIRED (§2) for this flow.
  check(
    'auth.as-metadata',
    'Authorization server metadata is published where the revision looks, with its issuer and endpoints',
    [page('server-metadata-discovery', 'MUST'), page('authorization-server-metadata-discovery', 'MUST', '2025-11-25')],
    between('2025-06-18', '2025-11-25'),
    ['auth-as-metadata-missing'],
    async (ctx) => {
      const got = await protectedAsMetadata(ctx);
      if ('status' in got) return got;
      if (!got.found && got.silent) return ctx.skip(NO_ANSWER);
      if (!got.found) return ctx.fail({ expected: `metadata for issuer ${got.issuer}`, actual: got.tried.join('; ') });
      const { doc, url } = got.found;
      const problems: string[] = [];
      if (doc.issuer !== got.issuer) problems.push(`issuer ${ctx.brief(doc.issuer)} is not ${JSON.stringify(got.issuer)}`);
      for (const field of ['authorization_endpoint', 'token_endpoint']) if (typeof doc[field] !== 'string') problems.push(`no ${field}`);
      if (problems.length === 0) return ctx.pass();
      return ctx.fail({ expected: `issuer ${got.issuer}, authorization_endpoint and token_endpoint`, actual: `${url}: ${problems.join('; ')}` });
    },
  ),

  // PKCE is REQUIRED (2025-03-26) / MUST (2025-06-18); 2025-11-25: clients "MUST refuse to
  // proceed" when code_challenge_methods_supported is absent and "MUST use the S256 code
  // challenge method": metadata without S256 leaves conformant clients unable to authorize.
  check(
    'auth.as-metadata-pkce',
    'Authorization server metadata offers the S256 PKCE method',
    [page('implementation-requirements', 'SHOULD'), page('authorization-code-protection', 'SHOULD', '2025-06-18')],
    between('2025-03-26', '2025-11-25'),
    ['auth-as-no-s256'],
    async (ctx) => {
      const got = await protectedAsMetadata(ctx);
      if ('status' in got) return got;
      if (!got.found) return ctx.skip('no authorization server metadata found (see auth.as-metadata, auth.default-endpoints)');
      const methods = got.found.doc.code_challenge_methods_supported;
      if (Array.isArray(methods) && methods.includes('S256')) return ctx.pass();
      return ctx.fail({ expected: 'code_challenge_methods_supported including "S256"', actual: `${got.found.url}: ${ctx.brief(methods)}` });
    },
  ),

  // AUTH-022 (2025-03-26): "For servers that do not implement OAuth 2.0 Authorization Server
  // Metadata, clients MUST use the following default endpoint paths" (/authorize, /token,
  // /register) at the authorization base URL; "Servers that do not support Authorization Server
  // Metadata MUST follow the default URI schema."
  check('auth.default-endpoints', 'Without authorization server metadata, /authorize and /token exist at the origin', page('fallbacks-for-servers-without-metadata-discovery', 'MUST'), only('2025-03-26'), ['auth-no-metadata-no-fallback'], async (ctx) => {
    const p = await probe(ctx);
    const skip = unprotected(p);
    if (skip) return ctx.skip(skip);
    const origin = new URL(p.door.url).origin;
    if ((await getJson(ctx, p.door, `${origin}/.well-known/oauth-authorization-server`)).doc) return ctx.pass('the server publishes metadata (no fallback needed)');
    const authorize = await p.door.raw({ method: 'GET', url: `${origin}/authorize`, headers: { Authorization: null } });
    const token = await p.door.raw({ method: 'POST', url: `${origin}/token`, headers: { Authorization: null, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code' });
    if (authorize.status === 0 || token.status === 0) return ctx.skip(NO_ANSWER);
    const missing = [authorize.status === 404 ? `/authorize: ${said(authorize)}` : '', token.status === 404 ? `/token: ${said(token)}` : ''].filter(Boolean);
    if (missing.length === 0) return ctx.pass();
    if (missing.length === 2 && !p.bearer) return ctx.skip(NO_OAUTH);
    return ctx.fail({ expected: `metadata at ${origin}/.well-known/oauth-authorization-server, or the default /authorize and /token`, actual: `no metadata; ${missing.join('; ')}` });
  }),

  // AUTH-018: "Invalid or expired tokens MUST receive a HTTP 401 response."
  check('auth.invalid-token-401', 'A request with an invalid bearer token gets 401 Unauthorized', page('token-handling', 'MUST'), between('2025-03-26', '2025-11-25'), ['auth-invalid-token-accepted'], async (ctx) => {
    const p = await probe(ctx);
    const skip = unprotected(p);
    if (skip) return ctx.skip(skip);
    const r = await initialize(ctx, p.door, { Authorization: `Bearer mcp-conformance-invalid-${randomUUID()}` });
    if (r.status === 401) return ctx.pass();
    if (r.status === 0) return ctx.skip(NO_ANSWER);
    return ctx.fail({ expected: 'HTTP 401 Unauthorized for an invalid token', actual: said(r) });
  }),

  // Token requirements: "authorization MUST be included in every HTTP request from client to
  // server, even if they are part of the same logical session"; a request without it has not
  // proven authorization, and "servers MUST respond with HTTP 401" (auth.unauthenticated-401).
  // So a session id the user's credentials opened is no credential of its own.
  check(
    'auth.session-needs-credentials',
    'A request in a session the credentials opened, sent without them, gets 401 (a session id is no credential)',
    page('token-requirements', 'MUST'),
    between('2025-03-26', '2025-11-25'),
    ['auth-session-authenticates'],
    async (ctx) => {
      const p = await probe(ctx);
      const skip = unprotected(p);
      if (skip) return ctx.skip(skip);
      const json = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
      const opened = await p.door.raw({
        method: 'POST',
        headers: json,
        body: JSON.stringify({ jsonrpc: '2.0', id: 'auth-session', method: 'initialize', params: initializeParams(ctx.revision) }),
        sseWindowMs: 200,
      });
      const sid = opened.headers['mcp-session-id'];
      if (opened.status < 200 || opened.status >= 300) return ctx.skip(`an initialize with the user's credentials got ${said(opened)}: no session to test`);
      if (!sid) return ctx.skip('the server issues no session id (sessions are optional): nothing to stand in for credentials');
      const inSession = { 'Mcp-Session-Id': sid, ...(ctx.rev.protocolVersionHeader ? { 'MCP-Protocol-Version': ctx.revision } : {}) };
      try {
        await p.door.raw({ method: 'POST', headers: { ...json, ...inSession }, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
        const r = await p.door.raw({ method: 'POST', headers: { ...json, ...inSession, Authorization: null }, body: JSON.stringify({ jsonrpc: '2.0', id: 'auth-session-ping', method: 'ping' }), sseWindowMs: 200 });
        if (r.status === 401) return ctx.pass();
        if (r.status === 0) return ctx.skip(NO_ANSWER);
        const evidence = { expected: 'HTTP 401 Unauthorized for a ping with the session id but without the Authorization header', actual: said(r) };
        if (r.status >= 200 && r.status < 300) return ctx.fail(evidence);
        return ctx.warn({ ...evidence, reason: 'refused, but not with the 401 that asks for credentials' });
      } finally {
        await p.door.raw({ method: 'DELETE', headers: inSession });
      }
    },
  ),

  // AUTH-020 (2025-11-25): for a token with insufficient scope "the server SHOULD respond with
  // HTTP 403 Forbidden ... WWW-Authenticate header with the Bearer scheme and ...
  // error="insufficient_scope"". Judged on every 403 a request with credentials got in the run.
  {
    id: 'auth.insufficient-scope-challenge',
    title: 'A 403 to a request with a token carries a Bearer insufficient_scope challenge',
    spec: page('runtime-insufficient-scope-errors', 'SHOULD'),
    requirement: withinOptionalAuthorization(
      'When a client makes a request with an access token with insufficient scope during runtime operations, the server SHOULD respond with: HTTP 403 Forbidden status code; WWW-Authenticate header with the Bearer scheme and additional parameters: error="insufficient_scope"',
    ),
    side: 'server',
    revisions: only('2025-11-25'),
    transports: ['streamable-http'],
    faults: ['auth-insufficient-scope-bare-403'],
    connection: 'passive',
    async run(ctx) {
      const refused = ctx.observations().filter((o) => o.kind === 'http-status' && o.context?.status === 403 && o.context.withAuthorization === true);
      if (refused.length === 0) return ctx.skip('no request with credentials was refused with 403 (run with a token of limited scope to exercise this)');
      const bad = refused.filter((o) => bearerChallenge(o.context?.wwwAuthenticate as string | undefined)?.params.error !== 'insufficient_scope');
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'WWW-Authenticate: Bearer error="insufficient_scope", scope="...", resource_metadata="..."', actual: `${bad.length} of ${refused.length} 403(s) without it; first: ${bad[0]?.detail}` });
    },
  },
];
