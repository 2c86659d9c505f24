// A session of the check's own seen from HTTP, and raw posts inside it: a raw post judges what
// the server does with its headers, so its body is exactly what a conforming client sends.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import type { HeaderOverrides, HttpConversation } from '../../../../../harness/checks/http-access.js';
import type { JsonRpcId } from '../../../../../harness/jsonrpc/types.js';
import type { Session, SessionOptions } from '../../../../../harness/sessions/session.js';
import { assertWellFormed } from '../../../../../harness/sessions/well-formed.js';

export interface Own {
  session: Session;
  t: HttpConversation;
}

/** A session of the check's own (initialized, or opened with server/discover), seen from HTTP (needs own-session and raw-http). */
export async function open(ctx: CheckContext, opts?: SessionOptions): Promise<Own> {
  if (!ctx.http) throw new Error('not an HTTP target');
  const session = await ctx.session(opts);
  return { session, t: ctx.http.of(session) };
}

/** Only the HTTP side of an own session. */
export async function own(ctx: CheckContext, opts?: SessionOptions): Promise<HttpConversation> {
  return (await open(ctx, opts)).t;
}

/**
 * A raw post judges what the server does with its headers: its body is meant to be exactly what
 * a conforming client sends, so it is held to the JSON-RPC envelope (session.build already held
 * it to the revision's schema too). A body meant to be malformed is sent with t.raw().
 */
function wellFormed(message: Record<string, unknown>): Record<string, unknown> {
  assertWellFormed(message, 'id' in message ? 'request' : 'notification');
  return message;
}

/** POST one legacy-shaped message (jsonrpc added) raw inside the session. */
export function post(ctx: CheckContext, t: HttpConversation, message: { id?: string; method: string }, headers?: HeaderOverrides, readAll = false) {
  return t.post(wellFormed({ jsonrpc: '2.0', ...message }), { waitMs: ctx.timeoutMs, ...(headers ? { headers } : {}), readAll });
}

/** The era's cheapest request (ping, or server/discover with its _meta), as a message with this id. */
export function fenceMessage(session: Session, id: JsonRpcId): Record<string, unknown> & { id: JsonRpcId; method: string } {
  return session.build(session.rev.fence, session.era === 'modern' ? {} : undefined, { id });
}

/** POST a message built by the session (with the era's headers, then `headers`). */
export function postMessage(ctx: CheckContext, own: Own, message: Record<string, unknown>, headers?: HeaderOverrides, readAll = false) {
  return own.t.post(wellFormed(message), { waitMs: ctx.timeoutMs, ...(headers ? { headers } : {}), readAll });
}

/** The detail of a `no-answer` skip when a POST was answered 2xx but its response never came. */
export function noResponseIn(what: string, r: { status: number; problem?: string }): string {
  return `${what} was answered HTTP ${r.status} without its response (${r.problem ?? 'none came in time'}): nothing to judge, and whether the server answers at all is left to the harness's timeout handling`;
}
