// Cancellation (CANC-*): notifications/cancelled for in-flight, unknown and finished requests,
// and (2026-07-28) the server's own use of it. Spec: basic/utilities/cancellation up to
// 2025-11-25, basic/patterns/cancellation and basic/transports/stdio#cancellation at
// 2026-07-28 (where, over Streamable HTTP, closing the request's stream is the cancellation).
// "The initialize request MUST NOT be cancelled by clients" is a client rule: nothing to check.
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext, SpecRef, Verdict } from '../../harness/checks/check.js';
import type { Session } from '../../harness/sessions/session.js';
import { describeReply, type Reply } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';
import { listenIdsOn } from '../../harness/target/listen-stream.js';
import { DECIDED_BY_TIMEOUT } from '../../harness/rules/no-answer.js';
import { isNotification, newProgressToken, planToolCall, replyLine, sleep } from '../../harness/target/tool-plan.js';

const LEGACY = 'basic/utilities/cancellation';
const MODERN = 'basic/patterns/cancellation';
/** The same section on the page of each era. */
const page = (anchor: string, level: SpecRef['level']): SpecRef[] => [
  { url: `${LEGACY}#${anchor}`, level },
  { from: '2026-07-28', url: `${MODERN}#${anchor}`, level },
];
/** How long a slow tool is asked to take: long enough to cancel it, short enough to wait out. */
const SLOW_MS = 400;

/**
 * Send cancellations, then the era's fence: the server must still answer it, and nothing it
 * sent in between may be a response to a notification (ids we never used, or id null).
 * `fenceSeq`: where the fence's answer is in the wire log; what the server sends after it,
 * it sent after it had read the cancellations.
 */
async function cancelAndFence(session: Session, params: Record<string, unknown>[], malformed: Record<string, unknown>[] = []): Promise<{ dead?: string; deadReason?: string; replies: unknown[]; fenceSeq: number }> {
  const mark = session.mark();
  for (const p of params) await session.notify('notifications/cancelled', p);
  for (const p of malformed) await session.notify('notifications/cancelled', p, { malformed: 'a malformed cancellation, which the server must ignore' });
  const fence = await session.fence();
  const replies = session
    .since(mark)
    .map((m) => m.message as Record<string, unknown>)
    .filter((m) => !('method' in m) && ('result' in m || 'error' in m) && !session.sentRequestWithId(m.id));
  const answered = fence.kind === 'result' || fence.kind === 'error';
  // A fence that timed out is the harness's timeout deciding that the server stopped answering.
  const dead = answered ? {} : { dead: describeReply(fence), ...(fence.kind === 'timeout' ? { deadReason: DECIDED_BY_TIMEOUT } : {}) };
  return { ...dead, replies, fenceSeq: answered ? (fence.seq ?? 0) : Number.MAX_SAFE_INTEGER };
}

/** At 2026-07-28 over HTTP a client cancels by closing the request's stream: no notifications/cancelled to send. */
function noNotificationHere(ctx: CheckContext): Verdict | undefined {
  if (ctx.era !== 'modern' || ctx.transport === 'stdio') return undefined;
  return ctx.skip('not applicable: at 2026-07-28 over Streamable HTTP a client cancels by closing the request stream, and sends no notifications/cancelled');
}

/** A request the server has, to be finished before we cancel it: a list if declared, else the fence. */
function harmlessRequest(session: Session): string {
  const caps = session.server.capabilities;
  return caps.tools ? 'tools/list' : caps.prompts ? 'prompts/list' : caps.resources ? 'resources/list' : session.rev.fence;
}

/**
 * The fence for "no answer is coming": the same call again, sent right behind the one to be
 * cancelled and never cancelled itself. When it is answered, the cancelled call, started
 * earlier with the same work, would have been answered too if the server went on with it; the
 * era's fence after that lets its answer cross any other stream. Sent at once rather than after
 * the cancellation, its work overlaps the wait for the first progress. False when the twin
 * proves nothing (refused, failed, or no answer in time): then the wait is the slow tool's time.
 */
async function twinAnswered(session: Session, twin: Promise<Reply>, cancelled: Promise<Reply>): Promise<boolean> {
  const first = await Promise.race([twin.then((reply) => ({ twin: reply })), cancelled.then(() => undefined)]);
  if (first === undefined) return true;
  const done = first.twin.kind === 'result' && (first.twin.result as { isError?: unknown } | undefined)?.isError !== true;
  if (done) await session.fence();
  return done;
}

/**
 * Cancel an allowed slow tool call right after a progress notification (the next one is a step
 * away), then wait until its twin (twinAnswered) is answered (else out the time the call would
 * have taken). Only what comes after the fence's answer counts: the server sent it after
 * it had read the cancellation (what comes before may have crossed it on the wire).
 */
