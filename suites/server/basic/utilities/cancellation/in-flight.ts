// basic/utilities/cancellation, of a request cancelled while in flight: the server answers it
// no more and sends nothing more for it, and goes on working. Up to 2025-11-25 the utilities
// page's SHOULD; at 2026-07-28 over stdio the transport's MUST NOT (CANC-011; over Streamable
// HTTP closing the request's stream is the cancellation).
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../../harness/revisions.js';
import type { Session } from '../../../../../harness/sessions/session.js';
import { isNotification, newProgressToken, planToolCall } from '../../../../../harness/target/tool-plan.js';
import { expectNoReply, expectNone, replyLine } from '../../../../../harness/verify/index.js';
import { expectAnswered, inTurn, planSkip } from '../../../../../harness/verify/utilities.js';
import { cancelAndFence } from './fence.js';

/** How long a slow tool is asked to take: long enough to cancel it, short enough to wait out. */
const SLOW_MS = 400;

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
  if (typeof plan === 'string') return planSkip(ctx, plan, 'nothing to cancel');
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
    return ctx.skip('inconclusive', `${plan.describe} answered within ${Math.round(answeredAt - started)} ms, before a cancellation could be sent`);
  }
  // Over stdio the cancellation is read after the call. Separate HTTP requests are not ordered:
  // unless progress showed the server at work on the call, the cancellation may reach it first
  // and be ignored as naming no request it knows (as the spec says it should be).
  const startedSeen = ctx.transport === 'stdio' || session.inbound.some(progressed);
  const cancelledAt = performance.now();
  const { fence, replies, fenceSeq } = await cancelAndFence(session, `the cancellation of tools/call ${plan.describe}`, [{ requestId: id, reason: 'mcp-conformance: cancellation test' }]);
  const alive = expectAnswered(ctx, fence, { expected: 'an answer (the server keeps working after a cancellation)' });
  if (alive.status !== 'pass') return alive;
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
    const race =
      seq < fenceSeq
        ? 'before the server answered the next request: the two may have crossed'
        : plan.durationMs === undefined
          ? 'and no tool is known to be slow: the cancellation may have raced the answer'
          : !startedSeen
            ? 'and no progress had shown the server at work on it: over HTTP the cancellation may have arrived first, naming a request not yet known'
            : undefined;
    if (race !== undefined) return ctx.skip('inconclusive', `${plan.describe} answered ${at} ms after the cancellation, ${race} (the spec allows that)`);
    // The answer itself is the one item that breaks the rule; its timing is the evidence.
    return expectNone(ctx, [{ text: `${replyLine(ctx, reply)}, ${at} ms after notifications/cancelled`, seq }], { expected: `no response to the cancelled tools/call (${plan.describe})` });
  }
  const after = late().map((m) => ({ text: `notifications/progress (progress ${ctx.brief((m.message as { params?: { progress?: unknown } }).params?.progress)}) after the answer to the next ${session.rev.fence}`, seq: m.seq }));
  return inTurn(
    ctx,
    `cancelled tools/call ${plan.describe} after ${Math.round(cancelledAt - started)} ms; nothing more for it within ${waited}; the next ${session.rev.fence} was answered`,
    () => expectNone(ctx, after, { expected: `nothing more for the cancelled tools/call (${plan.describe}) once notifications/cancelled was read`, show: 5 }),
    // The connection's end is the one item here: a server that goes on working keeps it open.
    () => expectNone(ctx, session.closed ? [`the connection ended: ${session.closed}`] : [], { expected: 'the connection stays open after a cancellation' }),
    () => expectNoReply(ctx, replies, { what: 'notifications/cancelled' }),
  );
}

export const inFlightCancellationChecks = defineChecks({ page: 'basic/utilities/cancellation', revisions: RANGE.legacy, requires: ['tools'], needs: ['own-session'] }, [
  // "Receivers of cancellation notifications SHOULD: Stop processing the cancelled request;
  // Free associated resources; Not send a response for the cancelled request."
  {
    id: 'cancellation.in-flight-not-answered',
    title: 'A request cancelled while in flight gets no response and no more progress, and the server keeps working',
    spec: { url: '#behavior-requirements', level: 'SHOULD' },
    requirement: 'Receivers of cancellation notifications SHOULD: Stop processing the cancelled request; Free associated resources; Not send a response for the cancelled request',
    digest: ['CANC-003'],
    faults: ['cancel-still-responds'],
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
    revisions: RANGE.modern,
    digest: ['CANC-011'],
    transports: ['stdio'],
    faults: ['cancel-still-responds', 'modern-progress-after-cancel'],
    long: true,
    run: cancelInFlight,
  },
]);
