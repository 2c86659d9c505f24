// basic/utilities/tasks#protocol-errors (2025-11-25): a task id that does not exist, in
// tasks/get, tasks/result and tasks/cancel, gets -32602.
import { randomUUID } from 'node:crypto';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { only } from '../../../../../harness/revisions.js';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import { isObj } from '../../../../../harness/target/tool-calls.js';
import { replyLine } from '../../../../../harness/target/tool-plan.js';

export const taskErrorChecks = defineChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25'), needs: ['shared-session'] }, [
  // "Invalid or nonexistent taskId in tasks/get, tasks/result, or tasks/cancel: -32602 (Invalid params)"
  {
    id: 'tasks.unknown-id',
    title: 'tasks/get, tasks/result and tasks/cancel of a task id that does not exist get -32602',
    spec: { url: '#protocol-errors', level: 'MUST' },
    requirement: 'Receivers MUST return standard JSON-RPC errors for the following protocol error cases: Invalid or nonexistent taskId in tasks/get, tasks/result, or tasks/cancel: -32602 (Invalid params)',
    digest: ['TASK-013'],
    faults: ['tasks-unknown-id-wrong-code'],
    run: async (ctx) => {
      const tasks = ctx.facts.serverCapabilities.tasks;
      if (!isObj(tasks)) return ctx.skip('not-declared: the server declares no tasks capability');
      const methods = ['tasks/get', 'tasks/result', ...(isObj(tasks.cancel) ? ['tasks/cancel'] : [])];
      const session = await ctx.shared();
      const bad: string[] = [];
      const silent: string[] = [];
      for (const method of methods) {
        const reply = await session.request(method, { taskId: `mcp-conformance-no-such-task-${randomUUID()}` });
        if (unanswered(reply)) silent.push(noShapeToJudge(method, reply));
        else if (reply.kind !== 'error' || reply.error.code !== -32602) bad.push(`${method}: ${replyLine(ctx, reply)}`);
      }
      if (bad.length === 0 && silent.length === methods.length) return ctx.skip(silent.join('; '));
      if (bad.length === 0) return ctx.pass(`${methods.join(', ')}: -32602${silent.length ? `; ${silent.join('; ')}` : ''}`);
      return ctx.fail({ expected: 'error -32602 for a taskId that does not exist', actual: bad.join('; ') });
    },
  },
]);
