// What the logging checks make a server do to see its log messages: its lists and the allowed
// tool calls most likely to log (work), the level asked for (askLevel), and at 2026-07-28 one
// logged tool call with a listen open beside it (loggedCall).
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { isResponseTo } from '../../../../../harness/checks/http-access.js';
import type { SkipCode } from '../../../../../harness/checks/skip.js';
import type { InboundMessage } from '../../../../../harness/jsonrpc/types.js';
import type { Session } from '../../../../../harness/sessions/session.js';
import { listenBeside, methodOf, type Frame, type Listening } from '../../../../../harness/target/listen-stream.js';
import { isNotification, learnTools, noPlanSkip, planToolCalls, type ToolPlan } from '../../../../../harness/target/tool-plan.js';
import { replyLine } from '../../../../../harness/verify/index.js';

/** RFC 5424 severities as the spec lists them, least severe first. */
export const LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

const isLog = (m: InboundMessage): boolean => isNotification(m.message, 'notifications/message');
export const levelOf = (m: InboundMessage | Frame): unknown => ((m.message as { params?: Record<string, unknown> }).params ?? {}).level;

/** At most this many tool calls per round of work: enough to find the tools that log, quick to run. */
const MAX_LOGGING_CALLS = 4;

/** A tool whose name or description speaks of logging: the likeliest to make the server log. */
const LOGGING_WORDS = /\blog(s|ging|ged)?\b|notif/i;

/**
 * The allowed tool calls to make the server log (the tool-plan rules decide which tools may be
 * called): tools that speak of logging first, then quick ones, at most MAX_LOGGING_CALLS.
 */
export async function loggingPlans(ctx: CheckContext): Promise<ToolPlan[] | string> {
  const plans = await planToolCalls(ctx, 100);
  if (typeof plans === 'string') return plans;
  const { tools } = await ctx.discovery();
  const speaksOfLogging = (p: ToolPlan): boolean => {
    const tool = tools?.items.find((t) => t.name === p.name);
    return LOGGING_WORDS.test(`${p.name} ${String(tool?.title ?? '')} ${String(tool?.description ?? '')}`);
  };
  const rank = (p: ToolPlan): number => (speaksOfLogging(p) ? 0 : 2) + (p.durationMs === undefined ? 0 : 1);
  return [...plans].sort((a, b) => rank(a) - rank(b)).slice(0, MAX_LOGGING_CALLS);
}

export interface Work {
  logs: InboundMessage[];
  did: string;
  /** The tool calls after which log messages came (before the next call): the ones that log. */
  logged: ToolPlan[];
}

/**
 * Make the server work: its lists and the allowed tool calls of `plans` (loggingPlans when not
 * given), one after another. At 2026-07-28 every request carries `logLevel` (none when
 * undefined); before, the session's level is whatever setLevel said. Ends with a fence;
 * returns the log messages that came, and which calls were followed by some.
 */
export async function work(ctx: CheckContext, session: Session, logLevel?: string, plans?: ToolPlan[]): Promise<Work> {
  const mark = session.mark();
  const opts = ctx.era === 'modern' && logLevel !== undefined ? { meta: { logLevel } } : {};
  const caps = session.server.capabilities;
  const requests: Promise<unknown>[] = [];
  for (const [cap, method] of [['tools', 'tools/list'], ['resources', 'resources/list'], ['prompts', 'prompts/list']] as const) {
    if (caps[cap] !== undefined) requests.push(session.request(method, {}, opts));
  }
  await Promise.all(requests);
  const calls = plans ?? (caps.tools ? await loggingPlans(ctx) : 'no tools');
  const logged: ToolPlan[] = [];
  if (typeof calls !== 'string' && calls.length > 0) {
    await learnTools(session);
    for (const plan of calls) {
      const before = session.mark();
      await session.request('tools/call', { name: plan.name, arguments: plan.args }, opts);
      if (session.since(before).some(isLog)) logged.push(plan);
    }
  }
  await session.fence();
  const did = typeof calls === 'string' ? `lists only (${calls})` : calls.length === 0 ? 'lists only' : `lists and ${calls.map((p) => p.describe).join(', ')}`;
  return { logs: session.since(mark).filter(isLog), did, logged };
}

/** Ask for log messages at `level`: legacy through logging/setLevel (why not, when refused). */
export async function askLevel(ctx: CheckContext, session: Session, level: string): Promise<string | undefined> {
  if (ctx.era === 'modern') return undefined;
  const set = await session.request('logging/setLevel', { level });
  return set.kind === 'result' ? undefined : `setLevel "${level}" got ${replyLine(ctx, set)} (see logging.set-level-every-level)`;
}

/** Why there is no tool call to make the server log: the skip of the checks that need one. */
export interface NoCall {
  code: SkipCode;
  detail: string;
}

/** One logged tool call at 2026-07-28 with a listen open beside it: where its log messages came. */
export async function loggedCall(ctx: CheckContext): Promise<{ listening: Listening; logs: Frame[]; callId: string; describe: string } | NoCall> {
  const plans = await loggingPlans(ctx);
  const plan = typeof plans === 'string' ? plans : plans[0];
  if (typeof plan !== 'object') {
    const why = plan === undefined ? { code: 'not-offered' as const, detail: 'no tool' } : noPlanSkip(plan);
    return { code: why.code, detail: `nothing to make the server log: ${why.detail}` };
  }
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
