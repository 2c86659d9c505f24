// basic/utilities/tasks (2025-11-25), the server as a requestor: the tool's client declares client
// tasks for sampling (tasks.requests.sampling.createMessage), so that a server may send it a
// task-augmented sampling/createMessage and get a CreateTaskResult back (the client's side of
// that is harness/sessions/client-tasks.ts: no notifications/tasks/status, ever). The tools the
// user allows are called on that session, those the server offers only there first (a server may
// offer a sampling tool only to a client that declared sampling), then the others, as
// client/server-asks.ts does. One scenario, two ways: the client's task completes after a while
// (tasks.requestor-polls: the server must find that out by asking), or it keeps working and the
// tools/call is cancelled (cancellation.server-cancels-tasks-by-tasks-cancel: how the server
// cancels its task, if it does).
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { InboundMessage, Reply } from '../../../../../harness/jsonrpc/types.js';
import { only } from '../../../../../harness/revisions.js';
import { isObject, type Json } from '../../../../../harness/rules/json.js';
import type { ClientTask } from '../../../../../harness/sessions/client-tasks.js';
import type { Session } from '../../../../../harness/sessions/session.js';
import { callable, listedTools, noSafeTool, type Callable } from '../../../../../harness/target/tool-calls.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { planVerdict } from '../../../../../harness/verify/utilities.js';

/** What the session declares: sampling, and task-augmented sampling (with tasks/list and tasks/cancel, which it serves). */
export const TASK_RECEIVER = { sampling: {}, tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } } };

/** The pollInterval the client's tasks show, and how long they work when they complete. */
const POLL_MS = 100;
const WORKING_MS = 400;
/** How long a batch of calls is given to send its first sampling request (a slow tool is not waited for). */
const ASK_PATIENCE_MS = 2000;
/** At most this many calls per batch (sent together). */
const MAX_CALLS = 10;

interface Call {
  name: string;
  id: string;
  reply?: Reply;
}

export interface RequestorRun {
  session: Session;
  calls: Call[];
  /** The server's sampling/createMessage requests: task-augmented (params.task) or plain. */
  augmented: InboundMessage[];
  plain: InboundMessage[];
  /** The tasks the client created for the augmented ones, with what the server asked of each. */
  tasks: ClientTask[];
  /** "during N tool call(s)", for reasons. */
  tried: string;
  /** keepWorking: the tools/call cancelled, and when (the wire seq of the last frame in by then). */
  cancelled?: { ids: string[]; afterSeq: number; waitedMs: number };
}

const requestOf = (m: InboundMessage): Json => (isObject(m.message) ? m.message : {});
const isSampling = (m: InboundMessage): boolean => {
  const msg = requestOf(m);
  return msg.method === 'sampling/createMessage' && 'id' in msg;
};
export const isAugmented = (m: InboundMessage): boolean => isSampling(m) && isObject(requestOf(m).params) && isObject((requestOf(m).params as Json).task);

/** Every page of tools/list on this session, less the tools discovery (on a session declaring nothing) listed. */
async function offeredOnlyHere(session: Session, known: Json[]): Promise<Json[]> {
  const names = new Set(known.map((t) => t.name));
  const out: Json[] = [];
  let cursor: unknown;
  for (let page = 0; page < 20; page++) {
    const reply = await session.request('tools/list', cursor === undefined ? {} : { cursor });
    if (reply.kind !== 'result' || !isObject(reply.result)) break;
    for (const t of Array.isArray(reply.result.tools) ? reply.result.tools.filter(isObject) : []) {
      if (typeof t.name === 'string' && !names.has(t.name)) {
        names.add(t.name);
        out.push(t);
      }
    }
    cursor = reply.result.nextCursor;
    if (typeof cursor !== 'string') break;
  }
  return out;
}

/**
 * The scenario (once per check: the two checks script the client's tasks differently). A Verdict
 * when nothing can be tried: no tools, or none the user allows.
 */
