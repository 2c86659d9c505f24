// SSE answers and broken streams: a ping on the SSE answer of a POST is answered; SSE comment
// lines are ignored; a dropped legacy stream is resumed with GET and Last-Event-ID after
// `retry`; a dropped 2026-07-28 stream is not resumed but re-issued with a new id.
// Spec: basic/transports (2025-03-26..2025-11-25), basic/transports/streamable-http, changelog.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import type { ClientCheckContext } from '../../../../../harness/client/context.js';
import { RANGE, only } from '../../../../../harness/revisions.js';
import { HTTP_RESUMPTION, RECONNECTION_TOOL } from '../../../scenarios/http-resumption.js';
import { HTTP_STREAMABLE } from '../../../scenarios/http-streamable.js';
import { describeRequest, header, paramsSansMeta, posts, requestOf, sameJson, type HttpRecord, type Post } from '../../../support/http.js';
import { endedByTool } from '../../../support/wire.js';
import { expectNone, ownJudgement, type Violation } from '../../../../../harness/verify/index.js';

/** The POST whose SSE answer the tool cut, and what the client did afterwards. */
function afterCut(ctx: ClientCheckContext): { cut: Post; info: NonNullable<HttpRecord['cut']>; later: HttpRecord[] } | undefined {
  const cut = posts(ctx.recording).find((p) => p.record.cut);
  if (!cut?.record.cut) return undefined;
  const info = cut.record.cut;
  return { cut, info, later: ctx.recording.http.filter((r) => r.seq > info.seq) };
}
const NO_CUT = `the client did not call ${RECONNECTION_TOOL} (no answer stream was cut)`;

/** Why no verifier fits: what the client sent after the tool cut its answer stream, and when, is an order of requests. */
const WHY_AFTER_CUT = 'what the client sent after its answer stream was cut, and when: an order of requests';

