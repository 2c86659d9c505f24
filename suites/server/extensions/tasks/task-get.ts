// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks), of tasks/get: the task a
// "task" result names resolves at once, each tasks/get has the shape of the task's status, and
// an unknown id gets InvalidParams. Judged on the recorded run (run.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { noShapeToJudge, unanswered } from '../../../../harness/rules/no-answer.js';
import { isIsoDateTime, resultOf, seqsOf } from '../../../../harness/target/task-plan.js';
import { exchange, expectError, expectNone, expectResult, replyLine } from '../../../../harness/verify/index.js';
import { inTurn } from '../../../../harness/verify/utilities.js';
import { EXTENSION_PAGE, EXTENSION_RUN_NEEDS, extensionRun, isRun, noTask, withTask } from './run.js';

const STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'];

/** What is wrong with a tasks/get result (extensions/tasks: GetTaskResult = Result & DetailedTask). */
function taskProblems(r: Json, taskId: string): string[] {
  const bad: string[] = [];
  if (r.resultType !== 'complete') bad.push(`resultType ${JSON.stringify(r.resultType)} (tasks/get results are "complete")`);
  if (r.taskId !== taskId) bad.push(`taskId ${JSON.stringify(r.taskId)}`);
  if (!STATUSES.includes(r.status as string)) bad.push(`status ${JSON.stringify(r.status)}`);
  if (!isIsoDateTime(r.createdAt) || !isIsoDateTime(r.lastUpdatedAt)) bad.push('createdAt/lastUpdatedAt not ISO 8601');
  if (!(r.ttlMs === null || (typeof r.ttlMs === 'number' && Number.isInteger(r.ttlMs)))) bad.push(`ttlMs ${JSON.stringify(r.ttlMs)} (integer or null)`);
  if (r.pollIntervalMs !== undefined && !Number.isInteger(r.pollIntervalMs)) bad.push(`pollIntervalMs ${JSON.stringify(r.pollIntervalMs)}`);
  if (r.status === 'completed' && !isObject(r.result)) bad.push('"completed" without a result object');
  if (r.status === 'failed' && !(isObject(r.error) && Number.isInteger(r.error.code) && typeof r.error.message === 'string')) bad.push('"failed" without a JSON-RPC error object');
  if (r.status === 'input_required' && !isObject(r.inputRequests)) bad.push('"input_required" without inputRequests');
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
      if (!isRun(run)) return ctx.skip(run.code, run.detail);
      const created = run.created;
      if (!created) {
        const { code, detail } = noTask(ctx, run);
        return ctx.skip(code, detail);
      }
      const id = created.id;
      const firstGet = run.firstGet;
      return inTurn(
        ctx,
        undefined,
        () =>
          expectResult(ctx, exchange(`${created.plan.name} with the extension declared`, created.reply), {
            expected: 'a CreateTaskResult (resultType "task") with a string taskId',
            problem: (r) => (id !== undefined ? undefined : `no string taskId: ${ctx.brief(r, 200)}`),
          }),
        () =>
          firstGet === undefined
            ? ctx.skip('cannot-set-up', 'no tasks/get was sent after the CreateTaskResult')
            : expectResult(ctx, exchange('tasks/get sent right after the CreateTaskResult', firstGet), {
                expected: `task ${ctx.brief(id)} resolved`,
                problem: (r) => (isObject(r) && r.taskId === id ? undefined : `a result for ${ctx.brief(isObject(r) ? r.taskId : r)}`),
                note: `${created.plan.name}: task ${String(id)}, found at once (${String(resultOf(firstGet)?.status)})`,
              }),
      );
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
        if (run.polls.length === 0) return ctx.skip('cannot-set-up', 'no tasks/get polls');
        const answered = run.polls.filter((reply) => !unanswered(reply));
        const bad = answered.flatMap((reply) => {
          const r = resultOf(reply);
          const problems = r ? taskProblems(r, run.created.id).map((p) => `"${String(r.status)}": ${p}`) : [replyLine(ctx, reply)];
          return problems.map((text) => ({ text, seq: seqsOf(reply)[0] }));
        });
        const statuses = run.polls.map((p) => resultOf(p)?.status).filter((s, i, all) => s !== all[i - 1]);
        return expectNone(ctx, bad, {
          expected: 'each tasks/get: resultType "complete", taskId, status, createdAt, lastUpdatedAt, ttlMs, and result/error/inputRequests as the status asks',
          judged: answered.length,
          note: `${run.polls.length} tasks/get: ${statuses.map(String).join(' → ')}`,
          nothing: { code: 'no-answer', detail: noShapeToJudge(`every tasks/get of task ${ctx.brief(run.created.id)}`, run.polls[0] as Reply) },
        });
      }),
  },

  // "Invalid or nonexistent taskId: InvalidParams (Invalid params). Servers MUST return this error for tasks/get."
  {
    id: 'tasks.ext-unknown-id',
    title: 'tasks/get of a task id that does not exist gets {code:InvalidParams}',
    spec: { url: EXTENSION_PAGE, level: 'MUST' },
    requirement: 'Invalid or nonexistent taskId: {code:InvalidParams} (Invalid params). Servers MUST return this error for tasks/get.',
    digest: ['TASK-103'],
    faults: ['tasks-unknown-id-wrong-code'],
    long: true,
    run: (ctx) =>
      withTask(ctx, (run) => {
        const reply = run.unknownGet;
        if (!reply) return ctx.skip('cannot-set-up', 'no tasks/get of an unknown id was sent');
        return expectError(ctx, exchange('tasks/get of an unknown task id', reply), ['InvalidParams']);
      }),
  },
]);
