// SSE streams of Streamable HTTP: the GET stream and where responses go (SHTTP-013, 020, 021),
// priming, event ids and resumption (SHTTP-014, 030, 031), all 2025-03-26..2025-11-25; and the
// end of a request's stream after its response, in both shapes (SHTTP-013, SHTTP-105).
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { isResponseTo, messageOf, type SseEvent } from '../../../../../harness/checks/http-access.js';
import { only } from '../../../../../harness/revisions.js';
import { allOf, anyOf, contentType, expectEvent, expectHttp, httpExchange, httpLine, noHttpAnswer, status } from '../../../../../harness/verify/http.js';
import { expectNone, ownJudgement } from '../../../../../harness/verify/index.js';
import { SESSIONFUL, STREAMABLE, legacyAt, modernAt } from './transport-spec.js';
import { own, post } from './own-http-session.js';
import { streamed, toolStream } from './tool-call-stream.js';

/** An SSE stream opened: HTTP 200 with Content-Type text/event-stream. */
const SSE_STREAM = allOf(status(200), contentType('text/event-stream'));

/** Why a GET stream was not there to watch: the skip for its answer. */
function noGetStream(ctx: CheckContext, r: { status: number; problem?: string }): Verdict {
  if (r.status === 0) return ctx.skip('no-answer', noHttpAnswer('the GET for the stream', r));
  // A token only the user can give (one with the scope the stream needs).
  if (r.status === 401 || r.status === 403) return ctx.skip('not-allowed', `the GET was refused for authorization (HTTP ${r.status}; see auth.*)`);
  if (r.status === 405) return ctx.skip('not-offered', 'the server offers no GET stream (405, which the transport allows)');
  return ctx.skip('cannot-set-up', `no GET stream to watch (HTTP ${r.status})`);
}

