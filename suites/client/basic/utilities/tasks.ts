// Tasks, client side (TASK-003; 2025-11-25): no task augmentation of tools/call unless the
// server declared tasks.requests.tools.call. Spec: basic/utilities/tasks.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { only } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';
import { paramsOf } from '../../support/wire.js';

export const tasksClientChecks = defineClientChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25') }, [
  // TASK-003: "If a server's capabilities do not include tasks.requests.tools.call, then clients
  // MUST NOT attempt to use task augmentation on that server's tools, regardless of the
  // execution.taskSupport value." The basic server declares no tasks.
  {
    id: 'tasks.no-augmentation-without-server-support',
    title: 'tools/call carries no task when the server did not declare tasks.requests.tools.call',
    spec: { url: '#tool-level-negotiation', level: 'MUST' },
    requirement: "If a server's capabilities do not include tasks.requests.tools.call, then clients MUST NOT attempt to use task augmentation on that server's tools, regardless of the execution.taskSupport value.",
    digest: ['TASK-003'],
    scenario: BASIC,
    faults: ['task-augmented-undeclared'],
    async run(ctx) {
      const calls = ctx.recording.requests('tools/call');
      if (calls.length === 0) return ctx.skip('nothing-observed', 'the client called no tool');
      const tasked = calls.find((m) => paramsOf(m).task !== undefined);
      if (!tasked) return ctx.pass();
      ctx.cite(tasked.seq);
      return ctx.fail({ expected: 'tools/call without task (the server declared no tasks)', actual: `tools/call with task ${ctx.brief(paramsOf(tasked).task)}` });
    },
  },
]);
