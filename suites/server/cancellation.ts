// Cancellation (CANC-*): notifications/cancelled for in-flight, unknown and finished requests.
// Spec: basic/utilities/cancellation (2024-11-05..2025-11-25). "The initialize request MUST NOT
// be cancelled by clients" is a client rule: nothing to check on a server.
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext, Verdict } from '../../harness/checks/check.js';
import type { Conversation } from '../../harness/sessions/session.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { isNotification, newProgressToken, planToolCall, replyLine, sleep } from './tool-plan.js';
import { RANGE } from '../../harness/revisions.js';

const SPEC = 'basic/utilities/cancellation';
/** How long a slow tool is asked to take: long enough to cancel it, short enough to wait out. */
const SLOW_MS = 400;

/**
 * Send cancellations, then a ping as a fence: the server must still answer it, and nothing it
 * sent in between may be a response to a notification (ids we never used, or id null).
 */
async function cancelAndFence(ctx: CheckContext, peer: Conversation, params: Record<string, unknown>[]): Promise<{ dead?: string; replies: unknown[] }> {
  const mark = peer.mark();
  for (const p of params) await peer.notify('notifications/cancelled', p);
  const fence = await peer.request('ping', undefined);
  const replies = peer
    .since(mark)
    .map((m) => m.message as Record<string, unknown>)
    .filter((m) => !('method' in m) && ('result' in m || 'error' in m) && !peer.sentRequestWithId(m.id));
  return { ...(fence.kind === 'result' || fence.kind === 'error' ? {} : { dead: describeReply(fence) }), replies };
}

/** A request the server has, to be finished before we cancel it: a list if declared, else ping. */
function harmlessRequest(ctx: CheckContext): string {
  const caps = ctx.facts.serverCapabilities;
  return caps.tools ? 'tools/list' : caps.prompts ? 'prompts/list' : caps.resources ? 'resources/list' : 'ping';
}