export const streamsChecks = defineChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-020: "The server MUST either return Content-Type: text/event-stream in response to
  // this HTTP GET, or else return HTTP 405 Method Not Allowed".
  {
    id: 'http.get-stream-or-405',
    title: 'GET on the MCP endpoint opens an SSE stream or answers 405',
    spec: legacyAt('listening-for-messages-from-the-server', 'MUST'),
    requirement:
      'The server MUST either return Content-Type: text/event-stream in response to this HTTP GET, or else return HTTP 405 Method Not Allowed, indicating that the server does not offer an SSE stream at this endpoint.',
    revisions: SESSIONFUL,
    // SHTTP-001 too: "a single HTTP endpoint path ... that supports both POST and GET methods";
    // every other check POSTs there, this one GETs it (405 is the answer SHTTP-020 allows).
    digest: ['SHTTP-020', 'SHTTP-001'],
    faults: ['http-get-wrong-status'],
    async run(ctx) {
      const info = await (await own(ctx)).openGetStream();
      if (info.status === 401 || info.status === 403) return noGetStream(ctx, info);
      return expectHttp(ctx, httpExchange('GET on the MCP endpoint (Accept: text/event-stream)', info), anyOf(SSE_STREAM, status(405)));
    },
  },

  // SHTTP-021: "The server MUST NOT send a JSON-RPC response on the stream unless resuming a
  // stream associated with a previous client request."
  {
    id: 'http.no-response-on-get-stream',
    title: 'The GET stream carries no JSON-RPC responses',
    spec: legacyAt('listening-for-messages-from-the-server', 'MUST'),
    requirement: 'The server MUST NOT send a JSON-RPC response on the stream unless resuming a stream associated with a previous client request.',
    revisions: SESSIONFUL,
    // SHTTP-022 too, for responses: one sent on the GET stream besides its POST's is the
    // broadcast "MUST NOT broadcast the same message across multiple streams" forbids.
    digest: ['SHTTP-021', 'SHTTP-022'],
    faults: ['http-response-on-get-stream'],
    async run(ctx) {
      const got = await pingsWithGetStream(ctx);
      if ('status' in got) return got;
      const wrong = got.onGet.filter((m) => !('method' in m) && ('result' in m || 'error' in m));
      // The stream was open while two pings were answered: what it carried meanwhile is judged, even nothing.
      return expectNone(
        ctx,
        wrong.map((m) => `a response on it: ${ctx.brief(m, 160)}`),
        { expected: 'no JSON-RPC response on the GET stream', note: `${got.onGet.length} message(s) on the GET stream while ${got.ids.length} ping(s) were answered` },
      );
    },
  },

  // SHTTP-013: "The SSE stream SHOULD eventually include a JSON-RPC response for the JSON-RPC
  // request sent in the POST body": the answer to a POST is where its response goes.
  {
    id: 'http.response-on-request-stream',
    title: "A request's response comes back in the answer to its own POST",
    spec: legacyAt('sending-messages-to-the-server', 'SHOULD'),
    requirement: 'The SSE stream SHOULD eventually include JSON-RPC response for the JSON-RPC request sent in the POST body.',
    revisions: SESSIONFUL,
    digest: ['SHTTP-013'],
    faults: ['http-response-on-get-stream'],
    async run(ctx) {
      const got = await pingsWithGetStream(ctx, true);
      if ('status' in got) return got;
      const misplaced = got.ids.filter((id) => got.onGet.some((m) => isResponseTo(m, id)));
      // A ping with no response anywhere shows no place: whether it is answered at all is the harness's timeout handling.
      if (misplaced.length === 0 && !got.answered) return ctx.skip('no-answer', "a ping got no response anywhere: no place to judge, and whether the server answers at all is left to the harness's timeout handling");
      return expectNone(
        ctx,
        misplaced.map((id) => `the response to id ${id} arrived on the GET stream`),
        { expected: 'each response in the JSON body or SSE stream of the POST that carried its request', judged: got.ids.length },
      );
    },
  },

  // SHTTP-014 (2025-11-25): "The server SHOULD immediately send an SSE event consisting of an
  // event ID and an empty data field in order to prime the client to reconnect".
  {
    id: 'http.sse-priming-event',
    title: 'An SSE answer starts with an event carrying an id and empty data',
    spec: legacyAt('sending-messages-to-the-server', 'SHOULD'),
    requirement: 'The server SHOULD immediately send an SSE event consisting of an event ID and an empty data field in order to prime the client to reconnect (using that event ID as Last-Event-ID).',
    revisions: only('2025-11-25'),
    digest: ['SHTTP-014'],
    faults: ['http-no-priming-event'],
    async run(ctx) {
      const r = await post(ctx, await own(ctx), { id: 'priming', method: 'ping' });
      if (r.status === 0) return ctx.skip('no-answer', noHttpAnswer('the ping', r));
      // The rule is about SSE answers; answering in JSON is the server's choice.
      if (r.contentType !== 'text/event-stream') return ctx.skip('not-applicable', `the request was answered with ${httpLine(r)}, not a stream`);
      const first = r.events?.[0];
      return expectEvent(ctx, 'the first event of the SSE answer to a ping', first ? { event: first } : undefined, { expected: 'an event with an id and empty data', keeps: (e) => e.id !== undefined && e.data === '' });
    },
  },

  // SHTTP-030: event ids, "If present, the ID MUST be globally unique across all streams
  // within that session".
  {
    id: 'http.sse-event-ids-unique',
    title: 'SSE event ids are unique across the streams of a session',
    spec: legacyAt('resumability-and-redelivery', 'MUST'),
    requirement: 'If present, the ID MUST be globally unique across all streams within that session, or all streams with that specific client, if session management is not in use.',
    revisions: SESSIONFUL,
    digest: ['SHTTP-030'],
    faults: ['http-event-id-reused'],
    async run(ctx) {
      const t = await own(ctx);
      const answers = [];
      for (const n of [1, 2, 3]) answers.push(await post(ctx, t, { id: `ids-${n}`, method: 'ping' }));
      const ids = answers.flatMap((r) => (r.events ?? []).flatMap((e) => (e.id !== undefined && e.id !== '' ? [e.id] : [])));
      if (ids.length === 0) return ctx.skip('not-offered', 'the server attaches no SSE event ids (resumability is a MAY)');
      const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
      return expectNone(ctx, repeated.map((id) => `id ${id} used more than once`), { expected: 'every event id used once in the session', judged: ids.length, reason: `the ids of three POST streams: ${ids.join(', ')}` });
    },
  },

  // SHTTP-031: with Last-Event-ID "The server MAY use this header to replay messages ... on the
  // stream that was disconnected ... The server MUST NOT replay messages that would have been
  // delivered on a different stream." Only judged when the server resumes (event ids, a replay).
  {
    id: 'http.resume-replays-own-stream-only',
    title: 'A GET with Last-Event-ID replays only the events of that stream',
    spec: legacyAt('resumability-and-redelivery', 'MUST'),
    requirement: 'The server MUST NOT replay messages that would have been delivered on a different stream.',
    revisions: SESSIONFUL,
    digest: ['SHTTP-031'],
    faults: ['http-replay-other-streams'],
    async run(ctx) {
      const t = await own(ctx);
      const a = await post(ctx, t, { id: 'resume-a', method: 'ping' });
      const sentB = performance.now();
      const b = await post(ctx, t, { id: 'resume-b', method: 'ping' });
      const roundTripMs = performance.now() - sentB;
      const from = a.events?.find((e) => e.id !== undefined && e.id !== '');
      if (!from?.id) return ctx.skip('not-offered', 'the server attaches no event ids to POST streams: resumption is not offered (MAY)');
      const other = new Set((b.events ?? []).filter((e) => e.data !== '').map((e) => e.data));
      const isForeign = (e: SseEvent): boolean => e.data !== '' && (other.has(e.data) || isResponseTo(messageOf(e), 'resume-b'));
      const window = replayWindowMs(roundTripMs, ctx.timeoutMs);
      const r = await t.raw({
        method: 'GET',
        headers: { Accept: 'text/event-stream', ...t.sessionHeaders(), 'Last-Event-ID': from.id },
        owner: ctx.owner,
        sseWindowMs: window,
        sseUntil: (events) => events.some(isForeign),
      });
      if (!SSE_STREAM.keeps(r, undefined)) return ctx.skip('not-offered', `the server did not resume the stream (${httpLine(r)}): replay is a MAY, nothing to judge`);
      const foreign = (r.events ?? []).filter(isForeign);
      return expectNone(ctx, foreign.map((e) => `an event of another stream replayed: ${ctx.brief(e.data, 160)}`), {
        expected: `after Last-Event-ID ${from.id} (a stream of request resume-a), only later events of that stream`,
        note: `nothing of another stream within ${window} ms of the resumed stream's headers`,
      });
    },
  },

  // SHTTP-013: "After the JSON-RPC response has been sent, the server SHOULD close [2025-11-25:
  // terminate] the SSE stream." SHTTP-105 (2026-07-28): "The final JSON-RPC response SHOULD
  // terminate the stream."
  {
    id: 'http.sse-stream-ends-after-response',
    title: 'An SSE answer ends once the response is sent',
    spec: [legacyAt('sending-messages-to-the-server', 'SHOULD'), modernAt('receiving-messages', 'SHOULD')],
    requirement: 'After the JSON-RPC response has been sent, the server SHOULD terminate the SSE stream. (2026-07-28: The final JSON-RPC response SHOULD terminate the stream.)',
    revisions: STREAMABLE,
    digest: ['SHTTP-013', 'SHTTP-105'],
    faults: ['http-sse-stream-left-open'],
    async run(ctx) {
      // The whole timeout: on a busy machine a stream may end a while after its response.
      const window = ctx.timeoutMs;
      if (ctx.era === 'modern') return modernStreamEnd(ctx, window);
      const r = await (await own(ctx)).post({ jsonrpc: '2.0', id: 'stream-end', method: 'ping' }, { waitMs: window, readAll: true });
      if (r.status === 0) return ctx.skip('no-answer', noHttpAnswer('the ping', r));
      // The rule is about SSE answers; answering in JSON is the server's choice.
      if (r.contentType !== 'text/event-stream') return ctx.skip('not-applicable', `the request was answered with ${httpLine(r)}, not a stream`);
      if (!r.answered) return ctx.skip('no-answer', `the stream carried no response within ${window} ms (see http.response-on-request-stream)`);
      return streamEnd(ctx, r.streamEnded === true, `the stream of the ping was still open ${window} ms after the POST (the response came)`);
    },
  },
]);

