// EXT-002 with BASE-013 (2026-07-28), client side: a resultType added by an extension is valid
// only when that extension was negotiated. The scripted server of scenarios/unnegotiated-task.ts
// advertises no extension and answers its tool with resultType "task": the client must take the
// result as invalid, so a tasks/get, tasks/update or tasks/cancel of its taskId shows that it
// used it as a task. A call whose own clientCapabilities declared the extension is not judged:
// whether "advertised via capabilities" then asks the server's advertisement too is not settled.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { UNNEGOTIATED_TASK, UNNEGOTIATED_TASK_TOOL } from '../../scenarios/unnegotiated-task.js';
import { TASKS_EXTENSION, TASK_METHODS } from '../../scenarios/tasks-extension.js';
import { declaredFor, isObject, ourAnswer, paramsOf } from '../../support/wire.js';

export const unnegotiatedResultClientChecks = defineClientChecks({ page: 'basic/messages', revisions: '2026-07-28' }, [
  {
    id: 'tasks.unnegotiated-task-result-invalid',
    title: 'A resultType "task" from a server that advertised no tasks extension is invalid: the client follows no task',
    spec: { url: 'basic#resulttype', level: 'MUST' },
    requirement:
      'The set of supported ResultType values MUST be created from the set defined in the core protocol and include any additional values of supported extensions that are advertised via capabilities. A resultType of any value unrecognized by the client MUST be considered invalid.',
    fix: 'Accept resultType "task" only when both sides declared io.modelcontextprotocol/tasks; otherwise treat the result as invalid.',
    digest: ['EXT-002'],
    scenario: UNNEGOTIATED_TASK,
    faults: ['task-result-unnegotiated-followed'],
    async run(ctx) {
      const named = ctx.recording.requests('tools/call').filter((m) => paramsOf(m).name === UNNEGOTIATED_TASK_TOOL);
      const declaring = (m: (typeof named)[number]): boolean => {
        const extensions = declaredFor(ctx.recording, m, true)?.extensions;
        return isObject(extensions) && extensions[TASKS_EXTENSION] !== undefined;
      };
      const calls = named.filter((m) => !declaring(m));
      if (calls.length === 0 && named.length > 0) return ctx.skip('not-applicable', `every call of ${UNNEGOTIATED_TASK_TOOL} declared ${TASKS_EXTENSION} in its own clientCapabilities: the value is not plainly unnegotiated`);
      const taskIds = new Map<string, number>();
      for (const call of calls) {
        const answer = ourAnswer(ctx.recording, call);
        const result = answer && isObject(answer.message.result) ? answer.message.result : undefined;
        if (answer && result?.resultType === 'task' && typeof result.taskId === 'string') {
          taskIds.set(result.taskId, answer.seq);
          ctx.cite(call.seq, answer.seq);
        }
      }
      if (taskIds.size === 0) return ctx.skip('nothing-observed', `the client did not call ${UNNEGOTIATED_TASK_TOOL}, whose answer says resultType "task"`);
      const followed = ctx.recording.fromClient.filter((m) => (TASK_METHODS as readonly string[]).includes(String(m.message.method)) && taskIds.has(String(paramsOf(m).taskId)));
      return expectNone(
        ctx,
        followed.map((m) => ({ text: `${String(m.message.method)} of task ${String(paramsOf(m).taskId)}, whose resultType "task" no negotiated extension allows`, seq: m.seq })),
        { expected: 'the result taken as invalid: no tasks/get, tasks/update or tasks/cancel of its taskId', judged: taskIds.size, reason: 'the server advertised no extensions' },
      );
    },
  },
]);
