// basic/utilities/cancellation, client side (CANC-*, LIFE-030): notifications/cancelled only for its own
// requests still in flight, never for initialize, and for a request it stops waiting for.
// Spec: basic/utilities/cancellation (legacy), basic/patterns/cancellation (2026-07-28),
// basic/lifecycle#timeouts (legacy).
import { defineClientChecks, type ClientEntry } from '../../../../harness/checks/define.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { ClientMessage } from '../../../../harness/client/recording.js';
import type { SkipCode } from '../../../../harness/checks/skip.js';
import { RANGE, between } from '../../../../harness/revisions.js';
import { ASKS, TOOL } from '../../scenarios/asks.js';
import { BASIC } from '../../scenarios/basic.js';
import { SLOW_INITIALIZE } from '../../scenarios/slow-initialize.js';
import { endedByTool, ourAnswer, paramsOf, sameId } from '../../support/wire.js';
import { expectNone } from '../../../../harness/verify/index.js';

const behaviour = [
  { url: '#behavior-requirements', level: 'MUST' as const },
  { from: '2026-07-28', url: 'basic/patterns/cancellation#behavior-requirements', level: 'MUST' as const },
];

/** A response and a cancellation this close together crossed on the wire: not the client's fault. */
const RACE_MS = 2;

const cancels = (ctx: ClientCheckContext): ClientMessage[] => ctx.recording.notifications('notifications/cancelled');

/**
 * The client's call of the tool that never answers, and whether the client gave up on it
 * while still running (a later request, or it ended on its own).
 */
function abandonedCall(ctx: ClientCheckContext): { call: ClientMessage; cancel: ClientMessage | undefined } | { code: SkipCode; detail: string } {
  const call = ctx.recording.requests('tools/call').find((m) => paramsOf(m).name === TOOL.neverAnswers);
  if (!call) return { code: 'nothing-observed', detail: `the client never called ${TOOL.neverAnswers}` };
  const cancel = cancels(ctx).find((m) => m.seq > call.seq && sameId(paramsOf(m).requestId, call.message.id));
  const later = ctx.recording.fromClient.some((m) => m.conn === call.conn && m.seq > call.seq && m.seq !== cancel?.seq);
  if (!cancel && !later && endedByTool(ctx.recording)) return { code: 'inconclusive', detail: `the client was still waiting for ${TOOL.neverAnswers} when the run ended` };
  return { call, cancel };
}

// CANC-001: "Cancellation notifications MUST only reference requests that: Were previously
// issued in the same direction; Are believed to still be in-progress". One rule, judged in both
// eras (at 2026-07-28 on stdio only: over HTTP closing the stream is the cancellation).
const onlyInFlight: Omit<ClientEntry, 'id' | 'revisions' | 'transports'> = {
  title: 'notifications/cancelled names only a request of the client that is still unanswered',
  spec: behaviour,
  requirement: 'Cancellation notifications MUST only reference requests that: Were previously issued in the same direction; Are believed to still be in-progress',
  digest: ['CANC-001'],
  scenario: BASIC,
  faults: ['cancel-answered-request'],
  async run(ctx) {
    const all = cancels(ctx);
    if (all.length === 0) return ctx.skip('nothing-observed', 'the client cancelled nothing');
    const violations = all.flatMap((cancel) => {
      const requestId = paramsOf(cancel).requestId;
      const request = ctx.recording.requests().find((m) => m.conn === cancel.conn && m.seq < cancel.seq && sameId(m.message.id, requestId));
      if (!request) return [{ text: `notifications/cancelled for id ${ctx.brief(requestId)}, which the client never used`, seq: cancel.seq }];
      const answer = ourAnswer(ctx.recording, request);
      if (!answer || answer.seq > cancel.seq || cancel.t - answer.t <= RACE_MS) return [];
      ctx.cite(answer.seq);
      return [{ text: `${String(request.message.method)} (id ${ctx.brief(requestId)}) was cancelled ${cancel.t - answer.t} ms after it was answered`, seq: cancel.seq }];
    });
    return expectNone(ctx, violations, { expected: 'a cancellation of a request the client sent, still in progress', judged: all.length });
  },
};

/** The call the client gave up on was cancelled with notifications/cancelled (both eras' timeout rule). */
const timeoutCancelled: ClientEntry['run'] = async (ctx) => {
  const found = abandonedCall(ctx);
  if (!('call' in found)) return ctx.skip(found.code, found.detail);
  if (found.cancel) return ctx.pass();
  // A server killed outright may die with the cancellation still unread in its stdin pipe.
  const killed = ctx.recording.stdioEnds.some((e) => e.conn === found.call.conn && e.how === 'connection-lost');
  if (killed) return ctx.skip('inconclusive', 'no notifications/cancelled arrived, but the client killed its server without closing stdin, so one may have been lost in the pipe');
  return expectNone(ctx, [{ text: 'the client stopped waiting without cancelling it', seq: found.call.seq }], {
    expected: `notifications/cancelled for the unanswered ${TOOL.neverAnswers} call (id ${ctx.brief(found.call.message.id)})`,
  });
};