/**
 * How long a resumed stream is read for a replay. A server replays what it stored as soon as it
 * answers the GET, so the window scales with its own round trip (a POST's, measured just
 * before), from 250 ms on a local server up to 1 s (or the timeout).
 */
function replayWindowMs(roundTripMs: number, timeoutMs: number): number {
  return Math.round(Math.min(timeoutMs, 1000, Math.max(250, roundTripMs * 10)));
}

/** 2026-07-28: a tool call answered as a stream; does the stream end once the response came? */
async function modernStreamEnd(ctx: CheckContext, window: number): Promise<Verdict> {
  const call = await toolStream(ctx);
  if ('status' in call) return call;
  const s = streamed(ctx, call);
  if ('status' in s) return s;
  const ended = await s.t.watch().until(() => s.stream.ended, window);
  return streamEnd(ctx, ended, `the stream of ${s.plan.describe} was still open ${window} ms after its response`);
}

/**
 * Whether a stream ended after its response: no verifier judges the end of a stream (its
 * absence is a wait the window decided, not an answer), so the check says it itself.
 */
function streamEnd(ctx: CheckContext, ended: boolean, open: string): Verdict {
  return ownJudgement(ctx, ended ? {} : { broken: { expected: 'the stream ends after the response', actual: open } }, 'the end of an SSE stream is no answer a verifier reads');
}

/** Two pings on the peer while a GET stream is open; what the GET stream carried meanwhile (or why there was none to watch). */
async function pingsWithGetStream(ctx: CheckContext, optional = false): Promise<Verdict | { onGet: Record<string, unknown>[]; ids: number[]; answered: boolean }> {
  if (!ctx.http) throw new Error('not an HTTP target');
  const session = await ctx.session();
  const t = ctx.http.of(session);
  const watch = t.watch();
  const get = await t.openGetStream();
  if (!SSE_STREAM.keeps(get, undefined) && !optional) return noGetStream(ctx, get);
  const replies = [];
  for (let i = 0; i < 2; i++) replies.push(await session.request('ping', undefined));
  await new Promise((r) => setTimeout(r, 100)); // a stray copy would come right after
  const ids = replies.flatMap((r) => (r.kind === 'result' || r.kind === 'error' ? [r.message.id as number] : []));
  const onGet = [...watch.streams].filter(([label]) => label.startsWith('GET')).flatMap(([, s]) => s.events.map(messageOf).filter((m): m is Record<string, unknown> => m !== undefined));
  return { onGet, ids, answered: ids.length === replies.length };
}