async function cancelInFlight(ctx: CheckContext): Promise<Verdict> {
  const plan = await planToolCall(ctx, SLOW_MS);
  if (typeof plan === 'string') return ctx.skip(`nothing to cancel: ${plan}`);
  const session = await ctx.session();
  const token = newProgressToken(session);
  const id = `cancel-${randomUUID()}`;
  // Wait long enough for a slow tool that ignores the cancellation to answer anyway, and
  // longer while its progress shows it still working (a loaded machine runs late).
  const waitMs = plan.durationMs !== undefined ? plan.durationMs + 400 : 400;
  const capMs = plan.durationMs !== undefined ? plan.durationMs * 3 + 1000 : 400;
  const started = performance.now();
  let answeredAt: number | undefined;
  const call = session.request('tools/call', { name: plan.name, arguments: plan.args, _meta: { progressToken: token } }, { id, timeoutMs: capMs + 1000 });
  void call.then((r) => {
    if (r.kind === 'result' || r.kind === 'error') answeredAt = performance.now();
  });
  // The twin may take until the wait's cap: past it the old wait would have ended too.
  const twin = plan.durationMs === undefined ? undefined : session.request('tools/call', { name: plan.name, arguments: plan.args }, { id: `twin-${randomUUID()}`, timeoutMs: capMs });
  const progressed = (m: { message: unknown }) => isNotification(m.message, 'notifications/progress') && (m.message.params ?? {}).progressToken === token;
  await Promise.race([session.waitFor(progressed, Math.max(200, (plan.durationMs ?? 0) / 2)), call]);
  if (answeredAt !== undefined) {
    return ctx.skip(`inconclusive: ${plan.describe} answered within ${Math.round(answeredAt - started)} ms, before a cancellation could be sent`);
  }
  const cancelledAt = performance.now();
  const { dead, deadReason, replies, fenceSeq } = await cancelAndFence(session, [{ requestId: id, reason: 'mcp-conformance: cancellation test' }]);
  if (dead) return ctx.fail({ expected: 'the server keeps working after a cancellation (answers the next request)', actual: `the ${session.rev.fence} got ${dead}`, ...(deadReason ? { reason: deadReason } : {}) });
  const late = () => session.inbound.filter((m) => progressed(m) && (m.seq ?? 0) > fenceSeq);
  const fenced = twin !== undefined && (await twinAnswered(session, twin, call));
  let until = started + waitMs;
  let seen = 0;
  while (!fenced && answeredAt === undefined && !session.closed && performance.now() < Math.min(until, started + capMs)) {
    await Promise.race([call, sleep(100)]);
    const now = late().length;
    if (now > seen) [seen, until] = [now, Math.max(until, performance.now() + 400)];
  }
  const waited = `${Math.round(performance.now() - cancelledAt)} ms`;
  if (answeredAt !== undefined) {
    const reply = await call;
    const at = Math.round(answeredAt - cancelledAt);
    const seq = reply.kind === 'result' || reply.kind === 'error' ? (reply.seq ?? 0) : 0;
    if (plan.durationMs === undefined || seq < fenceSeq) {
      return ctx.skip(`inconclusive: ${plan.describe} answered ${at} ms after the cancellation, ${seq < fenceSeq ? 'before the server answered the next request: the two may have crossed' : 'and no tool is known to be slow: the cancellation may have raced the answer'} (the spec allows that)`);
    }
    return ctx.fail({ expected: `no response to the cancelled tools/call (${plan.describe})`, actual: `${replyLine(ctx, reply)}, ${at} ms after notifications/cancelled` });
  }
  const after = late();
  if (after.length > 0) {
    ctx.cite(...after.slice(0, 5).map((m) => m.seq ?? 0));
    return ctx.fail({ expected: `nothing more for the cancelled tools/call (${plan.describe})`, actual: `${after.length} progress notification(s) after notifications/cancelled (and after the answer to the next request)` });
  }
  if (session.closed) return ctx.fail({ expected: 'the connection stays open after a cancellation', actual: session.closed });
  if (replies.length > 0) return ctx.fail({ expected: 'no response to notifications/cancelled', actual: `got ${ctx.brief(replies[0])}` });
  return ctx.pass(`cancelled tools/call ${plan.describe} after ${Math.round(cancelledAt - started)} ms; nothing more for it within ${waited}; the next ${session.rev.fence} was answered`);
}

