// What the Streamable HTTP checks share: spec places of both shapes of the transport, the
// check builder, an own session seen from HTTP, raw posts inside it, and one-line renderings
// of raw answers. Raw answers never reach the JSON-RPC peer: the checks judge them here.
import type { Check, CheckContext, SpecRef } from '../../../harness/checks/check.js';
import type { HeaderOverrides, HttpConversation, RawResponse } from '../../../harness/checks/http-access.js';
import type { JsonRpcId } from '../../../harness/jsonrpc/types.js';
import { LEGACY_REVISIONS, MODERN_REVISIONS, NEWEST_LEGACY, RANGE, since } from '../../../harness/revisions.js';
import { initializeParams } from '../../../harness/sessions/legacy.js';
import type { Session, SessionOptions } from '../../../harness/sessions/session.js';
import { assertWellFormed } from '../../../harness/sessions/well-formed.js';

/** Streamable HTTP exists from 2025-03-26 on, in its legacy shape and in the 2026-07-28 one. */
export const STREAMABLE = since('2025-03-26');
export const SESSIONFUL = RANGE.sessionfulHttp;
export const MODERN = RANGE.modern;
const FIRST_MODERN = MODERN_REVISIONS[0] as string;

export const FOREIGN_ORIGIN = 'http://attacker.example';
/** HeaderMismatch (transports/streamable-http#server-validation). */
export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_VERSION = -32022;
export const METHOD_NOT_FOUND = -32601;

/** A place on the legacy transports page (2025-03-26..2025-11-25). */
export const legacyAt = (anchor: string, level: SpecRef['level']): SpecRef => ({ url: `basic/transports#${anchor}`, level });
/** A place on the 2026-07-28 Streamable HTTP page. */
export const modernAt = (anchor: string, level: SpecRef['level']): SpecRef => ({ from: FIRST_MODERN, url: `basic/transports/streamable-http#${anchor}`, level });
/** The 2026-07-28 page only (for checks of that revision alone). */
export const onlyModernAt = (anchor: string, level: SpecRef['level']): SpecRef => ({ url: `basic/transports/streamable-http#${anchor}`, level });

export interface HttpCheckMeta {
  id: string;
  title: string;
  spec: SpecRef | SpecRef[];
  requirement: string;
  fix?: string;
  revisions: string;
  requires?: Check['requires'];
  faults: string[];
  long?: boolean;
}

export function httpCheck(meta: HttpCheckMeta, run: Check['run']): Check {
  return { ...meta, side: 'server', transports: ['streamable-http'], connection: 'own', run };
}

export interface Own {
  session: Session;
  t: HttpConversation;
}

/** A session of the check's own (initialized, or opened with server/discover), seen from HTTP. */
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

export const ok = (r: RawResponse): boolean => r.status >= 200 && r.status < 300;

/** A skip's reason when a raw request got no HTTP answer: no status is no shape to judge. */
export function unansweredHttp(what: string, r: RawResponse): string {
  return `${what} got no HTTP answer (${r.problem ?? 'nothing'}): nothing to judge, and whether the server answers at all is left to the harness's timeout handling`;
}

/** One line: status, media type, problem, start of the body. */
export function said(r: RawResponse): string {
  if (r.status === 0) return `no answer (${r.problem ?? 'nothing'})`;
  const body = r.body ? `: ${r.body.slice(0, 160)}` : '';
  return `HTTP ${r.status}${r.contentType ? ` ${r.contentType}` : ''}${r.problem ? ` (${r.problem})` : ''}${body}`;
}

/** The JSON-RPC message of a raw answer: its JSON body, or the first SSE event answering `id`. */
export function answerOf(r: RawResponse, id?: JsonRpcId): Record<string, unknown> | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(r.json)) return r.json;
  for (const e of r.events ?? []) {
    if (!e.hasData || e.data === '') continue;
    try {
      const m: unknown = JSON.parse(e.data);
      if (isObject(m) && !('method' in m) && (id === undefined || m.id === id)) return m;
    } catch {
      // not JSON: another check judges that
    }
  }
  return undefined;
}

/** The JSON-RPC error code of a raw answer, if it carries an error. */
export function errorCodeOf(r: RawResponse, id?: JsonRpcId): number | undefined {
  const e = answerOf(r, id)?.error;
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'number' ? (e as { code: number }).code : undefined;
}

/** Did the answer carry a result (the request was served)? */
export function served(r: RawResponse, id?: JsonRpcId): boolean {
  return ok(r) && answerOf(r, id)?.result !== undefined;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\]|::1)$/i;

/** Is the target on this machine's loopback (the case DNS rebinding attacks)? */
export function loopbackTarget(ctx: CheckContext): boolean {
  if (!ctx.http) return false;
  try {
    return LOOPBACK.test(new URL(ctx.http.url).hostname);
  } catch {
    return false;
  }
}

/** Does the target also speak a legacy revision? The probe knows, or one initialize tells. */
export async function servesLegacy(ctx: CheckContext, t: HttpConversation): Promise<boolean> {
  if (ctx.probe.accepted.some((r) => (LEGACY_REVISIONS as readonly string[]).includes(r))) return true;
  if (LEGACY_REVISIONS.some((r) => ctx.probe.answers[r] !== undefined)) return false;
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'legacy-era-probe', method: 'initialize', params: initializeParams(NEWEST_LEGACY) });
  const r = await t.raw({ method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body, sseWindowMs: ctx.timeoutMs });
  const sid = r.headers['mcp-session-id'];
  if (sid !== undefined) await t.raw({ method: 'DELETE', headers: { 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': NEWEST_LEGACY }, timeoutMs: ctx.timeoutMs });
  const initialized = (m: unknown) => typeof m === 'object' && m !== null && typeof (m as { result?: { protocolVersion?: unknown } }).result?.protocolVersion === 'string';
  return r.status >= 200 && r.status < 300 && (initialized(r.json) || (r.events ?? []).some((e) => e.data.includes('"protocolVersion"')));
}