export async function requestorRun(ctx: CheckContext, opts: { keepWorking: boolean; idPrefix: string }): Promise<RequestorRun | Verdict> {
  const listed = await listedTools(ctx);
  if (!Array.isArray(listed) && listed.status === 'skip' && listed.code === 'not-declared') return planVerdict(ctx, listed);
  const known = Array.isArray(listed) ? listed : [];
  const session = await ctx.session({ clientCapabilities: TASK_RECEIVER, clientTasks: { workingMs: opts.keepWorking ? null : WORKING_MS, pollIntervalMs: POLL_MS } });
  const here = await offeredOnlyHere(session, known);
  const batches = [callable(ctx, here).ok, callable(ctx, known).ok].map((b) => b.slice(0, MAX_CALLS)).filter((b) => b.length > 0);
  if (batches.length === 0) return known.length + here.length === 0 && !Array.isArray(listed) ? planVerdict(ctx, listed) : noSafeTool(ctx, 'no tool listed to a client declaring sampling tasks');
  const calls: Call[] = [];
  let cancelled: RequestorRun['cancelled'];
  // The window the server has to finish a task-augmented call (or to cancel its task): a few
  // polls past the task's work, and never less than the target's timeout.
  const windowMs = ctx.timeoutMs + WORKING_MS + 10 * POLL_MS;
  // Completing tasks: a call still unanswered after the window timed out (tried again alone, if
  // that decides a failure). Working tasks: the calls are cancelled long before theirs.
  const callTimeoutMs = ASK_PATIENCE_MS + windowMs * (opts.keepWorking ? 3 : 1);
  for (const batch of batches) {
    const mine = batch.map((c: Callable): Call => ({ name: c.name, id: `${opts.idPrefix}-${c.name}` }));
    calls.push(...mine);
    const all = Promise.all(
      batch.map(async (c, i) => {
        const call = mine[i] as Call;
        call.reply = await session.request('tools/call', { name: c.name, arguments: c.args }, { id: call.id, timeoutMs: callTimeoutMs });
      }),
    );
    const augmented = await Promise.race([all.then(() => undefined), session.waitFor(isAugmented, ASK_PATIENCE_MS, true)]);
    if (augmented === undefined && !session.inbound.some(isAugmented)) {
      // No task-augmented request in time: the calls still running are not waited for.
      await cancelUnanswered(session, mine, 'mcp-conformance: no task-augmented request came in time');
      if (session.inbound.some(isSampling)) break;
      continue;
    }
    if (!opts.keepWorking) {
      // The client's task completes after WORKING_MS: the calls end once the server has found out.
      await all;
      await cancelUnanswered(session, mine, 'mcp-conformance: the call did not end in time');
      break;
    }
    // The client's task keeps working: let the server settle into it (a poll or two), then the
    // tools/call is cancelled; a server that cancels its own task must use tasks/cancel.
    await sleep(3 * POLL_MS);
    const open = mine.filter((c) => c.reply === undefined);
    const afterSeq = session.inbound.at(-1)?.seq ?? 0;
    const started = performance.now();
    await cancelUnanswered(session, open, 'mcp-conformance: the user cancelled the call');
    const ids = new Set(session.inbound.filter(isAugmented).map((m) => JSON.stringify(requestOf(m).id)));
    const taskIds = new Set((session.clientTasks?.tasks ?? []).map((t) => t.taskId));
    const cancelsTask = (m: InboundMessage): boolean => {
      const msg = requestOf(m);
      const params = isObject(msg.params) ? msg.params : {};
      if (msg.method === 'tasks/cancel') return taskIds.has(params.taskId as string);
      return msg.method === 'notifications/cancelled' && ids.has(JSON.stringify(params.requestId));
    };
    await session.waitFor(cancelsTask, windowMs, true);
    // Whatever the server sent before the fence's answer has come by then (over HTTP, what it held for the next request too).
    await session.fence();
    cancelled = { ids: open.map((c) => c.id), afterSeq, waitedMs: Math.round(performance.now() - started) };
    break;
  }
  const tried = `during ${calls.length} tool call(s) (${calls.map((c) => c.name).join(', ')})`;
  return {
    session,
    calls,
    augmented: session.inbound.filter(isAugmented),
    plain: session.inbound.filter((m) => isSampling(m) && !isAugmented(m)),
    tasks: session.clientTasks?.tasks ?? [],
    tried,
    ...(cancelled ? { cancelled } : {}),
  };
}