export const cancellationClientChecks = defineClientChecks({ page: 'basic/utilities/cancellation' }, [
  // CANC-002 / LIFE-008: "The initialize request MUST NOT be cancelled by clients". The server
  // here takes a second to answer initialize.
  {
    id: 'cancellation.initialize-not-cancelled',
    title: 'The client never cancels initialize, however slow its answer',
    spec: behaviour,
    requirement: 'The initialize request MUST NOT be cancelled by clients',
    digest: ['CANC-002', 'LIFE-008'],
    scenario: SLOW_INITIALIZE,
    revisions: RANGE.legacy,
    faults: ['initialize-cancelled'],
    async run(ctx) {
      const init = ctx.recording.requests('initialize')[0];
      if (!init) return ctx.skip('nothing-observed', 'the client sent no initialize');
      // Sent before the client knew its HTTP session id, a cancellation is refused at the HTTP level: still sent.
      const cancel = cancels(ctx).find((m) => (m.conn === init.conn || m.conn === 'refused') && sameId(paramsOf(m).requestId, init.message.id));
      if (cancel) ctx.cite(init.seq);
      return expectNone(ctx, cancel ? [{ text: `initialize (id ${ctx.brief(init.message.id)}) was cancelled after ${cancel.t - init.t} ms`, seq: cancel.seq }] : [], { expected: 'no notifications/cancelled for initialize' });
    },
  },

  { id: 'cancellation.only-requests-in-flight', ...onlyInFlight, revisions: RANGE.legacy },
  // 2026-07-28: notifications/cancelled is how stdio cancels; over HTTP closing the stream is.
  { id: 'cancellation.only-requests-in-flight-on-stdio', ...onlyInFlight, revisions: RANGE.modern, transports: ['stdio'] },

  // LIFE-030: "When the request has not received a success or error response within the timeout
  // period, the sender SHOULD issue a cancellation notification for that request and stop
  // waiting for a response." The tool never-answers never answers.
  {
    id: 'cancellation.timeout-notified',
    title: 'A request the client stops waiting for is cancelled with notifications/cancelled',
    spec: { url: 'basic/lifecycle#timeouts', level: 'SHOULD' },
    requirement: 'When the request has not received a success or error response within the timeout period, the sender SHOULD issue a cancellation notification for that request and stop waiting for a response.',
    scenario: ASKS,
    digest: ['LIFE-030'],
    revisions: between('2025-03-26', '2025-11-25'),
    faults: ['timeout-not-cancelled'],
    run: timeoutCancelled,
  },

  // 2026-07-28 basic/patterns/cancellation#timeouts: "the sender SHOULD cancel the request and
  // stop waiting for a response ... stdio: sending a notifications/cancelled notification
  // referencing the request ID." (On HTTP, closing the stream is the cancellation.) A SHOULD,
  // though #transport-specific-cancellation says "The client MUST send a notifications/cancelled":
  // that MUST is how a client cancels on stdio, and whether a client that gives up cancels at
  // all is the timeout's SHOULD. Failing would need to know the client meant to cancel (a later
  // request does not show it stopped waiting): a warning.
  {
    id: 'cancellation.timeout-cancelled-on-stdio',
    title: 'On stdio, a request the client stops waiting for is cancelled with notifications/cancelled',
    spec: { url: 'basic/patterns/cancellation#timeouts', level: 'SHOULD' },
    requirement: 'When the request has not received a success or error response within the timeout period, the sender SHOULD cancel the request and stop waiting for a response. ... stdio: sending a notifications/cancelled notification referencing the request ID.',
    scenario: ASKS,
    digest: ['LIFE-030', 'CANC-010', 'STDIO-022'],
    revisions: RANGE.modern,
    transports: ['stdio'],
    faults: ['timeout-not-cancelled'],
    run: timeoutCancelled,
  },

  // CANC-010 (2026-07-28 #transport-specific-cancellation): on Streamable HTTP closing the
  // request's SSE response stream is the cancellation; no notifications/cancelled is defined
  // for HTTP. The timeout rule this follows is a SHOULD (as on stdio above), and the digest's
  // test makes a POSTed notifications/cancelled a warning: a server that ignores it loses
  // nothing, but the client cancels in a way this revision does not have over HTTP.
  {
    id: 'cancellation.by-closing-stream-on-http',
    title: 'Over Streamable HTTP, the client cancels by closing the stream, without notifications/cancelled',
    spec: { url: 'basic/patterns/cancellation#timeouts', level: 'SHOULD' },
    requirement: "When the request has not received a success or error response within the timeout period, the sender SHOULD cancel the request and stop waiting for a response. (Transport-specific cancellation: over Streamable HTTP, closing the request's SSE response stream is the cancellation; no notification is defined for HTTP.)",
    scenario: ASKS,
    // CANC-010's MUST is the stdio notification; over HTTP a posted one is only doubtful (a warn): not a claim on it.
    digest: ['LIFE-030'],
    revisions: RANGE.modern,
    transports: ['streamable-http'],
    faults: ['http-cancel-by-notification'],
    async run(ctx) {
      const found = abandonedCall(ctx);
      const sent = cancels(ctx);
      if (!('call' in found) && sent.length === 0) return ctx.skip('nothing-observed', `${found.detail}, and it cancelled nothing`);
      return expectNone(
        ctx,
        sent.map((m) => ({ text: `notifications/cancelled POSTed for id ${ctx.brief(paramsOf(m).requestId)}`, seq: m.seq })),
        { expected: 'cancellation by closing the request\'s SSE stream (no notifications/cancelled over HTTP at 2026-07-28)', judged: sent.length || 1 },
      );
    },
  },
]);
