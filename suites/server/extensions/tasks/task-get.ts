// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks), of tasks/get: the task a
// "task" result names resolves at once, each tasks/get has the shape of the task's status, and
// an unknown id gets -32602. Judged on the recorded run (run.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { exchange, expectError } from '../../../../harness/verify/index.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { noShapeToJudge, unanswered } from '../../../../harness/rules/no-answer.js';
import { isIsoDateTime, resultOf, seqsOf } from '../../../../harness/target/task-plan.js';
import { isObj, type Obj } from '../../../../harness/target/tool-calls.js';
import { replyLine } from '../../../../harness/target/tool-plan.js';
import { EXTENSION_PAGE, EXTENSION_RUN_NEEDS, extensionRun, noTask, withTask } from './run.js';

const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

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

export const taskGetChecks = defineChecks({ page: 'extensions/tasks', revisions: RANGE.modern, needs: EXTENSION_RUN_NEEDS }, [
  // "A server MUST NOT return CreateTaskResult until the task is durably created — that is,
  // until a tasks/get for the returned taskId would resolve."
  {
    id: 'tasks.ext-created-task-resolves',
    title: 'A "task" result names a taskId that an immediate tasks/get resolves',
    spec: { url: EXTENSION_PAGE, level: 'MUST' },
    requirement: 'A server MUST NOT return CreateTaskResult until the task is durably created — that is, until a tasks/get for the returned taskId would resolve.',
    digest: ['TASK-102'],
    faults: ['tasks-ext-get-not-ready'],
    long: true,
    run: async (ctx) => {
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
  },

  // "The response carries the appropriate response variant for the task's current status";
  // "completed: ... results are available in the result field"; "failed: ... The task will
  // include the error field"; "The resultType field MUST be set to "complete" on this object".
  {
    id: 'tasks.ext-get-shape',
    title: 'tasks/get shows the task in the shape of its status: result when completed, error when failed',
    spec: { url: EXTENSION_PAGE, level: 'MUST' },
    requirement: 'The response carries the appropriate response variant for the task\'s current status. The resultType field MUST be set to "complete" on this object as it is the standard result shape for the tasks/get request.',
    digest: ['TASK-103', 'TASK-102'],
    faults: ['tasks-ext-completed-without-result'],
    long: true,
    run: (ctx) =>
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
  },

  // "Invalid or nonexistent taskId: -32602 (Invalid params). Servers MUST return this error for tasks/get."
  {
    id: 'tasks.ext-unknown-id',
    title: 'tasks/get of a task id that does not exist gets -32602',
    spec: { url: EXTENSION_PAGE, level: 'MUST' },
    requirement: 'Invalid or nonexistent taskId: -32602 (Invalid params). Servers MUST return this error for tasks/get.',
    digest: ['TASK-103'],
    faults: ['tasks-unknown-id-wrong-code'],
    long: true,
    run: (ctx) =>
      withTask(ctx, (run) => {
        const reply = run.unknownGet;
        if (!reply) return ctx.skip('no tasks/get of an unknown id was sent');
        return expectError(ctx, exchange('tasks/get of an unknown task id', reply), ['InvalidParams']);
      }),
  },
]);
