// basic/utilities/tasks (2025-11-25) over a task's life, judged on the recorded run (run.ts):
// the status moves, tasks/result (blocking, its payload, its related-task _meta) and cancellation.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { only } from '../../../../../harness/revisions.js';
import { codeLabel, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { isObject } from '../../../../../harness/rules/json.js';
import { noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import { loadRevisionSchema } from '../../../../../harness/schema.js';
import { resultOf, seqsOf } from '../../../../../harness/target/task-plan.js';
import { exchange, expectError, expectNone, expectResult, replyLine } from '../../../../../harness/verify/index.js';
import { expectAnswered, inTurn } from '../../../../../harness/verify/utilities.js';
import { TERMINAL, said, statusOf, withRun, type Step } from './run.js';

const RELATED_TASK = 'io.modelcontextprotocol/related-task';
const STATUSES = ['working', 'input_required', ...TERMINAL];

/** tasks#task-status-lifecycle: from working or input_required anywhere; terminal states stay. */
const legal = (from: string, to: string): boolean => !TERMINAL.includes(from) || from === to;

const ended = (s: Step | undefined): boolean => TERMINAL.includes(statusOf(s?.reply) as string);

export const taskLifecycleChecks = defineChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25'), needs: ['own-session', 'raw-http'] }, [
  // "Receivers MUST only transition tasks through the following valid paths: From working:
  // may move to input_required, completed, failed, or cancelled; From input_required: may move
  // to working, completed, failed, or cancelled; Tasks with a completed, failed, or cancelled
  // status are in a terminal state and MUST NOT transition to any other status"
  {
    id: 'tasks.status-transitions',
    title: 'A task moves only along working/input_required to a terminal status, which then never changes',
    spec: { url: '#task-status-lifecycle', level: 'MUST' },
    requirement: 'Tasks with a completed, failed, or cancelled status are in a terminal state and MUST NOT transition to any other status',
    digest: ['TASK-007'],
    faults: ['tasks-terminal-status-changes'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const extra = run.afterResult && !run.polls.includes(run.afterResult) ? [run.afterResult] : [];
        const steps = [...run.polls, ...extra, ...run.afterEnd];
        const created = resultOf(run.create);
        const seen: { status: string; where: string; step?: Step }[] = [];
        const first = isObject(created?.task) ? created.task.status : created?.status;
        if (typeof first === 'string') seen.push({ status: first, where: 'the CreateTaskResult' });
        steps.forEach((s, i) => {
          const status = statusOf(s.reply);
          if (typeof status === 'string' && STATUSES.includes(status)) seen.push({ status, where: `tasks/get #${i + 1}`, step: s });
        });
        if (seen.length < 2) return ctx.skip('nothing-observed', `${seen.length} status reading(s): no transition to judge`);
        // Each reading after the first is one transition, legal or not.
        const moves = seen.slice(1).map((to, i) => ({ from: seen[i] as (typeof seen)[number], to }));
        const illegal = moves.filter(({ from, to }) => !legal(from.status, to.status));
        ctx.cite(...illegal.slice(0, 3).flatMap(({ from, to }) => seqsOf(from.step?.reply, to.step?.reply)));
        const path = seen.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
        return expectNone(ctx, illegal.map(({ from, to }) => `${from.where} said "${from.status}", then ${to.where} said "${to.status}"`), {
          expected: 'a terminal status (completed, failed, cancelled) that the task keeps ever after',
          judged: moves.length,
          note: `${seen.length} status reading(s): ${path.join(' → ')}`,
        });
      }),
  },

  // "When a receiver receives a tasks/result request for a task in any other non-terminal
  // status (working or input_required), it MUST block the response until the task reaches a
  // terminal status." A tasks/get sent after the answer must show the task ended.
  {
    id: 'tasks.result-blocks-until-terminal',
    title: 'tasks/result on a working task answers only once the task has ended',
    spec: { url: '#result-retrieval', level: 'MUST' },
    requirement: 'When a receiver receives a tasks/result request for a task in any other non-terminal status (working or input_required), it MUST block the response until the task reaches a terminal status.',
    digest: ['TASK-009'],
    faults: ['tasks-result-not-blocking'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const result = run.result;
        if (!result) return ctx.skip('cannot-set-up', 'tasks/result was not sent');
        const endedSeen = run.polls.some(ended) || ended(run.afterResult);
        if (result.reply.kind !== 'result' && result.reply.kind !== 'error') {
          if (!endedSeen) return ctx.skip('nothing-observed', `the task did not end within the time this check waits (tasks/result: ${describeReply(result.reply)})`);
          // Once tasks/get says the task ended, tasks/result owes its answer: silence breaks the rule itself.
          return expectAnswered(ctx, exchange('tasks/result, its task ended (tasks/get said so)', result.reply), { expected: 'an answer once the task has ended' });
        }
        const after = run.afterResult;
        if (!after) return ctx.skip('cannot-set-up', 'no tasks/get was sent after tasks/result answered');
        // The order is the rule: a tasks/get sent after the answer must find the task ended.
        ctx.cite(...seqsOf(result.reply));
        return expectResult(ctx, exchange(`tasks/get sent after tasks/result answered (${result.at} ms after it was sent)`, after.reply), {
          expected: 'the task completed, failed or cancelled (tasks/result answers only once it is)',
          problem: () => (ended(after) ? undefined : `status ${said(after)}`),
          note: `tasks/result answered after ${result.at} ms; the next tasks/get said ${said(after)}`,
        });
      }),
  },

  // "For tasks in a terminal status, receivers MUST return from tasks/result exactly what the
  // underlying request would have returned, whether that is a successful result or a JSON-RPC error."
  {
    id: 'tasks.result-original-type',
    title: 'tasks/result returns what the tools/call would have returned: a CallToolResult (or its error)',
    spec: { url: '#result-retrieval', level: 'MUST' },
    requirement: 'For tasks in a terminal status, receivers MUST return from tasks/result exactly what the underlying request would have returned, whether that is a successful result or a JSON-RPC error.',
    digest: ['TASK-009'],
    faults: ['tasks-result-wrong-type'],
    long: true,
    run: (ctx) =>
      withRun(ctx, async (run) => {
        const reply = run.result?.reply;
        const final = [...run.polls, run.afterResult].filter(ended).at(-1);
        const status = statusOf(final?.reply);
        if (!reply) return ctx.skip('cannot-set-up', 'tasks/result was not sent');
        if (unanswered(reply)) return ctx.skip('no-answer', noShapeToJudge('tasks/result (see tasks.result-blocks-until-terminal)', reply));
        if (reply.kind === 'refused') return ctx.skip('cannot-set-up', `tasks/result got ${describeReply(reply)}`);
        if (status === 'cancelled') return ctx.skip('not-applicable', 'the task was cancelled: no result to compare');
        // A failed task's tasks/result is the JSON-RPC error the call would have got.
        if (reply.kind === 'error' && status === 'failed') return ctx.pass(`the task failed; tasks/result: error ${codeLabel(reply.error.code)}`);
        const schema = await loadRevisionSchema(ctx.revision);
        const definition = schema.resultDefinition('tools/call') ?? 'CallToolResult';
        return expectResult(ctx, exchange(`tasks/result of the ${String(status ?? 'ended')} task`, reply), {
          expected: `a ${definition} (the result type of tools/call)`,
          problem: (result) => {
            const verdict = schema.validate(definition, result);
            return verdict.ok ? undefined : `${verdict.error}: ${ctx.brief(result, 160)}`;
          },
          note: `a ${definition}`,
        });
      }),
  },

  // "The tasks/result operation MUST include this metadata in its response, as the result
  // structure itself does not contain the task ID."
  {
    id: 'tasks.result-related-task-meta',
    title: 'A tasks/result result carries _meta["io.modelcontextprotocol/related-task"] with its taskId',
    spec: { url: '#related-task-metadata', level: 'MUST' },
    requirement: 'The tasks/result operation MUST include this metadata in its response, as the result structure itself does not contain the task ID.',
    digest: ['TASK-010'],
    faults: ['tasks-result-no-related-meta'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const reply = run.result?.reply;
        if (!reply) return ctx.skip('cannot-set-up', 'tasks/result was not sent');
        if (unanswered(reply)) return ctx.skip('no-answer', noShapeToJudge('tasks/result', reply));
        const r = resultOf(reply);
        // An error answer carries no result, and so no _meta to judge.
        if (!r) return ctx.skip(reply.kind === 'error' ? 'not-applicable' : 'cannot-set-up', `tasks/result got ${replyLine(ctx, reply)}: no result to judge`);
        return expectResult(ctx, exchange('tasks/result', reply), {
          expected: `_meta["${RELATED_TASK}"] = { taskId: ${ctx.brief(run.id)} }`,
          problem: () => {
            const meta = isObject(r._meta) ? r._meta[RELATED_TASK] : undefined;
            return isObject(meta) && meta.taskId === run.id ? undefined : `_meta: ${ctx.brief(r._meta, 200)}`;
          },
        });
      }),
  },

  // "Receivers MUST reject cancellation requests for tasks already in a terminal status
  // (completed, failed, or cancelled) with error code InvalidParams (Invalid params)."
  {
    id: 'tasks.cancel-ended-rejected',
    title: 'tasks/cancel of a task that already ended gets {code:InvalidParams}',
    spec: { url: '#task-cancellation', level: 'MUST' },
    requirement: 'Receivers MUST reject cancellation requests for tasks already in a terminal status (completed, failed, or cancelled) with error code {code:InvalidParams} (Invalid params).',
    digest: ['TASK-012'],
    faults: ['tasks-cancel-terminal-accepted'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const step = run.cancelEnded;
        if (!step) return run.afterEnd.length === 0 ? ctx.skip('nothing-observed', 'the task did not end within the time this check waits') : ctx.skip('not-declared', 'the server does not declare tasks.cancel');
        return expectError(ctx, exchange(`tasks/cancel of the ${said(run.afterEnd.at(-1))} task`, step.reply), ['InvalidParams']);
      }),
  },

  // "Upon receiving a valid cancellation request, receivers ... MUST transition the task to
  // cancelled status before sending the response." "Once a task is cancelled, it MUST remain
  // in cancelled status even if execution continues to completion or fails."
  {
    id: 'tasks.cancel-working-stays-cancelled',
    title: 'tasks/cancel of a working task answers it cancelled, and it stays cancelled after its work would have ended',
    spec: { url: '#task-cancellation', level: 'MUST' },
    requirement: 'Once a task is cancelled, it MUST remain in cancelled status even if execution continues to completion or fails.',
    digest: ['TASK-012'],
    faults: ['tasks-cancel-not-final'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const b = run.second;
        if (!b?.cancel) return b?.id === undefined ? ctx.skip('cannot-set-up', 'no second task was created') : ctx.skip('not-declared', 'the server does not declare tasks.cancel');
        const cancel = b.cancel;
        const later = [b.get, b.later].filter((s): s is Step => s !== undefined);
        if (unanswered(cancel.reply)) return ctx.skip('no-answer', noShapeToJudge('tasks/cancel of the working task', cancel.reply));
        if (cancel.reply.kind === 'refused') return ctx.skip('cannot-set-up', `tasks/cancel of the working task got ${describeReply(cancel.reply)}`);
        ctx.cite(...seqsOf(b.create, cancel.reply, ...later.map((s) => s.reply)));
        // Refused as ended, and it had ended: the work beat the cancellation (a race the spec allows).
        if (cancel.reply.kind === 'error' && cancel.reply.error.code === ErrorCode.InvalidParams && ended(b.get)) return ctx.skip('inconclusive', `the task ended (${said(b.get)}) before tasks/cancel reached it`);
        const gone = later.find((s) => s.reply.kind !== 'result');
        const wrong = later.filter((s) => s.reply.kind === 'result' && statusOf(s.reply) !== 'cancelled');
        return inTurn(
          ctx,
          gone ? `cancelled; later ${said(gone)} (a cancelled task MAY be deleted)` : 'cancelled, and still cancelled after the work would have ended',
          () => expectResult(ctx, exchange('tasks/cancel of a working task', cancel.reply), { expected: 'the task, status "cancelled"', problem: () => (statusOf(cancel.reply) === 'cancelled' ? undefined : `status ${said(cancel)}`) }),
          () =>
            expectNone(ctx, wrong.map((s) => `${s === b.get ? 'tasks/get right after' : `tasks/get ${s.sentAt} ms into the run, after the work would have ended`} said ${said(s)}`), {
              expected: 'status "cancelled" ever after the tasks/cancel answer',
            }),
        );
      }),
  },
]);