export const cancellationChecks: Check[] = [
  // "Receivers of cancellation notifications SHOULD: Stop processing the cancelled request;
  // Free associated resources; Not send a response for the cancelled request."
  {
    id: 'cancellation.in-flight-not-answered',
    title: 'A request cancelled while in flight gets no response, and the server keeps working',
    spec: { url: `${SPEC}#behavior-requirements`, level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    requires: ['tools'],
    faults: ['cancel-still-responds'],
    connection: 'own',
    async run(ctx): Promise<Verdict> {
      const plan = await planToolCall(ctx, SLOW_MS);
      if (typeof plan === 'string') return ctx.skip(`nothing to cancel: ${plan}`);
      const session = await ctx.session();
      const peer = session;
      const token = newProgressToken(peer);
      const id = `cancel-${randomUUID()}`;
      // Wait long enough for a slow tool that ignores the cancellation to answer anyway, and
      // longer while its progress shows it still working (a loaded machine runs late).
      const waitMs = plan.durationMs !== undefined ? plan.durationMs + 500 : 400;
      const capMs = plan.durationMs !== undefined ? plan.durationMs * 3 + 1000 : 400;
      const started = performance.now();
      let answeredAt: number | undefined;
      const call = peer.request('tools/call', { name: plan.name, arguments: plan.args, _meta: { progressToken: token } }, { id, timeoutMs: capMs + 1000 });
      void call.then((r) => {
        if (r.kind === 'result' || r.kind === 'error') answeredAt = performance.now();
      });
      const progressed = (m: { message: unknown }) =>
        isNotification(m.message, 'notifications/progress') && (m.message.params ?? {}).progressToken === token;
      // Cancel once the work is visibly under way: its first progress, or a short moment.
      await Promise.race([peer.waitFor(progressed, 200), call]);
      if (answeredAt !== undefined) {
        return ctx.skip(`inconclusive: ${plan.describe} answered within ${Math.round(answeredAt - started)} ms, before a cancellation could be sent`);
      }
      const cancelledAt = performance.now();
      const { dead, replies } = await cancelAndFence(ctx, peer, [{ requestId: id, reason: 'mcp-conformance: cancellation test' }]);
      if (dead) return ctx.fail({ expected: 'the server keeps working after a cancellation (answers the next ping)', actual: `the ping got ${dead}` });
      let seen = peer.inbound.filter(progressed).length;
      let until = started + waitMs;
      while (answeredAt === undefined && !peer.closed && performance.now() < Math.min(until, started + capMs)) {
        await Promise.race([call, sleep(100)]);
        const now = peer.inbound.filter(progressed).length;
        if (now > seen) [seen, until] = [now, Math.max(until, performance.now() + 400)];
      }
      const waited = `${Math.round(performance.now() - cancelledAt)} ms`;
      if (answeredAt !== undefined) {
        const reply = await call;
        const at = Math.round(answeredAt - cancelledAt);
        if (plan.durationMs === undefined) {
          return ctx.skip(`inconclusive: ${plan.describe} answered ${at} ms after the cancellation; with no tool known to be slow, the cancellation may have raced the answer (the spec allows that)`);
        }
        return ctx.fail({
          expected: `no response to the cancelled tools/call (${plan.describe})`,
          actual: `${replyLine(ctx, reply)}, ${at} ms after notifications/cancelled`,
          reason: 'a receiver SHOULD not answer a cancelled request, and MAY ignore a cancellation it cannot honour: a warning',
        });
      }
      if (peer.closed) return ctx.fail({ expected: 'the connection stays open after a cancellation', actual: peer.closed });
      if (replies.length > 0) return ctx.fail({ expected: 'no response to notifications/cancelled', actual: `got ${ctx.brief(replies[0])}` });
      return ctx.pass(`cancelled tools/call ${plan.describe} after ${Math.round(cancelledAt - started)} ms; no response within ${waited}; the next ping was answered`);
    },
  },

  // "Invalid cancellation notifications SHOULD be ignored: Unknown request IDs ... Malformed
  // notifications" - no response, and the server goes on working.
  {
    id: 'cancellation.invalid-ignored',
    title: 'Cancellations of unknown request ids, and malformed ones, are ignored',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['crash-on-unknown-cancel'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const { dead, replies } = await cancelAndFence(ctx, session, [
        { requestId: `never-sent-${randomUUID()}`, reason: 'mcp-conformance: unknown id' },
        { requestId: 987654321 },
        {},
        { requestId: { not: 'an id' } },
      ]);
      if (dead) return ctx.fail({ expected: 'unknown and malformed cancellations ignored; the next ping answered', actual: `the ping got ${dead}` });
      if (replies.length > 0) return ctx.fail({ expected: 'no response to notifications/cancelled', actual: `got ${ctx.brief(replies[0])}` });
      return ctx.pass();
    },
  },

  // "Due to network latency, cancellation notifications may arrive after request processing
  // has completed, and potentially after a response has already been sent. Both parties MUST
  // handle these race conditions gracefully."
  {
    id: 'cancellation.after-response-handled',
    title: 'A cancellation of a request already answered is handled gracefully',
    spec: { url: `${SPEC}#timing-considerations`, level: 'MUST' },
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['crash-on-late-cancel'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const peer = session;
      const method = harmlessRequest(ctx);
      const id = `late-${randomUUID()}`;
      const first = await peer.request(method, method === 'ping' ? undefined : {}, { id });
      if (first.kind !== 'result' && first.kind !== 'error') return ctx.skip(`cannot set up: ${method} got ${describeReply(first)}`);
      // The answer is in; a moment later the "late" cancellation arrives.
      await sleep(20);
      const { dead, replies } = await cancelAndFence(ctx, peer, [{ requestId: id, reason: 'mcp-conformance: late cancellation' }]);
      if (dead) return ctx.fail({ expected: `a late cancellation (of ${method}, already answered) handled; the next ping answered`, actual: `the ping got ${dead}` });
      if (replies.length > 0) {
        return ctx.warn({ expected: 'the late cancellation ignored (no response to a notification)', actual: `got ${ctx.brief(replies[0])}` });
      }
      return ctx.pass(`cancelled ${method} after its response; the next ping was answered`);
    },
  },
];