/** Cancel the calls still unanswered (a timed-out one too: the server may still be at it). */
async function cancelUnanswered(session: Session, calls: Call[], reason: string): Promise<void> {
  for (const c of calls) if (c.reply === undefined || c.reply.kind === 'timeout') await session.notify('notifications/cancelled', { requestId: c.id, reason });
}

export const isRun = (r: RequestorRun | Verdict): r is RequestorRun => 'session' in r;

/** Why the run has no task of the server's to judge, as a skip; undefined when it has. */
export function noTaskToJudge(ctx: CheckContext, run: RequestorRun): Verdict | undefined {
  if (run.augmented.length > 0 && run.tasks.length > 0) return undefined;
  if (run.plain.length > 0) {
    return ctx.skip(
      'not-offered',
      `the server sent ${run.plain.length} sampling/createMessage without params.task ${run.tried}, though the client declared tasks.requests.sampling.createMessage: augmenting a request with a task is the requestor's choice (a MAY), so there is no task to judge`,
    );
  }
  return ctx.skip('nothing-observed', `no sampling/createMessage came ${run.tried} from a client declaring ${JSON.stringify(TASK_RECEIVER)}: no tool the user allows samples`);
}

/** The frame of the server's task-augmented request for `task`. */
export function seqOfTask(run: RequestorRun, task: ClientTask): number | undefined {
  return run.augmented.find((m) => JSON.stringify(requestOf(m).id) === JSON.stringify(task.requestId))?.seq;
}

/** The frame of the server's request with this id. */
export function seqOfRequest(run: RequestorRun, method: string, id: unknown): number | undefined {
  return run.session.inbound.find((m) => requestOf(m).method === method && JSON.stringify(requestOf(m).id) === JSON.stringify(id))?.seq;
}

export const requestorChecks = defineChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25'), needs: ['own-session'] }, [
  // tasks#task-notifications: "Requestors MUST NOT rely on receiving the
  // notifications/tasks/status notification, as it is optional." The client's tasks complete
  // without one: a server that waits for it never learns that its task ended.
  {
    id: 'tasks.requestor-polls',
    title: "The server polls its task-augmented sampling request (tasks/get or tasks/result) rather than wait for notifications/tasks/status",
    spec: { url: '#task-notifications', level: 'MUST' },
    requirement: 'Requestors MUST NOT rely on receiving the notifications/tasks/status notification, as it is optional.',
    digest: ['TASK-014'],
    faults: ['task-status-awaited'],
    long: true,
    async run(ctx) {
      const run = await requestorRun(ctx, { keepWorking: false, idPrefix: 'requestor-polls' });
      if (!isRun(run)) return run;
      const none = noTaskToJudge(ctx, run);
      if (none) return none;
      const unpolled = run.tasks.filter((t) => !t.asked.some((a) => a.method === 'tasks/get' || a.method === 'tasks/result'));
      const answered = run.calls.filter((c) => c.reply?.kind === 'result' || c.reply?.kind === 'error');
      if (unpolled.length === 0 && answered.length === 0) {
        return ctx.skip('no-answer', `the server polled its ${run.tasks.length} task(s), but none of the tool calls ${run.tried} was answered`);
      }
      const judged = run.tasks.length;
      const polls = run.tasks.reduce((n, t) => n + t.asked.filter((a) => a.method !== 'tasks/cancel').length, 0);
      return expectNone(
        ctx,
        unpolled.map((t) => {
          const seq = seqOfTask(run, t);
          return { text: `task ${t.taskId} (of its sampling/createMessage id ${JSON.stringify(t.requestId)}): never asked about with tasks/get or tasks/result, and no notifications/tasks/status came (the client sends none)`, ...(seq !== undefined ? { seq } : {}) };
        }),
        {
          expected: 'the server asks tasks/get (or tasks/result) about its task-augmented request until the task ends',
          judged,
          note: `${judged} task-augmented sampling/createMessage, followed up with ${polls} tasks/get or tasks/result; ${answered.length} tool call(s) answered`,
          reason: `the client answered with a CreateTaskResult (status working, pollInterval ${POLL_MS} ms), completed the task after ${WORKING_MS} ms and sent no status notification`,
        },
      );
    },
  },
]);
