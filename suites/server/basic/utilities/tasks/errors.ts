// basic/utilities/tasks#protocol-errors (2025-11-25): a task id that does not exist, in
// tasks/get, tasks/result and tasks/cancel, gets InvalidParams.
import { randomUUID } from 'node:crypto';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { only } from '../../../../../harness/revisions.js';
import { codeLabel, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { isObject } from '../../../../../harness/rules/json.js';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import { seqsOf } from '../../../../../harness/target/task-plan.js';
import { exchange, expectNone, replyLine, type Exchange } from '../../../../../harness/verify/index.js';

export const taskErrorChecks = defineChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25'), needs: ['shared-session'] }, [
  // "Invalid or nonexistent taskId in tasks/get, tasks/result, or tasks/cancel: InvalidParams (Invalid params)"
  {
    id: 'tasks.unknown-id',
    title: 'tasks/get, tasks/result and tasks/cancel of a task id that does not exist get {code:InvalidParams}',
    spec: { url: '#protocol-errors', level: 'MUST' },
    requirement: 'Receivers MUST return standard JSON-RPC errors for the following protocol error cases: Invalid or nonexistent taskId in tasks/get, tasks/result, or tasks/cancel: {code:InvalidParams} (Invalid params)',
    digest: ['TASK-013'],
    faults: ['tasks-unknown-id-wrong-code'],
    run: async (ctx) => {
      const tasks = ctx.facts.serverCapabilities.tasks;
      if (!isObject(tasks)) return ctx.skip('not-declared', 'the server declares no tasks capability');
      const methods = ['tasks/get', 'tasks/result', ...(isObject(tasks.cancel) ? ['tasks/cancel'] : [])];
      const session = await ctx.shared();
      const exchanges: Exchange[] = [];
      for (const method of methods) exchanges.push(exchange(method, await session.request(method, { taskId: `mcp-conformance-no-such-task-${randomUUID()}` })));
      // One rule over the three methods: each answered one gets InvalidParams; silence is no shape to judge.
      const answered = exchanges.filter((ex) => !unanswered(ex.reply));
      const silent = exchanges.flatMap((ex) => (unanswered(ex.reply) ? [noShapeToJudge(ex.what, ex.reply)] : []));
      const wrong = answered.filter((ex) => ex.reply.kind !== 'error' || ex.reply.error.code !== ErrorCode.InvalidParams);
      return expectNone(
        ctx,
        wrong.map((ex) => ({ text: `${ex.what}: ${replyLine(ctx, ex.reply)}`, seq: seqsOf(ex.reply)[0] })),
        {
          expected: `error ${codeLabel(ErrorCode.InvalidParams)} for a taskId that does not exist`,
          judged: answered.length,
          note: `${answered.map((ex) => ex.what).join(', ')}: ${codeLabel(ErrorCode.InvalidParams)}${silent.length ? `; ${silent.join('; ')}` : ''}`,
          nothing: { code: 'no-answer', detail: silent.join('; ') },
        },
      );
    },
  },
]);
