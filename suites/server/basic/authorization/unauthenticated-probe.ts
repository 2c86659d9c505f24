// The authorization checks' first step: the era's opening request sent without credentials on a
// connection of the check's own, whose 401 says the server is protected. Up to 2025-11-25 that is
// an initialize; at 2026-07-28 (no handshake) a server/discover carrying the per-request `_meta`
// and the headers mirrored from it, as a conforming client sends it. Every request here is raw
// (never delivered to the peer); metadata is fetched without credentials, and the user's token
// only ever goes to the MCP server's own origin.
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { bearerChallenge, mirroredHeaders, type Challenge, type HeaderOverrides, type HttpConversation, type RawResponse } from '../../../../harness/checks/http-access.js';
import { isObject } from '../../../../harness/rules/json.js';
import { initializeParams } from '../../../../harness/sessions/legacy.js';
import { modernMeta } from '../../../../harness/target/as-built.js';
import { noHttpAnswer } from '../../../../harness/verify/http.js';

export const NOT_PROTECTED = 'the opening request (initialize, or server/discover at 2026-07-28) without credentials was served: the server is not protected (authorization is OPTIONAL)';
const NO_CHALLENGE = 'no 401 challenge to examine (see auth.unauthenticated-401)';
/** The detail of a skip with the code 'no-answer'. */
export const NO_ANSWER = 'a request got no HTTP answer: nothing to judge';
/** The detail of a skip with the code 'not-offered' when no authorization server metadata is found. */
export const NO_AS_METADATA = 'no authorization server metadata found (see auth.as-metadata, auth.default-endpoints)';

export type Door = HttpConversation;

/** The answer to the opening request sent without credentials: a 401 when the server is protected. */
export interface Probe {
  door: Door;
  r: RawResponse;
  bearer?: Challenge;
}

async function door(ctx: CheckContext): Promise<Door> {
  if (!ctx.http) throw new Error('not an HTTP target');
  return ctx.http.of(await ctx.connect());
}

/** The request a client of the revision opens with: initialize (legacy), server/discover with its `_meta` (modern). */
function openingMessage(ctx: CheckContext): Record<string, unknown> {
  if (ctx.era !== 'modern') return { jsonrpc: '2.0', id: 'auth-probe', method: 'initialize', params: initializeParams(ctx.revision) };
  return { jsonrpc: '2.0', id: 'auth-probe', method: ctx.rev.fence, params: { _meta: modernMeta(ctx) } };
}

/** The era's opening request with these header overrides (`Authorization: null`: no credentials). */
export async function openingRequest(ctx: CheckContext, d: Door, headers: HeaderOverrides): Promise<RawResponse> {
  const message = openingMessage(ctx);
  const r = await d.raw({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...(ctx.era === 'modern' ? mirroredHeaders(message) : {}), ...headers },
    body: JSON.stringify(message),
    sseWindowMs: 200,
  });
  // A session the probe opened is ended again.
  const sid = r.headers['mcp-session-id'];
  if (r.status >= 200 && r.status < 300 && sid) await d.raw({ method: 'DELETE', headers: { 'Mcp-Session-Id': sid, ...headers } });
  return r;
}

export async function probe(ctx: CheckContext): Promise<Probe> {
  const d = await door(ctx);
  const r = await openingRequest(ctx, d, { Authorization: null });
  const bearer = bearerChallenge(r.headers['www-authenticate']);
  return { door: d, r, ...(bearer ? { bearer } : {}) };
}

/** The skip unless the probe got a 401 (and, when `bearer`, a Bearer challenge). */
function unprotected(ctx: CheckContext, p: Probe, bearer = false): Verdict | undefined {
  if (p.r.status >= 200 && p.r.status < 300) return ctx.skip('not-applicable', NOT_PROTECTED);
  if (p.r.status === 0) return ctx.skip('no-answer', noHttpAnswer('the opening request without credentials', p.r));
  // Refused otherwise, or without the challenge: what these checks examine is not there (the checks of the 401 and its challenge judge that).
  if (p.r.status !== 401) return ctx.skip('not-offered', NO_CHALLENGE);
  if (bearer && !p.bearer) return ctx.skip('not-offered', 'the 401 has no Bearer challenge (see auth.challenge-bearer)');
  return undefined;
}

/** The detail of the skip of a server protected some other way than the page's authorization. */
export const NOT_ADVERTISED =
  'the server refuses requests without credentials but advertises no MCP authorization (no protected resource metadata, no 401 challenge naming one, no authorization server metadata at its origin): it protects itself some other way (an API key, mTLS), which the authorization page does not govern';

/**
 * How the server advertises the authorization the page specifies, or undefined: its 401 names
 * protected resource metadata, or it publishes the document at a well-known URI (RFC 9728), or
 * it publishes authorization server metadata at its origin (an OAuth server of its own; at
 * 2025-03-26, before protected resource metadata, the way the page has it). A bare Bearer
 * challenge is no sign: frameworks send one for a static API key too.
 * Looked up once per revision (every check of the page asks).
 */
export function advertisedAuthorization(ctx: CheckContext, p: Probe): Promise<string | undefined> {
  return ctx.once('authorization-advertised', async () => {
    const named = p.bearer?.params.resource_metadata;
    if (named) return `its 401 challenge names protected resource metadata (${named})`;
    const mcp = new URL(p.door.url);
    const path = mcp.pathname.replace(/\/$/, '');
    const prm = ctx.revision === '2025-03-26' ? [] : [...(path ? [`/.well-known/oauth-protected-resource${path}`] : []), '/.well-known/oauth-protected-resource'];
    const wellKnown = [...prm, '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];
    for (const at of wellKnown) if ((await getJson(p.door, `${mcp.origin}${at}`)).doc) return `it publishes ${mcp.origin}${at}`;
    return undefined;
  });
}

/**
 * The probe of a server that advertises MCP authorization and refuses the request without
 * credentials (a 401, with a Bearer challenge when `bearer`); otherwise the skip to return.
 */
export async function protectedProbe(ctx: CheckContext, { bearer = false } = {}): Promise<Probe | Verdict> {
  const p = await probe(ctx);
  return unprotected(ctx, p, bearer) ?? (await notAdvertised(ctx, p)) ?? p;
}

/** The skip of a server that advertises no MCP authorization, or undefined. */
export async function notAdvertised(ctx: CheckContext, p: Probe): Promise<Verdict | undefined> {
  return (await advertisedAuthorization(ctx, p)) ? undefined : ctx.skip('not-applicable', NOT_ADVERTISED);
}

/** A JSON document fetched without credentials (metadata is public). */
export async function getJson(d: Door, url: string): Promise<{ r: RawResponse; doc?: Record<string, unknown> }> {
  const r = await d.raw({ method: 'GET', url, headers: { Accept: 'application/json', Authorization: null } });
  const doc = r.status === 200 && isObject(r.json) ? r.json : undefined;
  return { r, ...(doc ? { doc } : {}) };
}
