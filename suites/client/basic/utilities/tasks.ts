// Tasks, client side (TASK-003, TASK-002; 2025-11-25): no task augmentation of tools/call unless the
// server declared tasks.requests.tools.call. Spec: basic/utilities/tasks.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
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
    // Also TASK-002 ("Requestors SHOULD only augment requests with a task if the corresponding
    // capability has been declared by the receiver"): tools/call is the one request a client can
    // task-augment towards a server, and here the MUST of TASK-003 is the stricter word.
    digest: ['TASK-003', 'TASK-002'],
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

/**
 * Task and extension rules of the client no scenario exercises yet. The tasks extension is the one
 * extension there is, so the client side of the extension maps (EXT) is traced here too.
 */
export const tasksClientExcluded: Exclusions = {
  'TASK-001': {
    reason: 'missing',
    detail:
      'A check would send a task-augmented sampling/createMessage or elicitation/create (2025-11-25) to a client that did not declare tasks.requests for it and fail on a CreateTaskResult; the scripted server sends no task-augmented request yet.',
  },
  'TASK-010': {
    reason: 'missing',
    detail:
      'A check would make the client a task receiver (a task-augmented sampling/createMessage to a client declaring it) and require the related-task _meta on what it sends for that task; the scripted server drives no client-side task yet.',
  },
  'TASK-104': {
    reason: 'missing',
    detail:
      'A check would script a 2026-07-28 server that answers tools/call with a task (io.modelcontextprotocol/tasks) and require Mcp-Name: <taskId> on each tasks/get, tasks/update and tasks/cancel POST and no notifications/cancelled for the task; no client scenario serves the tasks extension yet.',
  },
  'TASK-014': {
    reason: 'missing',
    detail:
      'A check would script a 2025-11-25 server that accepts a task-augmented tools/call, never sends notifications/tasks/status, and require the client to keep polling tasks/get until the task is terminal (a warning if it stalls).',
  },
  'EXT-001': {
    reason: 'judged-elsewhere',
    detail: 'Declaring extensions is a MAY; what binds the client map is judged by VER-040 (identifier grammar) and by the schema validation of every request _meta.',
  },
  'EXT-002': {
    reason: 'judged-elsewhere',
    detail: 'The restatement of BASE-013 for extension resultType values, whose client check judges it.',
  },
};
