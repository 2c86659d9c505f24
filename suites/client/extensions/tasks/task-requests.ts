// The tasks extension (io.modelcontextprotocol/tasks, 2026-07-28), client side: over HTTP the
// requests about a task name it in Mcp-Name, as tools/call names its tool (TASK-104). Judged on
// the scenario whose server answers a tools/call with a task (suites/client/scenarios/tasks-extension.ts).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { decodeHeader } from '../../basic/transports/streamable-http/header-values.js';
import { TASK_METHODS, TASKS_CALL } from '../../scenarios/tasks-extension.js';
import { header, paramsOf, posts, requestOf } from '../../support/http.js';

export const TASKS_PAGE = 'https://modelcontextprotocol.io/extensions/tasks/overview';

export const taskRequestClientChecks = defineClientChecks({ page: 'extensions/tasks', revisions: '2026-07-28', transports: ['streamable-http'] }, [
  // TASK-104 (first half): "On HTTP, tasks/get|update|cancel carry Mcp-Name: <taskId>".
  {
    id: 'tasks.mcp-name-on-task-requests',
    title: 'Over HTTP, every tasks/get, tasks/update and tasks/cancel carries Mcp-Name equal to its taskId',
    spec: { url: TASKS_PAGE, level: 'MUST' },
    requirement: 'On HTTP, tasks/get, tasks/update and tasks/cancel requests MUST carry the Mcp-Name header set to the taskId of the task they are about.',
    fix: 'Send Mcp-Name: <params.taskId> (base64 sentinel when the value needs it) on every tasks/get, tasks/update and tasks/cancel POST.',
    digest: ['TASK-104'],
    scenario: TASKS_CALL,
    faults: ['tasks-mcp-name-missing'],
    async run(ctx) {
      const about = posts(ctx.recording).flatMap((p) => {
        const request = requestOf(p);
        return request && (TASK_METHODS as readonly string[]).includes(String(request.method)) ? [{ post: p, request }] : [];
      });
      const violations: Violation[] = [];
      for (const { post, request } of about) {
        ctx.cite(post.record.seq);
        const taskId = paramsOf(request).taskId;
        const value = header(post.record, 'mcp-name');
        const what = `${String(request.method)} ${JSON.stringify(taskId)}`;
        if (value === undefined) violations.push({ text: `${what} without Mcp-Name`, seq: post.record.seq });
        else if (typeof taskId !== 'string' || decodeHeader(value).value !== taskId) violations.push({ text: `${what} with Mcp-Name: ${value}`, seq: post.record.seq });
      }
      return expectNone(ctx, violations, {
        expected: 'Mcp-Name equal to params.taskId on every tasks/get, tasks/update and tasks/cancel POST',
        judged: about.length,
        note: `${about.length} task request(s)`,
        nothing: { code: 'nothing-observed', detail: 'the client sent no tasks/get, tasks/update nor tasks/cancel: a client that runs no task is not judged' },
      });
    },
  },
]);
