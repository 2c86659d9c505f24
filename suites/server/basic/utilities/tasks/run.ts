// One recorded run of core tasks (2025-11-25) per revision, shared by the tasks checks (each
// judges its part and cites its frames). On a session of its own: a task-augmented tools/call
// (task A), tasks/result sent at once while tasks/get polls until A ends, three more
// tasks/get, tasks/cancel of the ended A; meanwhile task B, cancelled while it works, read
// again after its work would have ended (task C, the same work uncancelled, tells when); then
// tasks/list, and the era's fence. Task A carries a progressToken: what progress came for it
// is kept (over Streamable HTTP with the stream each came on) for the progress checks of
// tasks (progress/task-progress.ts). Schema violations of these frames are kept private: a
// tools/call answered with a CreateTaskResult is right here, and the checks validate each task
// message against the definition it must meet.
import { setTimeout as sleep } from 'node:timers/promises';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import { codeLabel } from '../../../../../harness/rules/error-codes.js';
import { isObject, type Json } from '../../../../../harness/rules/json.js';
import { resultOf, taskTools, type TaskToolPlan } from '../../../../../harness/target/task-plan.js';
import { Listening, type Frame } from '../../../../../harness/target/listen-stream.js';
import { isNotification, newProgressToken } from '../../../../../harness/target/tool-plan.js';
import { replyLine } from '../../../../../harness/verify/index.js';
import { planReason, type Unjudged } from '../../../../../harness/verify/utilities.js';

export interface Step {
  /** What was sent: the method (the era's fence: "fence"). */
  method: string;
  reply: Reply;
  /** ms since the run began */
  sentAt: number;
  at: number;
  /** Wire sequence number of the last message received before this request went out (0: none). */
  sentAfterSeq: number;
}

/** The progress task A's token got, and what tells where each came from. */
export interface TaskProgress {
  token: string;
  /** notifications/progress with the token, in arrival order (over Streamable HTTP with their SSE stream). */
  notes: Frame[];
  /** Over Streamable HTTP: every SSE stream's frames, to tell which request's stream a note came on. */
  streams?: Frame[];
}

export interface CoreTaskRun {
  plan: TaskToolPlan;
  /** How long task A's work was asked to take (B's is WORK_B_MS). */
  workMs: number;
  create: Reply;
  id?: string;
  polls: Step[];
  result?: Step;
  /** The first tasks/get sent after tasks/result answered. */
  afterResult?: Step;
  /** Three tasks/get after A ended. */
  afterEnd: Step[];
  cancelEnded?: Step;
  second?: { create: Reply; id?: string; cancel?: Step; get?: Step; later?: Step };
  /** `unanswered`: a page got no answer (nothing to judge: see no-answer.ts). */
  list?: { ids: string[]; replies: Reply[]; problem?: string; unanswered?: string; retrievable: string[] };
  /** The era's fence, once everything else was answered: progress sent late has come by then. */
  fence?: Step;
  /** Every request of the run as it was answered (tasks A, B and C, the list pages, the fence). */
  steps: Step[];
  progress?: TaskProgress;
}

const WORK_A_MS = 300;
export const WORK_B_MS = 400;
/** ... or this many of the target's recent answers, if longer. */
const SLOW_WORK_ANSWERS = 4;
const TTL_MS = 60_000;
const MAX_LIST_PAGES = 20;
export const TERMINAL = ['completed', 'failed', 'cancelled'];

/** The server's core tasks capability, when it accepts task-augmented tools/call. */
export function coreTasksCapability(ctx: CheckContext): Json | undefined {
  const tasks = ctx.facts.serverCapabilities.tasks;
  const requests = isObject(tasks) && isObject(tasks.requests) ? tasks.requests : undefined;
  return isObject(tasks) && isObject(requests?.tools) && isObject(requests.tools.call) ? tasks : undefined;
}

/** The task id of a CreateTaskResult (or of its task fields misplaced at the top level). */
export function createdId(reply: Reply): string | undefined {
  const r = resultOf(reply);
  const task = r && isObject(r.task) ? r.task : r;
  return typeof task?.taskId === 'string' ? task.taskId : undefined;
}

export const statusOf = (r: Reply | undefined): unknown => resultOf(r)?.status;
const ended = (r: Reply | undefined): boolean => TERMINAL.includes(statusOf(r) as string);

/** The run of this revision (started by the first check that asks), or why there is none. */
export function coreTaskRun(ctx: CheckContext): Promise<CoreTaskRun | Unjudged> {
  return ctx.once('core-task-run', () => record(ctx));
}

