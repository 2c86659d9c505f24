// basic/patterns/subscriptions: the exercise (2026-07-28), run once per revision on its own session and judged
// by the subscription checks: three listens opened one after the other (an empty filter, then
// two with every stream type the server declares, one with an integer id and one with a
// string id), each awaited until acknowledged; then, where an allowed tool can report a
// resource as updated, that tool is called and the two listens that subscribed to the
// resource are awaited until notified (the fence: the server has had its chance to send every
// listen what it sends), and a final request settles the rest.
import { randomUUID } from 'node:crypto';
import { argumentsFor, compile } from '../../../../../harness/arguments.js';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { mayCallTool } from '../../../../../harness/settings.js';
import { learnTools } from '../../../../../harness/target/tool-plan.js';
import { acknowledgedFilter, fullFilter, Listening, methodOf, type Filter, type Frame, type Listen } from '../../../../../harness/target/listen-stream.js';
import type { Json } from '../../../../../harness/rules/json.js';

export interface ToolCallPlan {
  name: string;
  args: Json;
  describe: string;
}

export interface SubscriptionRun {
  listening: Listening;
  /** The empty filter, the integer id, the string id: opened in this order. */
  empty: Listen;
  numbered: Listen;
  named: Listen;
  /** The resource the full filters subscribe to (the first listed), if any. */
  uri?: string;
  /** What made the server send updates, or why nothing did. */
  trigger: string;
  /** Listens whose acknowledgment honours the resource subscription. */
  subscribed: Listen[];
  /** Answers that came to listens (an error: the server refuses them). */
  answers: Map<Listen, Reply>;
}

const TOUCH_NAME = /touch|update|notify|change|modif|bump|refresh/i;

/**
 * An allowed tool that looks like it reports a resource as updated: a `uri` string argument
 * and a name or description that says so (the reference's touch_resource). A string is the
 * reason there is none.
 */
export async function planTouch(ctx: CheckContext, uri: string): Promise<ToolCallPlan | string> {
  const { tools } = await ctx.discovery();
  if (!tools) return 'the server declares no tools';
  for (const tool of tools.items) {
    const schema = tool.inputSchema as Json | undefined;
    const props = (schema?.properties ?? {}) as Record<string, Json>;
    const words = `${String(tool.name)} ${typeof tool.title === 'string' ? tool.title : ''} ${typeof tool.description === 'string' ? tool.description : ''}`;
    if (!schema || props.uri?.type !== 'string' || !TOUCH_NAME.test(words) || !mayCallTool(ctx.settings.callTools, tool)) continue;
    const generated = argumentsFor(schema, ctx.rev.dialect);
    const args = { ...generated.value, uri };
    if (compile(schema, ctx.rev.dialect)?.(args)) return { name: String(tool.name), args, describe: `${String(tool.name)} with uri ${uri}` };
  }
  return 'no allowed tool looks like it reports a resource as updated (a tool with a string "uri" argument named like touch or update)';
}

/** Run once per revision (the first subscription check to ask runs it on its own session). */
export function subscriptionRun(ctx: CheckContext): Promise<SubscriptionRun> {
  return ctx.once('subscription-run', () => exercise(ctx));
}

/** The notifications/resources/updated for `uri` among `frames`. */
export const updatesOf = (frames: Frame[], uri: string): Frame[] =>
  frames.filter((f) => methodOf(f.message) === 'notifications/resources/updated' && (f.message.params as Json | undefined)?.uri === uri);

