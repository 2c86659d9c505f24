// basic/utilities/tasks (2025-11-25) over a task's life, judged on the recorded run (run.ts):
// the status moves, tasks/result (blocking, its payload, its related-task _meta) and cancellation.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { exchange, expectError } from '../../../../../harness/verify/index.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { only } from '../../../../../harness/revisions.js';
import { DECIDED_BY_TIMEOUT, noShapeToJudge, unanswered } from '../../../../../harness/rules/no-answer.js';
import { loadRevisionSchema } from '../../../../../harness/schema.js';
import { resultOf, seqsOf } from '../../../../../harness/target/task-plan.js';
import { isObj } from '../../../../../harness/target/tool-calls.js';
import { replyLine } from '../../../../../harness/target/tool-plan.js';
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
        const first = isObj(created?.task) ? created.task.status : created?.status;
        if (typeof first === 'string') seen.push({ status: first, where: 'the CreateTaskResult' });
        steps.forEach((s, i) => {
          const status = statusOf(s.reply);
          if (typeof status === 'string' && STATUSES.includes(status)) seen.push({ status, where: `tasks/get #${i + 1}`, step: s });
        });
        if (seen.length < 2) return ctx.skip(`${seen.length} status reading(s): no transition to judge`);
        for (let i = 1; i < seen.length; i++) {
          const [from, to] = [seen[i - 1], seen[i]];
          if (!from || !to || legal(from.status, to.status)) continue;
          ctx.cite(...seqsOf(from.step?.reply, to.step?.reply));
          return ctx.fail({ expected: `after "${from.status}" (terminal) the task stays "${from.status}"`, actual: `${from.where} said "${from.status}", then ${to.where} said "${to.status}"` });
        }
        const path = seen.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
        return ctx.pass(`${seen.length} status reading(s): ${path.join(' → ')}`);
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
        if (!result) return ctx.skip('tasks/result was not sent');
        const endedSeen = run.polls.some(ended) || ended(run.afterResult);
        if (result.reply.kind !== 'result' && result.reply.kind !== 'error') {
          if (!endedSeen) return ctx.skip(`the task did not end within the time this check waits (tasks/result: ${describeReply(result.reply)})`);
          return ctx.fail({ expected: 'tasks/result answers once the task ended', actual: `tasks/get says the task ended; tasks/result: ${describeReply(result.reply)}`, reason: DECIDED_BY_TIMEOUT });
        }
        const after = run.afterResult;
        if (!after) return ctx.skip('no tasks/get was sent after tasks/result answered');
        ctx.cite(...seqsOf(result.reply, after.reply));
        if (ended(after)) return ctx.pass(`tasks/result answered after ${result.at} ms; the next tasks/get said ${said(after)}`);
        return ctx.fail({
          expected: 'tasks/result answered only once the task is completed, failed or cancelled',
          actual: `tasks/result answered ${result.at} ms after it was sent; a tasks/get sent after that answer said ${said(after)}`,
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
        if (!reply || (reply.kind !== 'result' && reply.kind !== 'error')) return ctx.skip(`tasks/result got ${reply ? describeReply(reply) : 'nothing'} (see tasks.result-blocks-until-terminal)`);
        if (status === 'cancelled') return ctx.skip('the task was cancelled: no result to compare');
        ctx.cite(...seqsOf(reply));
        if (reply.kind === 'error') {
          if (status === 'failed') return ctx.pass(`the task failed; tasks/result: error ${reply.error.code}`);
          return ctx.fail({ expected: `the CallToolResult of the ${String(status ?? 'ended')} task`, actual: `error ${reply.error.code} ${ctx.brief(reply.error.message, 120)}` });
        }
        const schema = await loadRevisionSchema(ctx.revision);
        const definition = schema.resultDefinition('tools/call') ?? 'CallToolResult';
        const verdict = schema.validate(definition, reply.result);
        if (verdict.ok) return ctx.pass(`a ${definition}`);
        return ctx.fail({ expected: `a ${definition} (the result type of tools/call)`, actual: `${verdict.error}: ${ctx.brief(reply.result, 160)}` });
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
        const r = resultOf(run.result?.reply);
        if (!r) return ctx.skip(`tasks/result got ${run.result ? replyLine(ctx, run.result.reply) : 'nothing'}: no result to judge`);
        ctx.cite(...seqsOf(run.result?.reply));
        const meta = isObj(r._meta) ? r._meta[RELATED_TASK] : undefined;
        if (isObj(meta) && meta.taskId === run.id) return ctx.pass();
        return ctx.fail({ expected: `_meta["${RELATED_TASK}"] = { taskId: ${ctx.brief(run.id)} }`, actual: `_meta: ${ctx.brief(r._meta, 200)}` });
      }),
  },

  // "Receivers MUST reject cancellation requests for tasks already in a terminal status
  // (completed, failed, or cancelled) with error code -32602 (Invalid params)."
  {
    id: 'tasks.cancel-ended-rejected',
    title: 'tasks/cancel of a task that already ended gets -32602',
    spec: { url: '#task-cancellation', level: 'MUST' },
    requirement: 'Receivers MUST reject cancellation requests for tasks already in a terminal status (completed, failed, or cancelled) with error code -32602 (Invalid params).',
    digest: ['TASK-012'],
    faults: ['tasks-cancel-terminal-accepted'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const step = run.cancelEnded;
        if (!step) return ctx.skip(run.afterEnd.length === 0 ? 'the task did not end within the time this check waits' : 'not-declared: the server does not declare tasks.cancel');
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
        if (!b?.cancel) return ctx.skip(b?.id === undefined ? 'no second task was created' : 'not-declared: the server does not declare tasks.cancel');
        const readings = [b.cancel, b.get, b.later].filter((s): s is Step => s !== undefined);
        if (unanswered(b.cancel.reply)) return ctx.skip(noShapeToJudge('tasks/cancel of the working task', b.cancel.reply));
        ctx.cite(...seqsOf(b.create, ...readings.map((s) => s.reply)));
        if (b.cancel.reply.kind === 'error') {
          if (b.cancel.reply.error.code === -32602 && ended(b.get)) return ctx.skip(`inconclusive: the task ended (${said(b.get)}) before tasks/cancel reached it`);
          return ctx.fail({ expected: 'tasks/cancel of a working task: the task, status "cancelled"', actual: replyLine(ctx, b.cancel.reply) });
        }
        const wrong = readings.find((s) => s.reply.kind === 'result' && statusOf(s.reply) !== 'cancelled');
        if (wrong) {
          const which = wrong === b.cancel ? 'the tasks/cancel answer' : wrong === b.get ? 'tasks/get right after' : `tasks/get ${wrong.sentAt} ms into the run, after the work would have ended`;
          return ctx.fail({ expected: 'status "cancelled" in the tasks/cancel answer and ever after', actual: `${which} said ${said(wrong)}` });
        }
        const gone = readings.find((s) => s.reply.kind !== 'result');
        return ctx.pass(gone ? `cancelled; later ${said(gone)} (a cancelled task MAY be deleted)` : 'cancelled, and still cancelled after the work would have ended');
      }),
  },
]);
