// Streamable HTTP (SHTTP-*, 2025-03-26..2025-11-25): POST answers, sessions, the GET stream,
// SSE framing, the protocol version header, Origin, resumability. Spec: basic/transports.
// Requests that test the wire are sent raw inside an own session (postInSession): their
// answers are judged here and never reach the JSON-RPC peer.
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext, SpecRef } from '../../harness/checks/check.js';
import { isResponseTo, messageOf, type HeaderOverrides, type HttpConversation, type RawResponse } from '../../harness/checks/http-access.js';
import { RANGE as RANGES, between, only } from '../../harness/revisions.js';
import type { SessionOptions } from '../../harness/sessions/session.js';

const RANGE = RANGES.sessionfulHttp;
const at = (anchor: string, level: SpecRef['level']): SpecRef => ({ url: `basic/transports#${anchor}`, level });
const FOREIGN_ORIGIN = 'http://attacker.example';

/** An initialized session of the check's own, seen from HTTP. */
async function own(ctx: CheckContext, opts?: SessionOptions): Promise<HttpConversation> {
  if (!ctx.http) throw new Error('not an HTTP target');
  return ctx.http.of(await ctx.session(opts));
}

function post(ctx: CheckContext, t: HttpConversation, message: { id?: string; method: string }, headers?: HeaderOverrides, readAll = false) {
  return t.post({ jsonrpc: '2.0', ...message }, { waitMs: ctx.timeoutMs, ...(headers ? { headers } : {}), readAll });
}

const ok = (r: RawResponse) => r.status >= 200 && r.status < 300;

/** One line: status, media type, problem, start of the body. */
function said(r: RawResponse): string {
  if (r.status === 0) return `no answer (${r.problem ?? 'nothing'})`;
  const body = r.body ? `: ${r.body.slice(0, 120)}` : '';
  return `HTTP ${r.status}${r.contentType ? ` ${r.contentType}` : ''}${r.problem ? ` (${r.problem})` : ''}${body}`;
}

function base(id: string, title: string, spec: SpecRef | SpecRef[], faults: string[], run: Check['run'], revisions: string = RANGE): Check {
  return { id, title, spec, side: 'server', revisions, transports: ['streamable-http'], faults, connection: 'own', run };
}

