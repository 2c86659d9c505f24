// basic/utilities/progress#behavior-requirements at 2025-11-25, for task-augmented requests:
// judged on the recorded run of core tasks (tasks/run.ts), whose task A carries a progressToken.
// "After the task reached a terminal status" is what the wire can prove: the first answer that
// showed the task ended (its CreateTaskResult or a tasks/get), then a progress notification the
// server wrote after that answer.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { isResponseTo } from '../../../../../harness/checks/http-access.js';
import { only } from '../../../../../harness/revisions.js';
import type { Frame } from '../../../../../harness/target/listen-stream.js';
import { resultOf } from '../../../../../harness/target/task-plan.js';
import { isObject } from '../../../../../harness/rules/json.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { inTurn } from '../../../../../harness/verify/utilities.js';
import { TERMINAL, createdId, withRun, type CoreTaskRun, type Step } from '../tasks/run.js';

/** The first answer that showed task A ended, with its wire sequence number. */
interface EndSeen {
  seq: number;
  status: string;
  where: string;
}

const seqOf = (s: Step | undefined): number => (s && (s.reply.kind === 'result' || s.reply.kind === 'error') ? (s.reply.seq ?? 0) : 0);
const idOf = (s: Step): unknown => (s.reply.kind === 'result' || s.reply.kind === 'error' ? s.reply.message.id : undefined);

function endSeen(run: CoreTaskRun): EndSeen | undefined {
  const created = resultOf(run.create);
  const task = created && isObject(created.task) ? created.task : undefined;
  const createSeq = run.create.kind === 'result' ? (run.create.seq ?? 0) : 0;
  if (typeof task?.status === 'string' && TERMINAL.includes(task.status) && createSeq > 0) return { seq: createSeq, status: task.status, where: 'the CreateTaskResult' };
  const gets = [...run.polls, run.afterResult, ...run.afterEnd].filter((s): s is Step => s !== undefined && seqOf(s) > 0);
  const ended = gets.filter((s) => TERMINAL.includes(resultOf(s.reply)?.status as string)).sort((a, b) => seqOf(a) - seqOf(b))[0];
  return ended ? { seq: seqOf(ended), status: String(resultOf(ended.reply)?.status), where: 'tasks/get' } : undefined;
}

/**
 * The notes the server provably wrote after the end was seen, and those that came after it but
 * may have been written before. One ordered connection (stdio, HTTP+SSE): a note after that
 * answer came after it, unless a tasks/result was still waiting then (a server may deliver the
 * task's queued messages with its answer). Streamable HTTP: only a note on the stream of a
 * request sent after that answer arrived is provably later; streams opened before have no order
 * with the answer's.
 */
function lateNotes(run: CoreTaskRun, notes: Frame[], streams: Frame[] | undefined, end: EndSeen): { late: Frame[]; unsure: Frame[]; streamsAfter?: number } {
  if (streams) {
    // Any request of the run: a server may put what it queued on whichever POST comes next (task B's, a list page).
    const sentLater = run.steps.filter((s) => s.sentAfterSeq >= end.seq && idOf(s) !== undefined);
    const later = new Set(streams.filter((f) => f.stream !== undefined && sentLater.some((s) => isResponseTo(f.message, idOf(s)))).map((f) => f.stream));
    return { late: notes.filter((n) => later.has(n.stream)), unsure: [], streamsAfter: later.size };
  }
  const after = notes.filter((n) => (n.seq ?? 0) > end.seq);
  const resultSeq = seqOf(run.result);
  const waiting = (n: Frame): boolean => run.result !== undefined && (resultSeq === 0 || (resultSeq > end.seq && (n.seq ?? 0) < resultSeq));
  return { late: after.filter((n) => !waiting(n)), unsure: after.filter(waiting) };
}

const progressOf = (f: Frame | undefined): unknown => (isObject(f?.message.params) ? f.message.params.progress : undefined);

export const taskProgressChecks = defineChecks({ page: 'basic/utilities/progress', revisions: only('2025-11-25'), needs: ['own-session', 'raw-http'] }, [
  // PROG-006: "For task-augmented requests, the progressToken provided in the original request
  // MUST continue to be used for progress notifications throughout the task's lifetime ...
  // Progress notifications for tasks MUST stop after the task reaches a terminal status
  // (completed, failed, or cancelled)". Unknown tokens are progress.token-known's.
  {
    id: 'progress.task-stops-at-terminal',
    title: "A task's progress notifications stop once the task has reached a terminal status",
    spec: { url: '#behavior-requirements', level: 'MUST' },
    requirement: 'Progress notifications for tasks MUST stop after the task reaches a terminal status (completed, failed, or cancelled)',
    digest: ['PROG-006'],
    faults: ['task-progress-after-terminal'],
    long: true,
    run: (ctx) =>
      withRun(ctx, (run) => {
        const progress = run.progress;
        const what = `the task-augmented tools/call of ${run.plan.describe(run.workMs)} with a progressToken`;
        if (!progress || progress.notes.length === 0) return ctx.skip('nothing-observed', `${what} got no notifications/progress (sending them is optional)`);
        // A later task given A's id (tasks.unique-ids) makes every status read for that id ambiguous.
        const reused = run.steps.filter((s) => s.method === 'tools/call' && s.reply !== run.create && createdId(s.reply) === run.id).length;
        if (reused > 0) return ctx.skip('cannot-set-up', `${reused} other task(s) of the run got task A's id (see tasks.unique-ids): whose status a tasks/get of that id reads is unknown`);
        const end = endSeen(run);
        if (!end) return ctx.skip('nothing-observed', `the task did not end within the time this check waits (${progress.notes.length} progress notification(s) while it worked): no terminal status to judge after`);
        const { late, unsure, streamsAfter } = lateNotes(run, progress.notes, progress.streams, end);
        const seen = `${end.where} said "${end.status}"`;
        if (streamsAfter === 0) return ctx.skip('nothing-observed', `no request sent after ${seen} was answered on an SSE stream: nothing the server sent after that answer can be ordered with it (${progress.notes.length} progress notification(s) while the task worked)`);
        const expected = `no notifications/progress with the task's token after ${seen}`;
        const where = streamsAfter !== undefined ? ' (on the stream of a request sent after it)' : '';
        const item = (n: Frame) => ({ text: `progress ${ctx.brief(progressOf(n))} after it${where}`, seq: n.seq });
        ctx.cite(end.seq);
        return inTurn(
          ctx,
          `${progress.notes.length} progress notification(s) for the task, none after ${seen}${streamsAfter !== undefined ? ` (judged on the ${streamsAfter} SSE stream(s) of requests sent after that answer; a stream opened before has no order with it)` : ''}`,
          () => expectNone(ctx, late.map(item), { expected, show: 5 }),
          () =>
            expectNone(ctx, unsure.map(item), {
              expected,
              show: 5,
              doubt: 'they came while tasks/result still waited: a server may deliver progress queued before the end with that answer, so the order they were sent in is unknown',
            }),
        );
      }),
  },
]);
