// SSE streams of Streamable HTTP: the GET stream and where responses go (SHTTP-013, 020, 021),
// priming, event ids and resumption (SHTTP-014, 030, 031), all 2025-03-26..2025-11-25; and the
// end of a request's stream after its response, in both shapes (SHTTP-013, SHTTP-105).
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { isResponseTo, messageOf, type SseEvent } from '../../../../../harness/checks/http-access.js';
import { only } from '../../../../../harness/revisions.js';
import { SESSIONFUL, STREAMABLE, legacyAt, modernAt } from './transport-spec.js';
import { own, post } from './own-http-session.js';
import { said, unansweredHttp } from './raw-answers.js';
import { notAStream, toolStream } from './tool-call-stream.js';

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
      if ((info.status === 200 && info.contentType === 'text/event-stream') || info.status === 405) return ctx.pass();
      if (info.status === 401 || info.status === 403) return ctx.skip(`the GET was refused for authorization (HTTP ${info.status}; see auth.*)`);
      if (info.status === 0) return ctx.skip('no-answer', "the GET got no HTTP answer: nothing to judge, and whether the server answers at all is left to the harness's timeout handling");
      return ctx.fail({ expected: 'HTTP 200 with Content-Type text/event-stream, or 405', actual: `HTTP ${info.status}${info.contentType ? ` ${info.contentType}` : ''}${info.body ? `: ${info.body.slice(0, 120)}` : ''}` });
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
      if (typeof got === 'string') return ctx.skip(got);
      const wrong = got.onGet.filter((m) => !('method' in m) && ('result' in m || 'error' in m));
      if (wrong.length === 0) return ctx.pass();
      return ctx.fail({ expected: 'no JSON-RPC response on the GET stream', actual: `${wrong.length} response(s) on it, e.g. ${ctx.brief(wrong[0], 160)}` });
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
      if (typeof got === 'string') return ctx.skip(got);
      const misplaced = got.ids.filter((id) => got.onGet.some((m) => isResponseTo(m, id)));
      if (misplaced.length === 0 && got.answered) return ctx.pass();
      // A ping with no response anywhere shows no place: whether it is answered at all is the harness's timeout handling.
      if (misplaced.length === 0) return ctx.skip('no-answer', "a ping got no response anywhere: no place to judge, and whether the server answers at all is left to the harness's timeout handling");
      return ctx.fail({
        expected: 'each response in the JSON body or SSE stream of the POST that carried its request',
        actual: misplaced.length > 0 ? `the response(s) to id ${misplaced.join(', ')} arrived on the GET stream` : 'a ping got no response',
      });
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
      if (r.status === 0) return ctx.skip('no-answer', unansweredHttp('the ping', r));
      if (r.contentType !== 'text/event-stream') return ctx.skip(`the request was answered with ${said(r)}, not a stream`);
      const first = r.events?.[0];
      if (!first) return ctx.skip('no-answer', "the stream carried no event in time: no first event to judge, and whether the server answers at all is left to the harness's timeout handling");
      if (first?.id !== undefined && first.data === '') return ctx.pass();
      return ctx.fail({ expected: 'a first event with an id and empty data', actual: first ? `first event: id ${first.id ?? '(none)'}, data ${ctx.brief(first.data, 120)}` : 'no event' });
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
      if (repeated.length === 0) return ctx.pass();
      return ctx.fail({ expected: 'every event id used once in the session', actual: `ids used more than once: ${repeated.slice(0, 5).join(', ')} (of ${ids.join(', ')})` });
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
      if (r.status !== 200 || r.contentType !== 'text/event-stream') return ctx.skip('not-offered', `the server did not resume the stream (${said(r)}): replay is a MAY, nothing to judge`);
      const foreign = (r.events ?? []).filter(isForeign);
      if (foreign.length === 0) return ctx.pass(`nothing of another stream within ${window} ms of the resumed stream's headers`);
      return ctx.fail({
        expected: `after Last-Event-ID ${from.id} (a stream of request resume-a), only later events of that stream`,
        actual: `${foreign.length} event(s) of another stream replayed, e.g. ${ctx.brief(foreign[0]?.data, 160)}`,
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
      if (r.contentType !== 'text/event-stream') return ctx.skip(`the request was answered with ${said(r)}, not a stream`);
      if (!r.answered) return ctx.skip('the stream carried no response (see http.response-on-request-stream)');
      if (r.streamEnded) return ctx.pass();
      return ctx.fail({ expected: 'the stream ends after the response', actual: `still open ${window} ms after the POST (the response came)` });
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
async function modernStreamEnd(ctx: CheckContext, window: number) {
  const call = await toolStream(ctx);
  if (typeof call === 'string') return ctx.skip(`no streamed answer to observe: ${call}`);
  const why = notAStream(call);
  if (why !== undefined || !call.stream) return ctx.skip(why ?? 'no stream');
  const stream = call.stream;
  if (await call.t.watch().until(() => stream.ended, window)) return ctx.pass();
  return ctx.fail({ expected: 'the stream ends after the response', actual: `the stream of ${call.plan.describe} was still open ${window} ms after its response` });
}

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
