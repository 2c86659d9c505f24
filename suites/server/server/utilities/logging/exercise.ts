// What the logging checks make a server do to see its log messages: its lists and one allowed
// tool call (work), the level asked for (askLevel), and at 2026-07-28 one logged tool call with
// a listen open beside it (loggedCall).
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { isResponseTo } from '../../../../../harness/checks/http-access.js';
import type { InboundMessage } from '../../../../../harness/jsonrpc/types.js';
import type { Session } from '../../../../../harness/sessions/session.js';
import { listenBeside, methodOf, type Frame, type Listening } from '../../../../../harness/target/listen-stream.js';
import { isNotification, learnTools, planToolCall, replyLine } from '../../../../../harness/target/tool-plan.js';

/** RFC 5424 severities as the spec lists them, least severe first. */
export const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

const isLog = (m: InboundMessage): boolean => isNotification(m.message, 'notifications/message');
export const levelOf = (m: InboundMessage | Frame): unknown => ((m.message as { params?: Record<string, unknown> }).params ?? {}).level;

/**
 * Make the server work: its lists and one allowed tool call (a quick one first). At
 * 2026-07-28 every request carries `logLevel` (none when undefined); before, the session's
 * level is whatever setLevel said. Ends with a fence; returns the log messages that came.
 */
export async function work(ctx: CheckContext, session: Session, logLevel?: string): Promise<{ logs: InboundMessage[]; did: string }> {
  const mark = session.mark();
  const opts = ctx.era === 'modern' && logLevel !== undefined ? { meta: { logLevel } } : {};
  const caps = session.server.capabilities;
  const requests: Promise<unknown>[] = [];
  for (const [cap, method] of [['tools', 'tools/list'], ['resources', 'resources/list'], ['prompts', 'prompts/list']] as const) {
    if (caps[cap] !== undefined) requests.push(session.request(method, {}, opts));
  }
  await Promise.all(requests);
  const plan = caps.tools ? await planToolCall(ctx, 100, false) : 'no tools';
  if (typeof plan !== 'string') {
    await learnTools(session);
    await session.request('tools/call', { name: plan.name, arguments: plan.args }, opts);
  }
  await session.fence();
  return { logs: session.since(mark).filter(isLog), did: typeof plan === 'string' ? `lists only (${plan})` : `lists and ${plan.describe}` };
}

/** Ask for log messages at `level`: legacy through logging/setLevel (why not, when refused). */
export async function askLevel(ctx: CheckContext, session: Session, level: string): Promise<string | undefined> {
  if (ctx.era === 'modern') return undefined;
  const set = await session.request('logging/setLevel', { level });
  return set.kind === 'result' ? undefined : `setLevel "${level}" got ${replyLine(ctx, set)} (see logging.set-level-every-level)`;
}

/** One logged tool call at 2026-07-28 with a listen open beside it: where its log messages came. */
export async function loggedCall(ctx: CheckContext): Promise<{ listening: Listening; logs: Frame[]; callId: string; describe: string } | string> {
  const plan = await planToolCall(ctx, 100, false);
  if (typeof plan === 'string') return `nothing to make the server log: ${plan}`;
  const session = await ctx.session();
  await learnTools(session);
  const listening = await listenBeside(ctx, session);
  const callId = `logged-${randomUUID()}`;
  await session.request('tools/call', { name: plan.name, arguments: plan.args }, { id: callId, meta: { logLevel: 'debug' } });
  await session.fence();
  // Over HTTP the call's own stream ends after its response: whatever it carries has come by then.
  const own = listening.frames().find((f) => isResponseTo(f.message, callId))?.stream;
  if (own !== undefined) await listening.until(() => listening.ended(own), ctx.timeoutMs);
  const logs = listening.frames().filter((f) => methodOf(f.message) === 'notifications/message');
  return { listening, logs, callId, describe: plan.describe };
}