async function exercise(ctx: CheckContext): Promise<SubscriptionRun> {
  const session = await ctx.session();
  const listening = new Listening(ctx, session);
  const { resources } = await ctx.discovery();
  const uri = resources?.items.map((r) => r.uri).find((u): u is string => typeof u === 'string');
  const full: Filter = fullFilter(session.server.capabilities, uri ? [uri] : []);
  const answers = new Map<Listen, Reply>();
  const waitMs = ctx.timeoutMs * 20;
  const opened: Listen[] = [];
  // Numeric ids too (a listen's id may be either); never one this connection already used, as a
  // lent session (or an earlier attempt's listen, still pending) may have.
  const unusedNumber = (from: number): number => {
    let id = from + Math.floor(Math.random() * 800);
    while (session.sentRequestWithId(id)) id++;
    return id;
  };
  for (const [filter, id] of [
    [{}, unusedNumber(7100)],
    [full, unusedNumber(7900)],
    [full, `listen-${randomUUID()}`],
  ] as const) {
    const listen = listening.open(filter, waitMs, id);
    void listen.reply.then((r) => answers.set(listen, r));
    opened.push(listen);
    // One at a time: each acknowledged (or answered) before the next opens.
    await listening.until(() => listening.acknowledgment(listen) !== undefined || answers.has(listen), ctx.timeoutMs);
  }
  const [empty, numbered, named] = opened as [Listen, Listen, Listen];
  const subscribed = [numbered, named].filter((l) => {
    const list = acknowledgedFilter(listening.acknowledgment(l))?.resourceSubscriptions;
    return uri !== undefined && Array.isArray(list) && list.includes(uri);
  });
  let trigger = uri === undefined ? 'no resource is listed to subscribe to' : 'no listen acknowledged the resource subscription';
  if (uri !== undefined && subscribed.length > 0) {
    const plan = await planTouch(ctx, uri);
    if (typeof plan === 'string') trigger = plan;
    else {
      await learnTools(session);
      const reply = await session.request('tools/call', { name: plan.name, arguments: plan.args });
      trigger = `called ${plan.describe} (${reply.kind === 'result' ? 'answered' : describeReply(reply)})`;
      // Updates without a subscriptionId (stdio) count for the listens still waiting.
      const notified = () => {
        const waiting = subscribed.filter((l) => updatesOf(listening.framesOf(l), uri).length === 0).length;
        return waiting === 0 || updatesOf(listening.unattributed(), uri).length >= waiting;
      };
      await listening.until(notified, ctx.timeoutMs);
    }
  }
  await session.fence();
  listening.settle();
  return { listening, empty, numbered, named, ...(uri !== undefined ? { uri } : {}), trigger, subscribed, answers };
}

/**
 * A listen the server refused (a JSON-RPC error, or an HTTP refusal, before any
 * acknowledgment): it opened no subscription, so nothing about subscriptions is judged on it.
 */
export function refusedListen(run: SubscriptionRun, l: Listen): boolean {
  const answer = run.answers.get(l);
  return (answer?.kind === 'error' || answer?.kind === 'refused') && run.listening.acknowledgment(l) === undefined;
}

/** The listens that opened a subscription (or may have): every one the server did not refuse. */
export const openedListens = (run: SubscriptionRun): Listen[] => [run.empty, run.numbered, run.named].filter((l) => !refusedListen(run, l));

/** Why the subscription checks cannot judge: the server refused every listen. */
export function refusal(run: SubscriptionRun): string | undefined {
  if (openedListens(run).length > 0) return undefined;
  const answer = run.answers.get(run.empty) ?? [...run.answers.values()][0];
  return `the server refuses subscriptions/listen (${answer ? describeReply(answer) : 'refused'}): no subscription was opened to judge`;
}

/** The list-changed fields of a listen's filter. */
export const LIST_FIELDS = ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'] as const;

export const seqs = (frames: Frame[]): number[] => frames.map((f) => f.seq ?? 0);
export const show = (l: Listen): string => `listen ${JSON.stringify(l.id)}`;

/**
 * Run the exercise and judge it, or skip when the server refuses every listen. A verdict
 * against the server cites the exercise's frames (it ran on another check's connection).
 */
export async function judged(ctx: CheckContext, judge: (run: SubscriptionRun) => Verdict): Promise<Verdict> {
  const run = await subscriptionRun(ctx);
  const refused = refusal(run);
  if (refused) return ctx.skip('cannot-set-up', refused);
  const verdict = judge(run);
  if (verdict.status === 'fail' || verdict.status === 'warn') ctx.cite(...seqs(run.listening.frames()).slice(0, 30));
  // Nothing judged because listens stayed silent: that is a wait that ran out, tried again alone
  // (on a busy machine the acknowledgments may just have been late), not a target that has
  // nothing to judge.
  const silent = openedListens(run).filter((l) => run.listening.framesOf(l).length === 0).length;
  if (verdict.status === 'skip' && verdict.code !== 'no-answer' && silent > 0) return ctx.skip('no-answer', `${verdict.reason} (nothing came on ${silent} listen(s) within ${ctx.timeoutMs} ms)`);
  return verdict;
}