async function record(ctx: CheckContext): Promise<CoreTaskRun | Unjudged> {
  const caps = coreTasksCapability(ctx);
  if (!caps) return { code: 'not-declared', detail: 'the server does not declare tasks.requests.tools.call' };
  const plans = await taskTools(ctx);
  if (typeof plans === 'string') return planReason(plans);
  const plan = plans[0] as TaskToolPlan;
  const session = await ctx.session({ privateObservations: ['schema-invalid'] });
  // Over Streamable HTTP the streams are watched before anything is sent (events are not replayed).
  const listening = new Listening(ctx, session);
  const t0 = performance.now();
  const clock = (): number => Math.round(performance.now() - t0);
  const lastSeq = (): number => session.inbound.at(-1)?.seq ?? 0;
  const budget = ctx.timeoutMs * 2 + WORK_B_MS;
  const steps: Step[] = [];
  const timed = async (method: string, send: () => Promise<Reply>): Promise<Step> => {
    const [sentAt, sentAfterSeq] = [clock(), lastSeq()];
    const reply = await send();
    const s = { method, reply, sentAt, at: clock(), sentAfterSeq };
    steps.push(s);
    return s;
  };
  const step = (method: string, params: Json, timeoutMs = ctx.timeoutMs): Promise<Step> => timed(method, () => session.request(method, params, { timeoutMs }));
  const call = async (ms: number, meta?: Json): Promise<Reply> => (await timed('tools/call', () => session.request('tools/call', { name: plan.name, arguments: plan.args(ms), task: { ttl: TTL_MS }, ...(meta ? { _meta: meta } : {}) }))).reply;

  // progress#behavior-requirements (2025-11-25): the token of a task-augmented request stays valid for the task's life.
  const token = newProgressToken(session);
  const create = await call(WORK_A_MS, { progressToken: token });
  const id = createdId(create);
  const run: CoreTaskRun = { plan, workMs: WORK_A_MS, create, polls: [], afterEnd: [], steps };
  if (id === undefined) return run;
  run.id = id;
  const get = (taskId = id): Promise<Step> => step('tasks/get', { taskId });
  // Task B runs alongside A: its story (cancelled while working, read again after its work
  // would have ended) does not depend on A's, and the run takes B's time instead of A's plus B's.
  // B must still be working when its tasks/cancel arrives: a few of the target's answers at least.
  const second = secondTask(run, call, step, isObject(caps.cancel), clock, Math.max(WORK_B_MS, SLOW_WORK_ANSWERS * ctx.answerMs));

  // tasks/result at once, and tasks/get polls (at the server's pollInterval, bounded) until A ends.
  const pending = step('tasks/result', { taskId: id }, budget);
  void pending.then((s) => (run.result = s));
  const interval = pollInterval(create);
  while (clock() < budget) {
    const s = await get();
    run.polls.push(s);
    if (s.reply.kind !== 'result' || ended(s.reply)) break;
    await Promise.race([sleep(interval), pending]);
  }
  const result = await pending;
  run.afterResult = run.polls.find((s) => s.sentAt >= result.at);
  if (!run.afterResult && (result.reply.kind === 'result' || result.reply.kind === 'error')) run.afterResult = await get();
  const last = run.polls.includes(run.afterResult as Step) ? run.polls.at(-1) : (run.afterResult ?? run.polls.at(-1));
  if (ended(last?.reply)) for (let i = 0; i < 3; i++) run.afterEnd.push(await get());
  if (isObject(caps.cancel) && ended(last?.reply)) run.cancelEnded = await step('tasks/cancel', { taskId: id });

  await second;
  if (isObject(caps.list)) run.list = await listAll((cursor) => step('tasks/list', cursor === undefined ? {} : { cursor }), run);
  run.fence = await timed('fence', () => session.fence());
  const frames = listening.frames();
  const isNote = (f: Frame): boolean => isNotification(f.message, 'notifications/progress') && f.message.params?.progressToken === token;
  run.progress = { token, notes: frames.filter(isNote), ...(listening.overHttp ? { streams: frames } : {}) };
  return run;
}

