// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks), for a client that does not
// declare it: no task is made for it, and a tasks/get of its request is refused naming the
// extension. Judged on the recorded run (run.ts). The rule the revision itself states (no task
// without the extension) cites the changelog entry that moved tasks into the extension.
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply, type Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { noShapeToJudge, unanswered } from '../../../../harness/rules/no-answer.js';
import { resultOf, seqsOf } from '../../../../harness/target/task-plan.js';
import { isObj } from '../../../../harness/target/tool-calls.js';
import { replyLine } from '../../../../harness/target/tool-plan.js';
import { EXTENSION_PAGE, EXTENSION_RUN_NEEDS, TASKS_EXTENSION, withTask } from './run.js';

const isTask = (reply: Reply): boolean => resultOf(reply)?.resultType === 'task';

export const withoutExtensionChecks = defineChecks({ page: 'extensions/tasks', revisions: RANGE.modern, needs: EXTENSION_RUN_NEEDS }, [
  // "A server MUST NOT return CreateTaskResult to a client that did not include the extension
  // capability on its request, regardless of prior declarations." Judged on the tool that
  // answered with a task when the extension was declared, called plainly and with the old
  // 2025-11-25 opt-in (params.task) on a connection that never declared it.
  {
    id: 'tasks.ext-no-task-without-extension',
    title: 'Without io.modelcontextprotocol/tasks in its clientCapabilities a tools/call never gets resultType "task"',
    spec: { url: 'changelog#major-changes', level: 'MUST' },
    requirement: 'A server MUST NOT return CreateTaskResult to a client that did not include the extension capability on its request, regardless of prior declarations.',
    digest: ['TASK-101'],
    faults: ['tasks-ext-legacy-opt-in'],
    long: true,
    run: (ctx) =>
      withTask(ctx, (run) => {
        const without = run.without;
        if (!without) return ctx.skip('the calls without the extension were not made');
        ctx.cite(...seqsOf(without.plain, without.optIn));
        const name = run.created.plan.name;
        const tasked = [['plainly', without.plain], ['with params.task (the 2025-11-25 opt-in)', without.optIn]].filter(([, r]) => isTask(r as Reply)) as [string, Reply][];
        if (tasked.length === 0) return ctx.pass(`${name} without the extension, plainly and with params.task: ${[without.plain, without.optIn].map((r) => (r.kind === 'result' ? `resultType ${ctx.brief(resultOf(r)?.resultType)}` : describeReply(r))).join(', ')}`);
        return ctx.fail({
          expected: `${name} without the ${TASKS_EXTENSION} extension declared: its CallToolResult, or -32021 naming the extension`,
          actual: tasked.map(([how, r]) => `${how}: ${ctx.brief(resultOf(r), 160)}`).join('; '),
        });
      }),
  },

  // basic#meta: "If processing a request requires a capability the client did not include in
  // io.modelcontextprotocol/clientCapabilities, the server MUST return a
  // MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the
  // missing capabilities." versioning#extension-negotiation also lets the server "revert to core
  // protocol behavior", where tasks/get does not exist (-32601). Sent on the connection whose
  // earlier requests declared the extension: capabilities are per request, never remembered.
  {
    id: 'tasks.ext-requires-extension',
    title: 'tasks/get from a request that did not declare the extension gets -32021 naming it',
    spec: { url: EXTENSION_PAGE, level: 'MUST' },
    requirement: 'If processing a request requires a capability the client did not include in io.modelcontextprotocol/clientCapabilities, the server MUST return a MissingRequiredClientCapabilityError (-32021) whose data.requiredCapabilities lists the missing capabilities.',
    digest: ['TASK-103', 'VER-013'],
    faults: ['tasks-ext-served-without-extension', 'modern-capability-error-wrong-code', 'modern-capability-error-wrong-list', 'modern-capabilities-remembered'],
    long: true,
    run: (ctx) =>
      withTask(ctx, (run) => {
        const reply = run.getWithout;
        if (!reply) return ctx.skip('no tasks/get without the extension was sent');
        ctx.cite(...seqsOf(reply));
        const expected = `tasks/get of task ${ctx.brief(run.created.id)} without the extension declared: error -32021 with data.requiredCapabilities.extensions["${TASKS_EXTENSION}"]`;
        if (unanswered(reply)) return ctx.skip(noShapeToJudge('tasks/get without the extension declared', reply));
        if (reply.kind !== 'error') return ctx.fail({ expected, actual: replyLine(ctx, reply) });
        if (reply.error.code === -32601) return ctx.pass('-32601: the server reverts to the core protocol, which has no tasks/get');
        const data = isObj(reply.error.data) ? reply.error.data : {};
        const required = isObj(data.requiredCapabilities) ? data.requiredCapabilities : {};
        const named = isObj(required.extensions) && isObj(required.extensions[TASKS_EXTENSION]);
        if (reply.error.code === -32021 && named) return ctx.pass();
        return ctx.fail({ expected, actual: `error ${reply.error.code}, data ${ctx.brief(reply.error.data, 160)}` });
      }),
  },
]);
