// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks, TASK-101..103), judged on
// the recorded run (task-ext-run.ts). The extension's own pages are not part of the revision's
// spec text: its rules cite the extension's overview; the rule the revision itself states (no
// task without the extension) cites the changelog entry that moved tasks into the extension.
import type { Check, CheckContext, Verdict } from '../../harness/checks/check.js';
import { describeReply, type Reply } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';
import { isObj, type Obj } from '../../harness/target/tool-calls.js';
import { replyLine } from '../../harness/target/tool-plan.js';
import { isIsoDateTime, resultOf, seqsOf } from '../../harness/target/task-plan.js';
import { noShapeToJudge, unanswered } from '../../harness/rules/no-answer.js';
import { TASKS_EXTENSION, extensionRun, type ExtensionRun } from './task-ext-run.js';

const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

const EXTENSION_PAGE = 'https://modelcontextprotocol.io/extensions/tasks/overview';

function extensionCheck(id: string, title: string, requirement: string, faults: string[], run: Check['run'], url = EXTENSION_PAGE): Check {
  return { id, title, spec: { url, level: 'MUST' }, requirement, side: 'server', revisions: RANGE.modern, transports: 'any', faults, connection: 'own', long: true, run };
}

/** The run with a created task, or the skip that says why there is none. */
async function withTask(ctx: CheckContext, judge: (run: ExtensionRun & { created: { id: string } }) => Verdict): Promise<Verdict> {
  const run = await extensionRun(ctx);
  if (typeof run === 'string') return ctx.skip(run);
  if (!run.created) return ctx.skip(noTask(ctx, run));
  if (run.created.id === undefined) return ctx.skip('the "task" result has no taskId (see tasks.ext-created-task-resolves)');
  return judge(run as ExtensionRun & { created: { id: string } });
}

/** Why no task was created: what each tool called with the extension answered. */
function noTask(ctx: CheckContext, run: ExtensionRun): string {
  const tried = run.tried.map((t) => `${t.plan.name}: ${t.reply.kind === 'result' ? `resultType ${ctx.brief(resultOf(t.reply)?.resultType)}` : describeReply(t.reply)}`);
  return `no allowed tool answered with a task with the extension declared (tried: ${tried.join('; ') || 'none'})`;
}

/** What is wrong with a tasks/get result (extensions/tasks: GetTaskResult = Result & DetailedTask). */
function taskProblems(r: Obj, taskId: string): string[] {
  const bad: string[] = [];
  if (r.resultType !== 'complete') bad.push(`resultType ${JSON.stringify(r.resultType)} (tasks/get results are "complete")`);
  if (r.taskId !== taskId) bad.push(`taskId ${JSON.stringify(r.taskId)}`);
  if (!STATUSES.includes(r.status as string)) bad.push(`status ${JSON.stringify(r.status)}`);
  if (!isIsoDateTime(r.createdAt) || !isIsoDateTime(r.lastUpdatedAt)) bad.push('createdAt/lastUpdatedAt not ISO 8601');
  if (!(r.ttlMs === null || (typeof r.ttlMs === 'number' && Number.isInteger(r.ttlMs)))) bad.push(`ttlMs ${JSON.stringify(r.ttlMs)} (integer or null)`);
  if (r.pollIntervalMs !== undefined && !Number.isInteger(r.pollIntervalMs)) bad.push(`pollIntervalMs ${JSON.stringify(r.pollIntervalMs)}`);
  if (r.status === 'completed' && !isObj(r.result)) bad.push('"completed" without a result object');
  if (r.status === 'failed' && !(isObj(r.error) && Number.isInteger(r.error.code) && typeof r.error.message === 'string')) bad.push('"failed" without a JSON-RPC error object');
  if (r.status === 'input_required' && !isObj(r.inputRequests)) bad.push('"input_required" without inputRequests');
  return bad;
}

const isTask = (reply: Reply): boolean => resultOf(reply)?.resultType === 'task';

