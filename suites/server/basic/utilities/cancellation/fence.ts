// What the checks of cancellations the server receives share: sending cancellations and then
// the era's fence, which tells whether the server went on working and answered none of them.
import { randomUUID } from 'node:crypto';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { isObject } from '../../../../../harness/rules/json.js';
import type { Session } from '../../../../../harness/sessions/session.js';
import { exchange, type Exchange } from '../../../../../harness/verify/index.js';

export interface Fenced {
  /** The era's fence, sent after the cancellations: the server must still answer it. */
  fence: Exchange;
  /** Responses that answer no request of ours (ids never used, or id null): answers to a notification. */
  replies: { message: unknown; seq?: number }[];
  /** Where the fence's answer is in the wire log (what the server sent after it, it sent after reading the cancellations). */
  fenceSeq: number;
}

/**
 * Send cancellations, then the era's fence: the server must still answer it (expectAnswered), and
 * nothing it sent in between may be a response to a notification (expectNoReply). `what`: the
 * cancellations, in words, for the fence's exchange.
 */
export async function cancelAndFence(session: Session, what: string, params: Record<string, unknown>[], malformed: Record<string, unknown>[] = []): Promise<Fenced> {
  const mark = session.mark();
  for (const p of params) await session.notify('notifications/cancelled', p);
  for (const p of malformed) await session.notify('notifications/cancelled', p, { malformed: 'a malformed cancellation, which the server must ignore' });
  const fence = await session.fence();
  const replies = session.since(mark).filter(({ message: m }) => isObject(m) && !('method' in m) && ('result' in m || 'error' in m) && !session.sentRequestWithId(m.id));
  const answered = fence.kind === 'result' || fence.kind === 'error';
  return { fence: exchange(`the ${session.rev.fence} after ${what}`, fence), replies, fenceSeq: answered ? (fence.seq ?? 0) : Number.MAX_SAFE_INTEGER };
}

/** At 2026-07-28 over HTTP a client cancels by closing the request's stream: no notifications/cancelled to send. */
function noNotificationHere(ctx: CheckContext): Verdict | undefined {
  if (ctx.era !== 'modern' || ctx.transport === 'stdio') return undefined;
  return ctx.skip('not-applicable', 'at 2026-07-28 over Streamable HTTP a client cancels by closing the request stream, and sends no notifications/cancelled');
}

/** A request the server has, to be finished before we cancel it: a list if declared, else the fence. */
function harmlessRequest(session: Session): string {
  const caps = session.server.capabilities;
  return caps.tools ? 'tools/list' : caps.prompts ? 'prompts/list' : caps.resources ? 'resources/list' : session.rev.fence;
}

/**
 * A session on which a harmless request (harmlessRequest) with an id of ours has been answered,
 * for a cancellation that comes too late; or the verdict that says why there is none.
 */
export async function answeredRequest(ctx: CheckContext, idPrefix: string): Promise<{ session: Session; method: string; id: string } | Verdict> {
  const na = noNotificationHere(ctx);
  if (na) return na;
  const session = await ctx.session();
  const method = harmlessRequest(session);
  const id = `${idPrefix}-${randomUUID()}`;
  const first = await session.request(method, {}, { id });
  if (first.kind !== 'result' && first.kind !== 'error') return ctx.skip('cannot-set-up', `${method} got ${describeReply(first)}`);
  return { session, method, id };
}