/** Task B: created (a second id), cancelled while it works, and read again after its work would have ended. */
async function secondTask(run: CoreTaskRun, call: (ms: number) => Promise<Reply>, step: (m: string, p: Json, timeoutMs?: number) => Promise<Step>, cancel: boolean, clock: () => number, workMs: number): Promise<void> {
  const started = clock();
  const create = await call(workMs);
  const id = createdId(create);
  run.second = { create, ...(id !== undefined ? { id } : {}) };
  if (id === undefined || !cancel) return;
  run.second.cancel = await step('tasks/cancel', { taskId: id });
  run.second.get = await step('tasks/get', { taskId: id });
  // A server that gave B the id of A would give C that id too, and C would rewrite A's story.
  if (id === run.id || !(await twinEnded(call, step, [run.id, id], workMs))) await sleep(Math.max(0, started + workMs + 300 - clock()));
  run.second.later = await step('tasks/get', { taskId: id });
}

/**
 * The fence for "B's work would have ended": task C, the same work as B, created after it and
 * never cancelled. Once C's result is in, B's work is over too, had the server gone on with it.
 * False when C proves nothing (not created, an id already taken, no result): then the wait is
 * B's time.
 */
async function twinEnded(call: (ms: number) => Promise<Reply>, step: (m: string, p: Json, timeoutMs?: number) => Promise<Step>, taken: (string | undefined)[], workMs: number): Promise<boolean> {
  const id = createdId(await call(workMs));
  if (id === undefined || taken.includes(id)) return false;
  // Patience for C: a few times the work. A server slower than that does not do the work in
  // the time it was asked for, and the fixed wait (by then over) is as good as any.
  return (await step('tasks/result', { taskId: id }, workMs * 3)).reply.kind === 'result';
}

/** Every page of tasks/list, and which created tasks tasks/get still found just before. */
async function listAll(listPage: (cursor: string | undefined) => Promise<Step>, run: CoreTaskRun): Promise<NonNullable<CoreTaskRun['list']>> {
  const retrievable: string[] = [];
  const latestA = (run.afterEnd.at(-1) ?? run.polls.at(-1))?.reply;
  const latestB = run.second?.later?.reply ?? run.second?.get?.reply ?? run.second?.create;
  if (run.id !== undefined && latestA?.kind === 'result') retrievable.push(run.id);
  if (run.second?.id !== undefined && latestB?.kind === 'result' && !retrievable.includes(run.second.id)) retrievable.push(run.second.id);
  const out: NonNullable<CoreTaskRun['list']> = { ids: [], replies: [], retrievable };
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const { reply } = await listPage(cursor);
    out.replies.push(reply);
    if (unanswered(reply)) return { ...out, unanswered: noShapeToJudge('tasks/list', reply) };
    const r = resultOf(reply);
    if (!r || !Array.isArray(r.tasks)) return { ...out, problem: `tasks/list got ${reply.kind === 'error' ? `error ${codeLabel(reply.error.code)}` : reply.kind === 'result' ? 'a result without a tasks array' : reply.kind}` };
    for (const t of r.tasks) if (isObject(t) && typeof t.taskId === 'string') out.ids.push(t.taskId);
    if (typeof r.nextCursor !== 'string') return out;
    cursor = r.nextCursor;
  }
  return { ...out, problem: `more than ${MAX_LIST_PAGES} pages` };
}

/** The task's pollInterval, bounded to keep a check quick (requestors SHOULD respect it). */
function pollInterval(create: Reply): number {
  const r = resultOf(create);
  const task = r && isObject(r.task) ? r.task : r;
  const p = task?.pollInterval;
  return typeof p === 'number' && Number.isFinite(p) ? Math.min(500, Math.max(50, p)) : 100;
}

/** The recorded run with a created task, or the skip that says why there is none. */
export async function withRun(ctx: CheckContext, judge: (run: CoreTaskRun & { id: string }) => Verdict | Promise<Verdict>): Promise<Verdict> {
  const run = await coreTaskRun(ctx);
  if (!isRun(run)) return ctx.skip(run.code, run.detail);
  if (run.id === undefined) {
    const what = `a task-augmented tools/call of ${run.plan.describe(run.workMs)}`;
    if (unanswered(run.create)) return ctx.skip('no-answer', noShapeToJudge(`${what}, to create the task the check judges`, run.create));
    return ctx.skip('cannot-set-up', `no task was created: ${what} got ${replyLine(ctx, run.create)}`);
  }
  return judge(run as CoreTaskRun & { id: string });
}

export const isRun = (run: CoreTaskRun | Unjudged): run is CoreTaskRun => !('code' in run);

/** "status" of a step, for evidence. */
export const said = (s: Step | undefined): string => (s === undefined ? 'nothing' : s.reply.kind === 'result' ? `"${String(statusOf(s.reply))}"` : describeReply(s.reply));
