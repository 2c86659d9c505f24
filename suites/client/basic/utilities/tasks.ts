// Tasks, client side (2025-11-25): no task augmentation of tools/call unless the server declared
// tasks.requests.tools.call (TASK-003, TASK-002); a task-augmented sampling or elicitation request
// the client declared no tasks for is processed normally (TASK-001). Spec: basic/utilities/tasks.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import type { Verdict } from '../../../../harness/checks/check.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import type { ClientMessage } from '../../../../harness/client/recording.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import { only } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';
import { TASK_ASKS } from '../../scenarios/task-asks.js';
import { capability } from '../../support/asks.js';
import { clientAnswers, declaredFor, endedByTool, isObject, ourRequests, paramsOf } from '../../support/wire.js';

/** The request types a client may accept as tasks: the capability they need and their tasks.requests path. */
const TASKABLE = [
  { method: 'sampling/createMessage', capability: 'sampling', tasks: ['sampling', 'createMessage'] },
  { method: 'elicitation/create', capability: 'elicitation', tasks: ['elicitation', 'create'] },
] as const;

/** Does `declared` hold capabilities.tasks.requests.<category>.<operation>? */
function declaresTasksFor(declared: Record<string, unknown> | undefined, [category, operation]: readonly [string, string]): boolean {
  const tasks = declared?.tasks;
  const requests = isObject(tasks) ? tasks.requests : undefined;
  const byCategory = isObject(requests) ? requests[category] : undefined;
  return isObject(byCategory) && byCategory[operation] !== undefined;
}

/** The client's first answer to one of our requests, as a kind and value. */
function answerOf(ctx: ClientCheckContext, sent: ClientMessage): { kind: 'result' | 'error'; value: unknown; seq: number } | undefined {
  const reply = clientAnswers(ctx.recording, sent)[0];
  if (!reply) return undefined;
  return 'error' in reply.message ? { kind: 'error', value: reply.message.error, seq: reply.seq } : { kind: 'result', value: reply.message.result, seq: reply.seq };
}

/**
 * TASK-001 for one request type: the task-augmented ask answered as its plain twin was, and never
 * with a CreateTaskResult. Undefined when the scenario did not get that far.
 */
function judgeTaskable(ctx: ClientCheckContext, kind: (typeof TASKABLE)[number]): Verdict | undefined {
  const asked = ourRequests(ctx.recording, kind.method);
  const tasked = asked.find((m) => paramsOf(m).task !== undefined);
  if (!tasked) return undefined;
  const declared = declaredFor(ctx.recording, tasked, false);
  if (!capability(declared, kind.capability)) return ctx.skip('not-declared', `the client declared no ${kind.capability} capability`);
  if (declaresTasksFor(declared, kind.tasks)) return ctx.skip('not-applicable', `the client declared tasks.requests.${kind.tasks.join('.')} (it may answer ${kind.method} with a task)`);
  const answer = answerOf(ctx, tasked);
  if (!answer) return ctx.skip(endedByTool(ctx.recording) ? 'inconclusive' : 'no-answer', `the client did not answer the task-augmented ${kind.method}`);
  ctx.cite(tasked.seq, answer.seq);
  if (answer.kind === 'result') {
    const task = isObject(answer.value) ? answer.value.task : undefined;
    return expectNone(ctx, isObject(task) ? [{ text: `a CreateTaskResult, task ${ctx.brief(task)}`, seq: answer.seq }] : [], {
      expected: `task-augmented ${kind.method}: its normal result (no tasks.requests.${kind.tasks.join('.')} declared, so params.task is ignored)`,
      note: `task-augmented ${kind.method}: its normal result`,
    });
  }
  // An error: normal processing only if the plain twin got one too.
  const plain = asked.find((m) => m.seq < tasked.seq && paramsOf(m).task === undefined);
  const twin = plain ? answerOf(ctx, plain) : undefined;
  if (!plain || !twin) return ctx.skip('no-answer', `the task-augmented ${kind.method} got an error, and there is no answered plain twin to compare it with`);
  ctx.cite(plain.seq, twin.seq);
  return expectNone(ctx, twin.kind === 'error' ? [] : [{ text: `error ${ctx.brief(answer.value)} with params.task; a result without`, seq: answer.seq }], {
    expected: `task-augmented ${kind.method} answered as without params.task (a result)`,
    note: `${kind.method} refused with and without params.task`,
  });
}

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
      const tasked = calls.filter((m) => paramsOf(m).task !== undefined);
      return expectNone(ctx, tasked.map((m) => ({ text: `tools/call with task ${ctx.brief(paramsOf(m).task)}`, seq: m.seq })), { expected: 'tools/call without task (the server declared no tasks)', judged: calls.length });
    },
  },

  // TASK-001 ("Servers and clients that support task-augmented requests MUST declare a tasks
  // capability"; "The set of capabilities in capabilities.tasks.requests is exhaustive"), judged
  // where it shows: a client that declared no tasks for sampling or elicitation gets a
  // task-augmented request of that type and must not make a task of it.
  {
    id: 'tasks.undeclared-request-processed-normally',
    title: 'A task-augmented sampling or elicitation request the client declared no tasks for gets its normal answer, not a task',
    spec: { url: '#task-support-and-handling', level: 'MUST' },
    requirement:
      'Receivers that do not declare the task capability for a request type MUST process requests of that type normally, ignoring any task-augmentation metadata if present. (The set of capabilities in capabilities.tasks.requests is exhaustive. If a request type is not present, it does not support task-augmentation.)',
    digest: ['TASK-001'],
    scenario: TASK_ASKS,
    faults: ['task-answer-undeclared'],
    async run(ctx) {
      const verdicts = TASKABLE.map((kind) => judgeTaskable(ctx, kind)).filter((v): v is Verdict => v !== undefined);
      if (verdicts.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool during which the server sends task-augmented requests');
      const failed = verdicts.find((v) => v.status === 'fail');
      if (failed) return failed;
      const passed = verdicts.flatMap((v) => (v.status === 'pass' && v.note ? [v.note] : []));
      return passed.length > 0 ? ctx.pass(passed.join('; ')) : (verdicts[0] as Verdict);
    },
  },
]);

/**
 * Task and extension rules of the client no scenario exercises yet. The tasks extension is the one
 * extension there is, so the client side of the extension maps (EXT) is traced here too.
 */
export const tasksClientExcluded: Exclusions = {
  'TASK-010': {
    reason: 'missing',
    detail:
      'A check would make the client a task receiver (a task-augmented sampling/createMessage to a client declaring it) and require the related-task _meta on what it sends for that task; the scripted server drives no client-side task yet.',
  },
  'EXT-001': {
    reason: 'judged-elsewhere',
    detail: 'Declaring extensions is a MAY; what binds the client map is judged by VER-040 (identifier grammar) and by the schema validation of every request _meta.',
  },
};