export const httpStreamChecks = defineClientChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'] }, [
  // Ping: "The receiver MUST respond promptly with an empty response"; transports: "Every
  // JSON-RPC message sent from the client MUST be a new HTTP POST request to the MCP endpoint."
  // The server "MAY send JSON-RPC requests and notifications before sending the JSON-RPC response".
  {
    id: 'http.sse-server-request-answered',
    title: 'A ping the server sends on the SSE answer of a POST is answered (by POST)',
    spec: { url: 'basic/utilities/ping#behavior-requirements', level: 'MUST' },
    requirement: 'The receiver MUST respond promptly with an empty response.',
    digest: ['SHTTP-010', 'PING-001'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.sessionfulHttp,
    faults: ['ping-unanswered'],
    async run(ctx) {
      const pings = ctx.recording.toClient().filter((m) => m.message.method === 'ping' && 'id' in m.message);
      // Loose id match: the id's type is another rule (base.response-id); here, was it answered at all?
      const answers = new Set(ctx.recording.responses().map((r) => String(r.message.id)));
      const unanswered = pings.filter((ping) => !answers.has(String(ping.message.id)));
      return expectNone(ctx, unanswered.map((ping): Violation => ({ text: `no response to ping ${JSON.stringify(ping.message.id)}`, seq: ping.seq })), {
        expected: 'a POSTed response to each ping on an SSE answer',
        judged: pings.length,
        nothing: { code: 'nothing-observed', detail: 'the tool sent no ping (the client made no tool call)' },
      });
    },
  },

  // SHTTP-107 (2026-07-28, receiving messages): "Per the SSE specification, any line beginning
  // with a colon is a comment that carries no event data; clients must ignore such lines and must
  // not treat them as malformed input." A client that drops the stream re-sends the request.
  {
    id: 'http.sse-comments-ignored',
    title: 'SSE comment lines on an answer are ignored (the answer is used, not re-requested)',
    spec: { url: '#receiving-messages', level: 'MUST' },
    requirement: 'Per the SSE specification, any line beginning with a colon is a comment that carries no event data; clients must ignore such lines and must not treat them as malformed input.',
    digest: ['SHTTP-107'],
    scenario: HTTP_STREAMABLE,
    revisions: RANGE.modern,
    faults: ['sse-comment-not-ignored'],
    async run(ctx) {
      const all = posts(ctx.recording).filter((p) => requestOf(p));
      const commented = all.filter((p) => p.record.answer === 'sse' && p.record.comments && !p.record.cut);
      const violations = commented.flatMap((p): Violation[] => {
        const request = requestOf(p) as Record<string, unknown>;
        const next = all.find((q) => q.record.seq > p.record.seq);
        const again = next ? requestOf(next) : undefined;
        if (!next || !again || again.method !== request.method || !sameJson(paramsSansMeta(again), paramsSansMeta(request))) return [];
        ctx.cite(p.record.seq);
        return [{ text: `the client sent ${String(request.method)} again right after its SSE answer (with comment lines): the answer was not taken`, seq: next.record.seq }];
      });
      return expectNone(ctx, violations, {
        expected: 'each answer read past its SSE comment lines (not requested again)',
        judged: commented.length,
        note: `${commented.length} SSE answers with comment lines were taken`,
        nothing: { code: 'nothing-observed', detail: 'no request of the client was answered on an SSE stream' },
      });
    },
  },

  // SHTTP-014 (2025-11-25): "If the server does close the connection prior to terminating the
  // SSE stream, it SHOULD send an SSE event with a standard retry field before closing the
  // connection. The client MUST respect the retry field, waiting the given number of
  // milliseconds before attempting to reconnect."
  {
    id: 'http.resume-waits-retry',
    title: 'A dropped SSE stream is reconnected no sooner than its retry field says',
    spec: { url: 'basic/transports#sending-messages-to-the-server', level: 'MUST' },
    requirement: 'The client MUST respect the retry field, waiting the given number of milliseconds before attempting to reconnect.',
    digest: ['SHTTP-014'],
    scenario: HTTP_RESUMPTION,
    revisions: only('2025-11-25'),
    faults: ['http-resume-ignores-retry'],
    async run(ctx) {
      const found = afterCut(ctx);
      if (!found) return ctx.skip('nothing-observed', NO_CUT);
      const get = found.later.find((r) => r.method === 'GET');
      if (!get) return ctx.skip('nothing-observed', 'the client did not reconnect after the stream was closed');
      const retry = found.info.retryMs ?? 0;
      const waited = get.t - found.info.t;
      ctx.cite(found.info.seq, get.seq);
      // Rounded clocks and timer slack: a tenth of the retry.
      if (waited >= retry * 0.9) return ownJudgement(ctx, { note: `reconnected after ${waited} ms (retry ${retry} ms)` }, WHY_AFTER_CUT);
      return ownJudgement(ctx, { broken: { expected: `a reconnect at least ${retry} ms after the stream closed (retry: ${retry})`, actual: `GET after ${waited} ms` } }, WHY_AFTER_CUT);
    },
  },

  // SHTTP-014/031: "If the client wishes to resume after a disconnection (whether due to network
  // failure or server-initiated closure), it SHOULD issue an HTTP GET to the MCP endpoint, and
  // include the Last-Event-ID header to indicate the last event ID it received." 2025-11-25 also:
  // after the server closes the connection, "The client SHOULD then 'poll' the SSE stream by
  // attempting to reconnect."
  {
    id: 'http.resume-last-event-id',
    title: 'A dropped SSE stream is resumed with GET and the last event id received',
    spec: { url: 'basic/transports#resumability-and-redelivery', level: 'SHOULD' },
    requirement:
      'If the client wishes to resume after a disconnection (whether due to network failure or server-initiated closure), it SHOULD issue an HTTP GET to the MCP endpoint, and include the Last-Event-ID header to indicate the last event ID it received.',
    digest: ['SHTTP-014', 'SHTTP-031'],
    scenario: HTTP_RESUMPTION,
    revisions: RANGE.sessionfulHttp,
    faults: ['http-resume-without-last-event-id'],
    async run(ctx) {
      const found = afterCut(ctx);
      if (!found) return ctx.skip('nothing-observed', NO_CUT);
      const get = found.later.find((r) => r.method === 'GET');
      ctx.cite(found.info.seq);
      if (!get) {
        if (ctx.in(only('2025-11-25'))) return ownJudgement(ctx, { broken: { expected: `a GET with Last-Event-ID: ${found.info.lastEventId} ("the client SHOULD then poll the SSE stream")`, actual: 'no reconnect after the server closed the stream' } }, WHY_AFTER_CUT);
        return ctx.skip('not-applicable', 'the client did not try to resume the dropped stream (resuming is its choice before 2025-11-25)');
      }
      ctx.cite(get.seq);
      const sent = header(get, 'last-event-id');
      const broken = sent === found.info.lastEventId ? undefined : { expected: `GET with Last-Event-ID: ${found.info.lastEventId}`, actual: sent === undefined ? 'GET without Last-Event-ID' : `GET with Last-Event-ID: ${sent}` };
      return ownJudgement(ctx, broken ? { broken } : {}, WHY_AFTER_CUT);
    },
  },

  // SHTTP-108 (2026-07-28): "Resumable SSE streams via Last-Event-ID are not supported." and
  // (changelog) "A broken response stream loses the in-flight request; clients MUST re-issue it
  // as a new request with a new request ID."
  {
    id: 'http.broken-stream-not-resumed',
    title: '2026-07-28: a broken answer stream is not resumed (no GET, no Last-Event-ID)',
    spec: { url: 'changelog#major-changes', level: 'MUST' },
    requirement: 'A broken response stream loses the in-flight request; clients MUST re-issue it as a new request with a new request ID. (Resumable SSE streams via Last-Event-ID are not supported.)',
    digest: ['SHTTP-108'],
    scenario: HTTP_RESUMPTION,
    revisions: RANGE.modern,
    faults: ['modern-resume-attempted'],
    async run(ctx) {
      const found = afterCut(ctx);
      if (!found) return ctx.skip('nothing-observed', NO_CUT);
      const resumed = found.later.find((r) => r.method === 'GET' || header(r, 'last-event-id') !== undefined);
      ctx.cite(found.info.seq, ...(resumed ? [resumed.seq] : []));
      const lei = resumed && header(resumed, 'last-event-id');
      const broken = resumed && { expected: 'the lost request re-issued by POST, no resumption', actual: `${describeRequest(resumed)}${lei !== undefined ? ` with Last-Event-ID: ${lei}` : ''} after the stream broke` };
      return ownJudgement(ctx, broken ? { broken } : {}, WHY_AFTER_CUT);
    },
  },
  {
    id: 'http.broken-stream-reissued',
    title: '2026-07-28: the request of a broken answer stream is re-issued with a new id',
    spec: { url: 'changelog#major-changes', level: 'MUST' },
    requirement: 'A broken response stream loses the in-flight request; clients MUST re-issue it as a new request with a new request ID.',
    digest: ['SHTTP-108'],
    scenario: HTTP_RESUMPTION,
    revisions: RANGE.modern,
    faults: ['modern-reissue-same-id', 'modern-broken-stream-not-reissued'],
    async run(ctx) {
      const found = afterCut(ctx);
      const lost = found ? requestOf(found.cut) : undefined;
      if (!found || !lost) return ctx.skip('nothing-observed', NO_CUT);
      ctx.cite(found.info.seq);
      const again = posts(ctx.recording).find((p) => {
        const r = requestOf(p);
        return r !== undefined && p.record.seq > found.info.seq && r.method === lost.method && sameJson(paramsSansMeta(r), paramsSansMeta(lost));
      });
      if (!again) {
        // A client the tool ended (its deadline, a busy machine) may have been about to re-issue.
        if (endedByTool(ctx.recording)) return ctx.skip('inconclusive', 'the tool ended the client before it re-issued the request of the broken stream');
        return ownJudgement(ctx, { broken: { expected: `${String(lost.method)} re-issued with a new id`, actual: 'the request was not sent again after its stream broke' } }, WHY_AFTER_CUT);
      }
      ctx.cite(again.record.seq);
      const id = requestOf(again)?.id;
      const reused = sameJson(id, lost.id) ? [{ text: `re-issued with the same id ${JSON.stringify(id)}`, seq: again.record.seq }] : [];
      return expectNone(ctx, reused, { expected: `${String(lost.method)} re-issued with a new id (not ${JSON.stringify(lost.id)})`, judged: 1, note: 're-issued with a new id' });
    },
  },
]);