export const cancellationChecks: Check[] = [
  // "Receivers of cancellation notifications SHOULD: Stop processing the cancelled request;
  // Free associated resources; Not send a response for the cancelled request."
  {
    id: 'cancellation.in-flight-not-answered',
    title: 'A request cancelled while in flight gets no response and no more progress, and the server keeps working',
    spec: { url: `${LEGACY}#behavior-requirements`, level: 'SHOULD' },
    requirement: 'Receivers of cancellation notifications SHOULD: Stop processing the cancelled request; Free associated resources; Not send a response for the cancelled request',
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['tools'],
    faults: ['cancel-still-responds'],
    connection: 'own',
    long: true,
    run: cancelInFlight,
  },

  // 2026-07-28 stdio (CANC-011; over HTTP closing the stream cancels): "Servers SHOULD stop
  // work on a cancelled request as soon as practical and MUST NOT send any further messages for it."
  {
    id: 'cancellation.nothing-after-cancel',
    title: 'After notifications/cancelled the server sends nothing more for that request (no response, no progress)',
    spec: { url: 'basic/transports/stdio#cancellation', level: 'MUST' },
    requirement: 'Servers SHOULD stop work on a cancelled request as soon as practical and MUST NOT send any further messages for it.',
    fix: 'On notifications/cancelled, stop the request and drop its response and any progress still queued for it.',
    side: 'server',
    revisions: RANGE.modern,
    transports: ['stdio'],
    requires: ['tools'],
    faults: ['cancel-still-responds', 'modern-progress-after-cancel'],
    connection: 'own',
    long: true,
    run: cancelInFlight,
  },

  // "Invalid cancellation notifications SHOULD be ignored: Unknown request IDs, Already
  // completed requests, Malformed notifications" - no response, and the server goes on working.
  {
    id: 'cancellation.invalid-ignored',
    title: 'Cancellations of unknown or finished requests, and malformed ones, are ignored',
    spec: page('error-handling', 'SHOULD'),
    requirement: 'Invalid cancellation notifications SHOULD be ignored: Unknown request IDs, Already completed requests, Malformed notifications',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['crash-on-unknown-cancel', 'crash-on-late-cancel'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const na = noNotificationHere(ctx);
      if (na) return na;
      const session = await ctx.session();
      const method = harmlessRequest(session);
      const finished = `finished-${randomUUID()}`;
      const first = await session.request(method, {}, { id: finished });
      if (first.kind !== 'result' && first.kind !== 'error') return ctx.skip(`cannot set up: ${method} got ${describeReply(first)}`);
      const { dead, deadReason, replies } = await cancelAndFence(
        session,
        [
          { requestId: `never-sent-${randomUUID()}`, reason: 'mcp-conformance: unknown id' },
          { requestId: 987654321 },
          { requestId: finished, reason: 'mcp-conformance: already answered' },
        ],
        [{}, { requestId: { not: 'an id' } }],
      );
      if (dead) return ctx.fail({ expected: `unknown, finished and malformed cancellations ignored; the next ${session.rev.fence} answered`, actual: `the ${session.rev.fence} got ${dead}`, ...(deadReason ? { reason: deadReason } : {}) });
      if (replies.length > 0) return ctx.fail({ expected: 'no response to notifications/cancelled', actual: `got ${ctx.brief(replies[0])}` });
      return ctx.pass(`5 cancellations (unknown ids, a finished ${method}, malformed) ignored; the next ${session.rev.fence} was answered`);
    },
  },

  // "Due to network latency, cancellation notifications may arrive after request processing
  // has completed, and potentially after a response has already been sent. Both parties MUST
  // handle these race conditions gracefully." (A reply to it is cancellation.invalid-ignored's.)
  {
    id: 'cancellation.after-response-handled',
    title: 'A cancellation of a request already answered is handled gracefully',
    spec: page('timing-considerations', 'MUST'),
    requirement: 'Both parties MUST handle these race conditions gracefully',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['crash-on-late-cancel'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const na = noNotificationHere(ctx);
      if (na) return na;
      const session = await ctx.session();
      const method = harmlessRequest(session);
      const id = `late-${randomUUID()}`;
      // The answer is in: the cancellation that follows is late.
      const first = await session.request(method, {}, { id });
      if (first.kind !== 'result' && first.kind !== 'error') return ctx.skip(`cannot set up: ${method} got ${describeReply(first)}`);
      const { dead, deadReason } = await cancelAndFence(session, [{ requestId: id, reason: 'mcp-conformance: late cancellation' }]);
      if (dead) return ctx.fail({ expected: `a late cancellation (of ${method}, already answered) handled; the next ${session.rev.fence} answered`, actual: `the ${session.rev.fence} got ${dead}`, ...(deadReason ? { reason: deadReason } : {}) });
      return ctx.pass(`cancelled ${method} after its response; the next ${session.rev.fence} was answered`);
    },
  },

  // 2026-07-28: "A server MUST send notifications/cancelled referencing a subscriptions/listen
  // request ID when it tears down that subscription stream ... Servers MUST NOT send
  // notifications/cancelled for any other purpose." Judged on every exchange of the revision.
  {
    id: 'cancellation.server-cancels-only-listens',
    title: 'The server sends notifications/cancelled only to end a subscriptions/listen',
    spec: { url: `${MODERN}#behavior-requirements`, level: 'MUST' },
    requirement: 'Server-sent cancellation notifications MUST reference a subscriptions/listen request, to terminate that subscription stream',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-server-sends-cancelled'],
    connection: 'passive',
    async run(ctx) {
      const sent = ctx.observations().filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/cancelled'));
      const bad = sent.filter((o) => {
        const requestId = (o.message as { params?: { requestId?: unknown } }).params?.requestId;
        return !listenIdsOn(o.conn).some((id) => id === requestId);
      });
      if (bad.length === 0) return ctx.pass(sent.length ? `${sent.length} notifications/cancelled, each ending a listen` : 'the server sent no notifications/cancelled');
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({
        expected: 'notifications/cancelled from the server only naming an open subscriptions/listen',
        actual: `${bad.length} naming other requests, first ${ctx.brief((bad[0]?.message as { params?: unknown }).params, 140)}`,
      });
    },
  },
];
