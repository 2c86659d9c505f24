// The authorization checks' first step: an initialize sent without credentials on a connection
// of the check's own, whose 401 says the server is protected. Every request here is raw (never
// delivered to the peer); metadata is fetched without credentials, and the user's token only
// ever goes to the MCP server's own origin.
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { bearerChallenge, type Challenge, type HeaderOverrides, type HttpConversation, type RawResponse } from '../../../../harness/checks/http-access.js';
import { initializeParams } from '../../../../harness/sessions/legacy.js';

export const NOT_PROTECTED = 'an initialize without credentials was served: the server is not protected (authorization is OPTIONAL)';
const NO_CHALLENGE = 'no 401 challenge to examine (see auth.unauthenticated-401)';
/** The detail of a skip with the code 'no-answer'. */
export const NO_ANSWER = 'a request got no HTTP answer: nothing to judge';

export type Door = HttpConversation;

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
function unprotected(p: Probe, bearer = false): string | undefined {
  if (p.r.status >= 200 && p.r.status < 300) return NOT_PROTECTED;
  if (p.r.status !== 401) return NO_CHALLENGE;
  if (bearer && !p.bearer) return 'the 401 has no Bearer challenge (see auth.challenge-bearer)';
  return undefined;
}

/** The probe of a protected server (a 401, with a Bearer challenge when `bearer`); otherwise the skip to return. */
export async function protectedProbe(ctx: CheckContext, { bearer = false } = {}): Promise<Probe | Verdict> {
  const p = await probe(ctx);
  const skip = unprotected(p, bearer);
  return skip ? ctx.skip(skip) : p;
}

/** A JSON document fetched without credentials (metadata is public). */
export async function getJson(d: Door, url: string): Promise<{ r: RawResponse; doc?: Record<string, unknown> }> {
  const r = await d.raw({ method: 'GET', url, headers: { Accept: 'application/json', Authorization: null } });
  const doc = r.status === 200 && typeof r.json === 'object' && r.json !== null && !Array.isArray(r.json) ? (r.json as Record<string, unknown>) : undefined;
  return { r, ...(doc ? { doc } : {}) };
}

/** What an HTTP answer said, in one line of evidence. */
export const said = (r: RawResponse) => (r.status === 0 ? `no answer (${r.problem ?? ''})` : `HTTP ${r.status}${r.body ? `: ${r.body.slice(0, 120)}` : ''}`);
