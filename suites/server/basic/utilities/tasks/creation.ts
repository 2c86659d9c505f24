// basic/utilities/tasks (2025-11-25), of the tasks a task-augmented tools/call creates, judged on
// the recorded run (run.ts): the CreateTaskResult, the fields of every task shown, unique ids.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { only } from '../../../../../harness/revisions.js';
import { loadRevisionSchema } from '../../../../../harness/schema.js';
import { isIsoDateTime, resultOf, seqsOf } from '../../../../../harness/target/task-plan.js';
import { isObject, type Json } from '../../../../../harness/rules/json.js';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import { exchange, expectNone, expectResult, replyLine } from '../../../../../harness/verify/index.js';
import { coreTaskRun, isRun, withRun } from './run.js';

/** The schema definition each method's task object must meet (tasks/list: each Task of its list). */
const TASK_FIELDS: Record<string, string> = { 'tasks/get': 'GetTaskResult', 'tasks/cancel': 'CancelTaskResult' };

export const taskCreationChecks = defineChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25'), needs: ['own-session', 'raw-http'] }, [
  // "Receivers that accept a task-augmented request MUST return a CreateTaskResult as the response."
  {
    id: 'tasks.create-result-shape',
    title: 'A task-augmented tools/call is answered with a CreateTaskResult { task }',
    spec: { url: '#result-retrieval', level: 'MUST' },
    requirement: 'Receivers that accept a task-augmented request MUST return a CreateTaskResult as the response.',
    digest: ['TASK-005'],
    faults: ['tasks-create-result-flat'],
    long: true,
    run: async (ctx) => {
      const run = await coreTaskRun(ctx);
      if (!isRun(run)) return ctx.skip(run.code, run.detail);
      const what = `a task-augmented tools/call of ${run.plan.describe(run.workMs)}`;
      if (run.id === undefined) {
        const r = resultOf(run.create);
        if (unanswered(run.create)) return ctx.skip('no-answer', noShapeToJudge(what, run.create));
        if (!r) return ctx.skip('cannot-set-up', `${what} got ${replyLine(ctx, run.create)}: the server did not accept the task`);
        // A plain CallToolResult: the server ran the call but made no task of it.
        const doubt = Array.isArray(r.content) ? 'the tool declares task support, yet the call ran without a task' : undefined;
        return expectResult(ctx, exchange(what, run.create), { expected: 'a CreateTaskResult { task }', problem: (result) => `a result without a task: ${ctx.brief(result, 200)}`, ...(doubt ? { doubt } : {}) });
      }
      const schema = await loadRevisionSchema(ctx.revision);
      const bad: string[] = [];
      let judged = 0;
      for (const [which, reply] of [['task A', run.create], ['task B', run.second?.create]] as const) {
        const r = resultOf(reply);
        if (!r) continue;
        judged++;
        const verdict = schema.validate('CreateTaskResult', r);
        if (!verdict.ok) bad.push(`${which}: ${verdict.error}`);
        else if (isObject(r.task) && !(isIsoDateTime(r.task.createdAt) && isIsoDateTime(r.task.lastUpdatedAt))) bad.push(`${which}: createdAt/lastUpdatedAt not ISO 8601`);
      }
      ctx.cite(...seqsOf(run.create, run.second?.create));
      return expectNone(ctx, bad, { expected: 'CreateTaskResult: { task: { taskId, status, createdAt, lastUpdatedAt, ttl, ... } }', judged, note: `${run.plan.describe(run.workMs)}: CreateTaskResult` });
    },
  },

  // "Receivers MUST include a createdAt ISO 8601-formatted timestamp in all task responses ...
  // MUST include a lastUpdatedAt ... MUST include the actual ttl duration (or null for
  // unlimited) in tasks/get responses."
  {
    id: 'tasks.task-fields',
    title: 'tasks/get, tasks/cancel and tasks/list show each task with createdAt, lastUpdatedAt (ISO 8601) and its ttl',
    spec: { url: '#ttl-and-resource-management', level: 'MUST' },
    requirement: 'Receivers MUST include a createdAt ISO 8601-formatted timestamp in all task responses to indicate when the task was created. ... Receivers MUST include the actual ttl duration (or null for unlimited) in tasks/get responses.',
    digest: ['TASK-008'],
    faults: ['tasks-get-missing-ttl'],
    long: true,
    run: (ctx) =>
      withRun(ctx, async (run) => {
        const schema = await loadRevisionSchema(ctx.revision);
        const judged: { method: string; value: Json; seq: number[] }[] = [];
        const gets = [...run.polls, ...(run.afterResult && !run.polls.includes(run.afterResult) ? [run.afterResult] : []), ...run.afterEnd, run.second?.get, run.second?.later];
        for (const s of gets) {
          const r = resultOf(s?.reply);
          if (r) judged.push({ method: 'tasks/get', value: r, seq: seqsOf(s?.reply) });
        }
        const cancelled = resultOf(run.second?.cancel?.reply);
        if (cancelled) judged.push({ method: 'tasks/cancel', value: cancelled, seq: seqsOf(run.second?.cancel?.reply) });
        for (const reply of run.list?.replies ?? []) {
          const tasks = resultOf(reply)?.tasks;
          for (const t of Array.isArray(tasks) ? tasks : []) if (isObject(t)) judged.push({ method: 'tasks/list', value: t, seq: seqsOf(reply) });
        }
        const bad: { text: string; seq: number[] }[] = [];
        for (const j of judged) {
          const verdict = schema.validate(TASK_FIELDS[j.method] ?? 'Task', j.value);
          if (!verdict.ok) bad.push({ text: `${j.method}: ${verdict.error}`, seq: j.seq });
          else if (!isIsoDateTime(j.value.createdAt) || !isIsoDateTime(j.value.lastUpdatedAt)) bad.push({ text: `${j.method}: createdAt ${ctx.brief(j.value.createdAt)}, lastUpdatedAt ${ctx.brief(j.value.lastUpdatedAt)}`, seq: j.seq });
        }
        ctx.cite(...bad.slice(0, 3).flatMap((b) => b.seq));
        return expectNone(ctx, bad.map((b) => b.text), {
          expected: 'every task: taskId, status, createdAt and lastUpdatedAt (ISO 8601), ttl (integer or null)',
          judged: judged.length,
          note: `${judged.length} task object(s)`,
          show: 2,
          nothing: { code: 'nothing-observed', detail: 'no tasks/get, tasks/cancel or tasks/list result to judge' },
        });
      }),
  },

  // "Task IDs MUST be unique among all tasks controlled by the receiver."
  {
    id: 'tasks.unique-ids',
    title: 'Two tasks get two different ids',
    spec: { url: '#task-id-requirements', level: 'MUST' },
    requirement: 'Task IDs MUST be unique among all tasks controlled by the receiver.',
    digest: ['TASK-006'],
    faults: ['tasks-id-reused'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const second = run.second;
        if (second?.id === undefined) {
          if (second && unanswered(second.create)) return ctx.skip('no-answer', noShapeToJudge('the second task-augmented call', second.create));
          return ctx.skip('cannot-set-up', `the second task-augmented call got ${second ? replyLine(ctx, second.create) : 'nothing'}`);
        }
        ctx.cite(...seqsOf(run.create));
        return expectResult(ctx, exchange('the second task-augmented tools/call', second.create), {
          expected: `a task with a new taskId (the first is ${ctx.brief(run.id)})`,
          problem: () => (second.id === run.id ? `both tasks have the id ${ctx.brief(second.id)}` : undefined),
        });
      }),
  },
]);