export const httpChecks: Check[] = [
  // SHTTP-012: "If the input is a JSON-RPC request, the server MUST either return
  // Content-Type: text/event-stream, to initiate an SSE stream, or Content-Type: application/json".
  base('http.request-answer-content-type', 'A POSTed request is answered as application/json or text/event-stream', at('sending-messages-to-the-server', 'MUST'), ['http-json-wrong-content-type'], async (ctx) => {
    const r = await post(ctx, await own(ctx), { id: 'content-type', method: 'ping' });
    if (ok(r) && (r.contentType === 'application/json' || r.contentType === 'text/event-stream')) return ctx.pass();
    return ctx.fail({ expected: 'HTTP 2xx with Content-Type application/json or text/event-stream', actual: said(r) });
  }),

  // SHTTP-011: "If the input is a JSON-RPC response or notification: If the server accepts the
  // input, the server MUST return HTTP status code 202 Accepted with no body" (else an error status).
  base('http.notification-202', 'A POSTed notification is answered 202 Accepted with no body', at('sending-messages-to-the-server', 'MUST'), ['http-notification-200'], async (ctx) => {
    const r = await post(ctx, await own(ctx, { sendInitialized: false }), { method: 'notifications/initialized' });
    if (r.status === 202 && !r.body) return ctx.pass();
    if (r.status >= 400) return ctx.pass(`refused with HTTP ${r.status}, which the spec allows for input the server cannot accept`);
    return ctx.fail({ expected: 'HTTP 202 Accepted with no body (or an error status)', actual: said(r) });
  }),

  // SHTTP-040: "The session ID MUST only contain visible ASCII characters (ranging from 0x21 to 0x7E)."
  base('http.session-id-visible-ascii', 'The Mcp-Session-Id issued on initialize holds only visible ASCII', at('session-management', 'MUST'), ['http-session-id-not-ascii'], async (ctx) => {
    const sid = (await own(ctx)).sessionId;
    if (sid === undefined) return ctx.skip('the server issued no session id (sessions are optional: MAY)');
    const bad = [...sid].filter((c) => c < '\x21' || c > '\x7e');
    if (bad.length === 0) return ctx.pass();
    return ctx.fail({ expected: 'only characters 0x21-0x7E', actual: `session id ${JSON.stringify(sid)} contains ${bad.map((c) => `U+${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(', ')}` });
  }),

  // SHTTP-042: "Servers that require a session ID SHOULD respond to requests without an
  // Mcp-Session-Id header (other than initialization) with HTTP 400 Bad Request."
  base('http.session-required-400', 'A request without the issued session id gets 400 Bad Request', at('session-management', 'SHOULD'), ['http-missing-session-404'], async (ctx) => {
    const t = await own(ctx);
    if (t.sessionId === undefined) return ctx.skip('the server issued no session id (sessions are optional: MAY)');
    const r = await post(ctx, t, { id: 'no-session', method: 'ping' }, { 'Mcp-Session-Id': null });
    if (r.status === 400) return ctx.pass();
    if (ok(r)) return ctx.pass('answered without the session id: the server does not require one');
    return ctx.fail({ expected: 'HTTP 400 Bad Request', actual: said(r) });
  }),

  // SHTTP-043: "The server MAY terminate the session at any time, after which it MUST respond
  // to requests containing that session ID with HTTP 404 Not Found."
  base('http.ended-session-404', 'After DELETE ended a session, requests with its id get 404 Not Found', at('session-management', 'MUST'), ['http-ended-session-400'], async (ctx) => {
    const t = await own(ctx);
    if (t.sessionId === undefined) return ctx.skip('the server issued no session id (sessions are optional: MAY)');
    const del = await t.deleteSession(ctx.timeoutMs);
    if (del.status === 405) return ctx.skip('the server does not let clients end sessions (405 to DELETE, a MAY)');
    if (del.status < 200 || del.status >= 300) return ctx.skip(`DELETE answered HTTP ${del.status}: no ended session to probe (see http.delete-session)`);
    const r = await post(ctx, t, { id: 'ended-session', method: 'ping' });
    if (r.status === 404) return ctx.pass();
    return ctx.fail({ expected: `HTTP 404 Not Found for the ended session (DELETE answered ${del.status})`, actual: said(r) });
  }),

  // The same rule seen from the client: a session id the server does not know is a session
  // that is over for it (after a restart, an expiry), so 404 is the answer that lets clients
  // start over. The spec states it for sessions the server ended; hence a SHOULD here.
  base('http.unknown-session-404', 'A request with a session id the server never issued gets 404 Not Found', at('session-management', 'SHOULD'), ['http-unknown-session-400'], async (ctx) => {
    const t = await own(ctx);
    if (t.sessionId === undefined) return ctx.skip('the server issued no session id (sessions are optional: MAY)');
    const r = await post(ctx, t, { id: 'unknown-session', method: 'ping' }, { 'Mcp-Session-Id': `mcp-conformance-${randomUUID()}` });
    if (r.status === 404) return ctx.pass();
    return ctx.fail({ expected: 'HTTP 404 Not Found (the answer that makes clients start a new session)', actual: said(r) });
  }),

  // SHTTP-045: clients "SHOULD send an HTTP DELETE ... to explicitly terminate the session";
  // "The server MAY respond to this request with HTTP 405 Method Not Allowed".
  base('http.delete-session', 'DELETE with the session id ends the session (2xx) or is refused with 405', at('session-management', 'SHOULD'), ['http-delete-400'], async (ctx) => {
    const t = await own(ctx);
    if (t.sessionId === undefined) return ctx.skip('the server issued no session id (sessions are optional: MAY)');
    const { status } = await t.deleteSession(ctx.timeoutMs);
    if ((status >= 200 && status < 300) || status === 405) return ctx.pass();
    return ctx.fail({ expected: 'HTTP 2xx (session ended) or 405 Method Not Allowed', actual: status === 0 ? 'no answer' : `HTTP ${status}` });
  }),

  // SHTTP-020: "The server MUST either return Content-Type: text/event-stream in response to
  // this HTTP GET, or else return HTTP 405 Method Not Allowed".
  base('http.get-stream-or-405', 'GET on the MCP endpoint opens an SSE stream or answers 405', at('listening-for-messages-from-the-server', 'MUST'), ['http-get-wrong-status'], async (ctx) => {
    const info = await (await own(ctx)).openGetStream();
    if ((info.status === 200 && info.contentType === 'text/event-stream') || info.status === 405) return ctx.pass();
    if (info.status === 401 || info.status === 403) return ctx.skip(`the GET was refused for authorization (HTTP ${info.status}; see auth.*)`);
    return ctx.fail({ expected: 'HTTP 200 with Content-Type text/event-stream, or 405', actual: `HTTP ${info.status}${info.contentType ? ` ${info.contentType}` : ''}${info.body ? `: ${info.body.slice(0, 120)}` : ''}` });
  }),

  // SHTTP-021: "The server MUST NOT send a JSON-RPC response on the stream unless resuming a
  // stream associated with a previous client request."
  base('http.no-response-on-get-stream', 'The GET stream carries no JSON-RPC responses', at('listening-for-messages-from-the-server', 'MUST'), ['http-response-on-get-stream'], async (ctx) => {
    const got = await pingsWithGetStream(ctx);
    if (typeof got === 'string') return ctx.skip(got);
    const wrong = got.onGet.filter((m) => !('method' in m) && ('result' in m || 'error' in m));
    if (wrong.length === 0) return ctx.pass();
    return ctx.fail({ expected: 'no JSON-RPC response on the GET stream', actual: `${wrong.length} response(s) on it, e.g. ${ctx.brief(wrong[0], 160)}` });
  }),

  // SHTTP-013: "The SSE stream SHOULD eventually include a JSON-RPC response for the JSON-RPC
  // request sent in the POST body": the answer to a POST is where its response goes.
  base('http.response-on-request-stream', "A request's response comes back in the answer to its own POST", at('sending-messages-to-the-server', 'SHOULD'), ['http-response-on-get-stream'], async (ctx) => {
    const got = await pingsWithGetStream(ctx, true);
    if (typeof got === 'string') return ctx.skip(got);
    const misplaced = got.ids.filter((id) => got.onGet.some((m) => isResponseTo(m, id)));
    if (misplaced.length === 0 && got.answered) return ctx.pass();
    return ctx.fail({
      expected: 'each response in the JSON body or SSE stream of the POST that carried its request',
      actual: misplaced.length > 0 ? `the response(s) to id ${misplaced.join(', ')} arrived on the GET stream` : 'a ping got no response',
    });
  }),

  // SHTTP-012 and basic#messages: every body and every SSE `data` carries one JSON-RPC message.
  {
    id: 'http.messages-are-jsonrpc',
    title: 'Every HTTP body and SSE data field the server sends is one JSON-RPC message',
    spec: at('sending-messages-to-the-server', 'MUST'),
    side: 'server',
    revisions: RANGE,
    transports: ['streamable-http'],
    faults: ['http-sse-non-json-data'],
    connection: 'passive',
    async run(ctx) {
      const bad = ctx.observations().filter((o) => o.kind === 'not-json-line' || o.kind === 'not-jsonrpc' || o.kind === 'invalid-utf8');
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'one JSON-RPC message (UTF-8 JSON) per body or SSE data field', actual: `${bad.length} violation(s); first: ${bad[0]?.detail}` });
    },
  },

  // SHTTP-051: "If the server receives a request with an invalid or unsupported
  // MCP-Protocol-Version, it MUST respond with 400 Bad Request."
  base('http.protocol-version-unsupported-400', 'An unsupported MCP-Protocol-Version header gets 400 Bad Request', at('protocol-version-header', 'MUST'), ['http-protocol-version-unchecked'], async (ctx) => {
    const t = await own(ctx);
    const wrong: string[] = [];
    for (const value of ['1999-01-01', 'not-a-version']) {
      const r = await post(ctx, t, { id: `version-${value}`, method: 'ping' }, { 'MCP-Protocol-Version': value });
      if (r.status !== 400) wrong.push(`${value}: ${said(r)}`);
    }
    if (wrong.length === 0) return ctx.pass();
    return ctx.fail({ expected: 'HTTP 400 Bad Request for MCP-Protocol-Version 1999-01-01 and not-a-version', actual: wrong.join('; ') });
  }, between('2025-06-18', '2025-11-25')),

  // SHTTP-052: without the header "and [with] no other way to identify the version ... the
  // server SHOULD assume protocol version 2025-03-26"; the negotiated version is such a way.
  base('http.protocol-version-absent-accepted', 'A request without MCP-Protocol-Version is still served', at('protocol-version-header', 'SHOULD'), ['http-protocol-version-required'], async (ctx) => {
    const r = await post(ctx, await own(ctx), { id: 'no-version', method: 'ping' }, { 'MCP-Protocol-Version': null });
    if (ok(r) && r.answered) return ctx.pass();
    return ctx.fail({ expected: 'the ping answered (the negotiated version, or 2025-03-26, is assumed)', actual: said(r) });
  }, between('2025-06-18', '2025-11-25')),

  // SHTTP-002: "Servers MUST validate the Origin header on all incoming connections to prevent
  // DNS rebinding attacks". Which origins are valid is the server's policy, so accepting a
  // foreign one is reported as a warning (a server may validate Host instead, or allow all).
  base('http.origin-validated', 'A request from a foreign Origin is rejected', at('security-warning', 'MUST'), ['http-origin-not-validated'], async (ctx) => {
    const r = await post(ctx, await own(ctx), { id: 'origin', method: 'ping' }, { Origin: FOREIGN_ORIGIN });
    if (r.status >= 400 && r.status < 500) return ctx.pass();
    return ctx.warn({
      expected: `Origin: ${FOREIGN_ORIGIN} rejected (HTTP 403 from 2025-11-25)`,
      actual: said(r),
      reason: 'the server accepted a foreign Origin: unless it allows every origin on purpose, a web page could reach it by DNS rebinding',
    });
  }),

  // 2025-11-25 security warning: "If the Origin header is present and invalid, servers MUST
  // respond with HTTP 403 Forbidden."
  base('http.origin-forbidden-403', 'A rejected Origin gets 403 Forbidden', at('security-warning', 'MUST'), ['http-origin-rejected-400'], async (ctx) => {
    const r = await post(ctx, await own(ctx), { id: 'origin-403', method: 'ping' }, { Origin: FOREIGN_ORIGIN });
    if (ok(r)) return ctx.skip(`the server accepted Origin: ${FOREIGN_ORIGIN} (see http.origin-validated)`);
    if (r.status === 403) return ctx.pass();
    return ctx.fail({ expected: 'HTTP 403 Forbidden for an invalid Origin', actual: said(r) });
  }, only('2025-11-25')),

  // Header names are case-insensitive (RFC 9110 §5.1); 2025-11-25 itself respells
  // Mcp-Session-Id as MCP-Session-Id. A server must accept them in any case.
  base('http.header-names-case-insensitive', 'Session and version headers are recognised in any letter case', at('session-management', 'MUST'), ['http-header-case-sensitive'], async (ctx) => {
    const t = await own(ctx);
    const odd: HeaderOverrides = {};
    const session = t.sessionHeaders();
    for (const [name, value] of Object.entries(session)) odd[name.toLowerCase()] = value;
    if (Object.keys(odd).length === 0) return ctx.skip('no session id and no protocol version header to send');
    const r = await post(ctx, t, { id: 'header-case', method: 'ping' }, odd);
    if (ok(r) && r.answered) return ctx.pass();
    return ctx.fail({ expected: `the ping answered with headers spelled ${Object.keys(odd).join(', ')}`, actual: said(r) });
  }),

  // SHTTP-014 (2025-11-25): "The server SHOULD immediately send an SSE event consisting of an
  // event ID and an empty data field in order to prime the client to reconnect".
  base('http.sse-priming-event', 'An SSE answer starts with an event carrying an id and empty data', at('sending-messages-to-the-server', 'SHOULD'), ['http-no-priming-event'], async (ctx) => {
    const r = await post(ctx, await own(ctx), { id: 'priming', method: 'ping' });
    if (r.contentType !== 'text/event-stream') return ctx.skip(`the request was answered with ${said(r)}, not a stream`);
    const first = r.events?.[0];
    if (first?.id !== undefined && first.data === '') return ctx.pass();
    return ctx.fail({ expected: 'a first event with an id and empty data', actual: first ? `first event: id ${first.id ?? '(none)'}, data ${ctx.brief(first.data, 120)}` : 'no event' });
  }, only('2025-11-25')),

  // SHTTP-030: event ids, "If present, the ID MUST be globally unique across all streams
  // within that session".
  base('http.sse-event-ids-unique', 'SSE event ids are unique across the streams of a session', at('resumability-and-redelivery', 'MUST'), ['http-event-id-reused'], async (ctx) => {
    const t = await own(ctx);
    const answers = [];
    for (const n of [1, 2, 3]) answers.push(await post(ctx, t, { id: `ids-${n}`, method: 'ping' }));
    const ids = answers.flatMap((r) => (r.events ?? []).flatMap((e) => (e.id !== undefined && e.id !== '' ? [e.id] : [])));
    if (ids.length === 0) return ctx.skip('the server attaches no SSE event ids (resumability is a MAY)');
    const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    if (repeated.length === 0) return ctx.pass();
    return ctx.fail({ expected: 'every event id used once in the session', actual: `ids used more than once: ${repeated.slice(0, 5).join(', ')} (of ${ids.join(', ')})` });
  }),

  // SHTTP-031: with Last-Event-ID "The server MAY use this header to replay messages ... on the
  // stream that was disconnected ... The server MUST NOT replay messages that would have been
  // delivered on a different stream." Only judged when the server opts in (event ids, a replay).
  base('http.resume-replays-own-stream-only', 'A GET with Last-Event-ID replays only the events of that stream', at('resumability-and-redelivery', 'MUST'), ['http-replay-other-streams'], async (ctx) => {
    const t = await own(ctx);
    const a = await post(ctx, t, { id: 'resume-a', method: 'ping' });
    const b = await post(ctx, t, { id: 'resume-b', method: 'ping' });
    const from = a.events?.find((e) => e.id !== undefined && e.id !== '');
    if (!from?.id) return ctx.skip('the server attaches no event ids to POST streams: resumption is not offered (MAY)');
    const other = new Set((b.events ?? []).filter((e) => e.data !== '').map((e) => e.data));
    const r = await t.raw({
      method: 'GET',
      headers: { Accept: 'text/event-stream', ...t.sessionHeaders(), 'Last-Event-ID': from.id },
      owner: ctx.owner,
      sseWindowMs: Math.min(ctx.timeoutMs, 1000),
    });
    if (r.status !== 200 || r.contentType !== 'text/event-stream') return ctx.pass(`no resumption (${said(r)}): a MAY`);
    const foreign = (r.events ?? []).filter((e) => e.data !== '' && (other.has(e.data) || isResponseTo(messageOf(e), 'resume-b')));
    if (foreign.length === 0) return ctx.pass();
    return ctx.fail({
      expected: `after Last-Event-ID ${from.id} (a stream of request resume-a), only later events of that stream`,
      actual: `${foreign.length} event(s) of another stream replayed, e.g. ${ctx.brief(foreign[0]?.data, 160)}`,
    });
  }),

  // SHTTP-013: "After the JSON-RPC response has been sent, the server SHOULD close [2025-11-25:
  // terminate] the SSE stream."
  base('http.sse-stream-ends-after-response', 'An SSE answer ends once the response is sent', at('sending-messages-to-the-server', 'SHOULD'), ['http-sse-stream-left-open'], async (ctx) => {
    const window = Math.min(ctx.timeoutMs, 2000);
    const r = await (await own(ctx)).post({ jsonrpc: '2.0', id: 'stream-end', method: 'ping' }, { waitMs: window, readAll: true });
    if (r.contentType !== 'text/event-stream') return ctx.skip(`the request was answered with ${said(r)}, not a stream`);
    if (!r.answered || r.streamEnded) return r.answered ? ctx.pass() : ctx.skip('the stream carried no response (see http.response-on-request-stream)');
    return ctx.fail({ expected: 'the stream ends after the response', actual: `still open ${window} ms after the POST (the response came)` });
  }),
];

/** Two pings on the peer while a GET stream is open; what the GET stream carried meanwhile. */
async function pingsWithGetStream(ctx: CheckContext, optional = false): Promise<string | { onGet: Record<string, unknown>[]; ids: number[]; answered: boolean }> {
  if (!ctx.http) return 'not an HTTP target';
  const session = await ctx.session();
  const t = ctx.http.of(session);
  const watch = t.watch();
  const get = await t.openGetStream();
  const open = get.status === 200 && get.contentType === 'text/event-stream';
  if (!open && !optional) return `no GET stream to watch (HTTP ${get.status})`;
  const replies = [];
  for (let i = 0; i < 2; i++) replies.push(await session.request('ping', undefined));
  await new Promise((r) => setTimeout(r, 100)); // a stray copy would come right after
  const ids = replies.flatMap((r) => (r.kind === 'result' || r.kind === 'error' ? [r.message.id as number] : []));
  const onGet = [...watch.streams].filter(([label]) => label.startsWith('GET')).flatMap(([, s]) => s.events.map(messageOf).filter((m): m is Record<string, unknown> => m !== undefined));
  return { onGet, ids, answered: ids.length === replies.length };
}