export const tasksExtensionChecks: Check[] = [
  // "A server MUST NOT return CreateTaskResult to a client that did not include the extension
  // capability on its request, regardless of prior declarations." Judged on the tool that
  // answered with a task when the extension was declared, called plainly and with the old
  // 2025-11-25 opt-in (params.task) on a connection that never declared it.
  extensionCheck(
    'tasks.ext-no-task-without-extension',
    'Without io.modelcontextprotocol/tasks in its clientCapabilities a tools/call never gets resultType "task"',
    'A server MUST NOT return CreateTaskResult to a client that did not include the extension capability on its request, regardless of prior declarations.',
    ['tasks-ext-legacy-opt-in'],
    (ctx) =>
      withTask(ctx, (run) => {
        const without = run.without;
        if (!without) return ctx.skip('the calls without the extension were not made');
        ctx.cite(...seqsOf(without.plain, without.optIn));
        const name = run.created.plan.name;
        const tasked = [['plainly', without.plain], ['with params.task (the 2025-11-25 opt-in)', without.optIn]].filter(([, r]) => isTask(r as Reply)) as [string, Reply][];
        if (tasked.length === 0) return ctx.pass(`${name} without the extension, plainly and with params.task: ${[without.plain, without.optIn].map((r) => (r.kind === 'result' ? `resultType ${ctx.brief(resultOf(r)?.resultType)}` : describeReply(r))).join(', ')}`);
        return ctx.fail({
          expected: `${name} without the ${TASKS_EXTENSION} extension declared: its CallToolResult, or -32021 naming the extension`,
          actual: tasked.map(([how, r]) => `${how}: ${ctx.brief(resultOf(r), 160)}`).join('; '),
        });
      }),
    'changelog#major-changes',
  ),

  // "A server MUST NOT return CreateTaskResult until the task is durably created — that is,
  // until a tasks/get for the returned taskId would resolve."
  extensionCheck(
    'tasks.ext-created-task-resolves',
    'A "task" result names a taskId that an immediate tasks/get resolves',
    'A server MUST NOT return CreateTaskResult until the task is durably created — that is, until a tasks/get for the returned taskId would resolve.',
    ['tasks-ext-get-not-ready'],
    async (ctx) => {
      const run = await extensionRun(ctx);
      if (typeof run === 'string') return ctx.skip(run);
      const created = run.created;
      if (!created) return ctx.skip(noTask(ctx, run));
      ctx.cite(...seqsOf(created.reply, run.firstGet));
      if (created.id === undefined) return ctx.fail({ expected: 'a CreateTaskResult (resultType "task") with a string taskId', actual: ctx.brief(resultOf(created.reply), 200) });
      const got = resultOf(run.firstGet);
      if (got && got.taskId === created.id) return ctx.pass(`${created.plan.name}: task ${created.id}, found at once (${String(got.status)})`);
      if (unanswered(run.firstGet)) return ctx.skip(noShapeToJudge(`tasks/get of task ${ctx.brief(created.id)}`, run.firstGet));
      return ctx.fail({ expected: `tasks/get sent right after the CreateTaskResult resolves task ${ctx.brief(created.id)}`, actual: got ? `a result for ${ctx.brief(got.taskId)}` : run.firstGet ? replyLine(ctx, run.firstGet) : 'nothing' });
    },
  ),

  // "The response carries the appropriate response variant for the task's current status";
  // "completed: ... results are available in the result field"; "failed: ... The task will
  // include the error field"; "The resultType field MUST be set to "complete" on this object".
  extensionCheck(
    'tasks.ext-get-shape',
    'tasks/get shows the task in the shape of its status: result when completed, error when failed',
    'The response carries the appropriate response variant for the task\'s current status. The resultType field MUST be set to "complete" on this object as it is the standard result shape for the tasks/get request.',
    ['tasks-ext-completed-without-result'],
    (ctx) =>
      withTask(ctx, (run) => {
        if (run.polls.length === 0) return ctx.skip('no tasks/get polls');
        const bad: { text: string; reply: Reply }[] = [];
        const answered = run.polls.filter((reply) => !unanswered(reply));
        if (answered.length === 0) return ctx.skip(noShapeToJudge(`every tasks/get of task ${ctx.brief(run.created.id)}`, run.polls[0] as Reply));
        for (const reply of answered) {
          const r = resultOf(reply);
          if (!r) bad.push({ text: replyLine(ctx, reply), reply });
          else for (const p of taskProblems(r, run.created.id)) bad.push({ text: `"${String(r.status)}": ${p}`, reply });
        }
        const statuses = run.polls.map((p) => resultOf(p)?.status).filter((s, i, all) => s !== all[i - 1]);
        if (bad.length === 0) return ctx.pass(`${run.polls.length} tasks/get: ${statuses.map(String).join(' → ')}`);
        ctx.cite(...seqsOf(...bad.slice(0, 3).map((b) => b.reply)));
        return ctx.fail({ expected: 'each tasks/get: resultType "complete", taskId, status, createdAt, lastUpdatedAt, ttlMs, and result/error/inputRequests as the status asks', actual: bad.slice(0, 3).map((b) => b.text).join('; ') });
      }),
  ),

  // "Invalid or nonexistent taskId: -32602 (Invalid params). Servers MUST return this error for tasks/get."
  extensionCheck(
    'tasks.ext-unknown-id',
    'tasks/get of a task id that does not exist gets -32602',
    'Invalid or nonexistent taskId: -32602 (Invalid params). Servers MUST return this error for tasks/get.',
    ['tasks-unknown-id-wrong-code'],
    (ctx) =>
      withTask(ctx, (run) => {
        const reply = run.unknownGet;
        if (!reply) return ctx.skip('no tasks/get of an unknown id was sent');
        ctx.cite(...seqsOf(reply));
        if (reply.kind === 'error' && reply.error.code === -32602) return ctx.pass();
        if (unanswered(reply)) return ctx.skip(noShapeToJudge('tasks/get of an unknown task id', reply));
        return ctx.fail({ expected: 'error -32602 for a taskId that does not exist', actual: replyLine(ctx, reply) });
      }),
  ),

  // basic#meta: "If processing a request requires a capability the client did not include in
  // io.modelcontextprotocol/clientCapabilities, the server MUST return a
  // MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the
  // missing capabilities." versioning#extension-negotiation also lets the server "revert to core
  // protocol behavior", where tasks/get does not exist (-32601). Sent on the connection whose
  // earlier requests declared the extension: capabilities are per request, never remembered.
  extensionCheck(
    'tasks.ext-requires-extension',
    'tasks/get from a request that did not declare the extension gets -32021 naming it',
    'If processing a request requires a capability the client did not include in io.modelcontextprotocol/clientCapabilities, the server MUST return a MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing capabilities.',
    ['tasks-ext-served-without-extension', 'modern-capability-error-wrong-code', 'modern-capability-error-wrong-list', 'modern-capabilities-remembered'],
    (ctx) =>
      withTask(ctx, (run) => {
        const reply = run.getWithout;
        if (!reply) return ctx.skip('no tasks/get without the extension was sent');
        ctx.cite(...seqsOf(reply));
        const expected = `tasks/get of task ${ctx.brief(run.created.id)} without the extension declared: error -32021 with data.requiredCapabilities.extensions["${TASKS_EXTENSION}"]`;
        if (unanswered(reply)) return ctx.skip(noShapeToJudge('tasks/get without the extension declared', reply));
        if (reply.kind !== 'error') return ctx.fail({ expected, actual: replyLine(ctx, reply) });
        if (reply.error.code === -32601) return ctx.pass('-32601: the server reverts to the core protocol, which has no tasks/get');
        const data = isObj(reply.error.data) ? reply.error.data : {};
        const required = isObj(data.requiredCapabilities) ? data.requiredCapabilities : {};
        const named = isObj(required.extensions) && isObj(required.extensions[TASKS_EXTENSION]);
        if (reply.error.code === -32021 && named) return ctx.pass();
        return ctx.fail({ expected, actual: `error ${reply.error.code}, data ${ctx.brief(reply.error.data, 160)}` });
      }),
  ),
];
