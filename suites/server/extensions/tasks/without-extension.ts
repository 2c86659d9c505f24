// The tasks extension of 2026-07-28 (io.modelcontextprotocol/tasks), for a client that does not
// declare it: no task is made for it, and a tasks/get of its request is refused naming the
// extension. Judged on the recorded run (run.ts). The rule the revision itself states (no task
// without the extension) cites the changelog entry that moved tasks into the extension.
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply, type Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { codeLabel, ErrorCode } from '../../../../harness/rules/error-codes.js';
import { isObject } from '../../../../harness/rules/json.js';
import { noShapeToJudge, unanswered } from '../../../../harness/rules/no-answer.js';
import { resultOf, seqsOf } from '../../../../harness/target/task-plan.js';
import { exchange, expectError, expectNone } from '../../../../harness/verify/index.js';
import { inTurn } from '../../../../harness/verify/utilities.js';
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
        if (!without) return ctx.skip('cannot-set-up', 'the calls without the extension were not made');
        ctx.cite(...seqsOf(without.plain, without.optIn));
        const name = run.created.plan.name;
        const calls: [string, Reply][] = [
          ['plainly', without.plain],
          ['with params.task (the 2025-11-25 opt-in)', without.optIn],
        ];
        const answered = calls.filter(([, r]) => !unanswered(r));
        return expectNone(
          ctx,
          answered.filter(([, r]) => isTask(r)).map(([how, r]) => ({ text: `${how}: ${ctx.brief(resultOf(r), 160)}`, seq: seqsOf(r)[0] })),
          {
            expected: `${name} without the ${TASKS_EXTENSION} extension declared: its CallToolResult, or ${codeLabel(ErrorCode.MissingRequiredClientCapability)} naming the extension`,
            judged: answered.length,
            note: `${name} without the extension, plainly and with params.task: ${[without.plain, without.optIn].map((r) => (r.kind === 'result' ? `resultType ${ctx.brief(resultOf(r)?.resultType)}` : describeReply(r))).join(', ')}`,
            nothing: { code: 'no-answer', detail: noShapeToJudge(`${name}, called without the extension`, without.plain) },
          },
        );
      }),
  },

  // basic#meta: "If processing a request requires a capability the client did not include in
  // io.modelcontextprotocol/clientCapabilities, the server MUST return a
  // MissingRequiredClientCapabilityError (MissingRequiredClientCapability) whose data.requiredCapabilities lists the
  // missing capabilities." versioning#extension-negotiation also lets the server "revert to core
  // protocol behavior", where tasks/get does not exist (MethodNotFound). Sent on the connection whose
  // earlier requests declared the extension: capabilities are per request, never remembered.
  {
    id: 'tasks.ext-requires-extension',
    title: 'tasks/get from a request that did not declare the extension gets {code:MissingRequiredClientCapability} naming it',
    spec: { url: EXTENSION_PAGE, level: 'MUST' },
    requirement: 'If processing a request requires a capability the client did not include in io.modelcontextprotocol/clientCapabilities, the server MUST return a MissingRequiredClientCapabilityError ({code:MissingRequiredClientCapability}) whose data.requiredCapabilities lists the missing capabilities.',
    digest: ['TASK-103', 'VER-013'],
    faults: ['tasks-ext-served-without-extension', 'modern-capability-error-wrong-code', 'modern-capability-error-wrong-list', 'modern-capabilities-remembered'],
    long: true,
    run: (ctx) =>
      withTask(ctx, (run) => {
        const reply = run.getWithout;
        if (!reply) return ctx.skip('cannot-set-up', 'no tasks/get without the extension was sent');
        const ex = exchange(`tasks/get of task ${ctx.brief(run.created.id)} without the extension declared`, reply);
        const wanted = `data.requiredCapabilities.extensions["${TASKS_EXTENSION}"] on the ${codeLabel(ErrorCode.MissingRequiredClientCapability)} error`;
        return inTurn(
          ctx,
          undefined,
          // MethodNotFound: the server reverts to the core protocol, which has no tasks/get.
          () => expectError(ctx, ex, ['MissingRequiredClientCapability', 'MethodNotFound']),
          () => {
            if (reply.kind !== 'error' || reply.error.code === ErrorCode.MethodNotFound) return ctx.pass(`${codeLabel(ErrorCode.MethodNotFound)}: the server reverts to the core protocol, which has no tasks/get`);
            const data = isObject(reply.error.data) ? reply.error.data : {};
            const required = isObject(data.requiredCapabilities) ? data.requiredCapabilities : {};
            const named = isObject(required.extensions) && isObject(required.extensions[TASKS_EXTENSION]);
            // The one item the rule asks of the error's data: the missing extension, listed.
            return expectNone(ctx, named ? [] : [{ text: `data ${ctx.brief(reply.error.data, 160)}`, seq: reply.seq }], { expected: wanted, judged: 1 });
          },
        );
      }),
  },
]);
