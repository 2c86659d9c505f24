// Tasks, client as requestor (2025-11-25): "Requestors MUST NOT rely on receiving the
// notifications/tasks/status notification, as it is optional." The scripted server of
// scenarios/task-call.ts runs a task-augmented tools/call as a task and never sends that
// notification: a client that waits for it never learns that its task ended. Judged on each task
// the client made (its tools/call carried params.task and we answered with a CreateTaskResult).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import type { ClientMessage } from '../../../../harness/client/recording.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { only } from '../../../../harness/revisions.js';
import { TASK_CALL, TASK_POLL_MS } from '../../scenarios/task-call.js';
import { endedByTool, isObject, ourAnswer, paramsOf } from '../../support/wire.js';

/** The requests that ask about a task: its status (tasks/get, tasks/list) or its result. */
const FOLLOW_UPS = ['tasks/get', 'tasks/result', 'tasks/list'];
/** How long a client that stays on without asking has been waiting for something only a notification could bring: 20 of the task's poll intervals. */
const WAITED_MS = 20 * TASK_POLL_MS;

interface MadeTask {
  call: ClientMessage;
  taskId: string;
  /** When our CreateTaskResult went out. */
  t: number;
  seq: number;
}

export const taskPollingClientChecks = defineClientChecks({ page: 'basic/utilities/tasks', revisions: only('2025-11-25') }, [
  {
    id: 'tasks.created-task-polled',
    title: 'A client that made a task asks about it (tasks/get or tasks/result) rather than wait for notifications/tasks/status',
    spec: { url: '#task-notifications', level: 'MUST' },
    requirement: 'Requestors MUST NOT rely on receiving the notifications/tasks/status notification, as it is optional.',
    fix: 'After a CreateTaskResult, poll tasks/get every pollInterval ms until the task is terminal (or call tasks/result, which waits); treat notifications/tasks/status as a hint only.',
    digest: ['TASK-014'],
    scenario: TASK_CALL,
    faults: ['task-status-awaited'],
    async run(ctx) {
      const calls = ctx.recording.requests('tools/call').filter((m) => paramsOf(m).task !== undefined);
      if (calls.length === 0) return ctx.skip('nothing-observed', 'the client made no task-augmented tools/call (augmenting is its choice): no task to judge');
      const made: MadeTask[] = calls.flatMap((call) => {
        const answer = ourAnswer(ctx.recording, call);
        const task = answer && isObject(answer.message.result) ? answer.message.result.task : undefined;
        return answer && isObject(task) && typeof task.taskId === 'string' ? [{ call, taskId: task.taskId, t: answer.t, seq: answer.seq }] : [];
      });
      if (made.length === 0) return ctx.skip('nothing-observed', 'no task-augmented tools/call of the client was answered with a task');
      const sent = ctx.recording.fromClient;
      // How long the client stayed on after the task was made: to its end (its exit, or the tool ending it).
      const lastT = Math.max(...sent.map((m) => m.t), ctx.recording.endedT ?? 0);
      const violations: Violation[] = [];
      const unsure: string[] = [];
      for (const task of made) {
        ctx.cite(task.call.seq, task.seq);
        const later = sent.filter((m) => m.seq > task.seq);
        const asked = later.filter((m) => FOLLOW_UPS.includes(String(m.message.method)) && (m.message.method === 'tasks/list' || paramsOf(m).taskId === task.taskId));
        if (asked.length > 0) continue;
        // Cancelled (by tasks/cancel, or wrongly by notifications/cancelled: CANC-006's matter): dropped, not awaited.
        const cancelled = later.some((m) => (m.message.method === 'tasks/cancel' && paramsOf(m).taskId === task.taskId) || (m.message.method === 'notifications/cancelled' && JSON.stringify(paramsOf(m).requestId) === JSON.stringify(task.call.message.id)));
        if (cancelled) {
          unsure.push(task.taskId);
          continue;
        }
        const waited = lastT - task.t;
        if (waited >= WAITED_MS) violations.push({ text: `task ${task.taskId}: never asked about with tasks/get, tasks/result or tasks/list in the ${Math.round(waited)} ms the client stayed on${endedByTool(ctx.recording) ? ' (until the tool ended it)' : ''} (the task's pollInterval is ${TASK_POLL_MS} ms, and no notifications/tasks/status came)`, seq: task.seq });
        else unsure.push(task.taskId);
      }
      if (violations.length === 0 && unsure.length === made.length) {
        return ctx.skip('inconclusive', `the client cancelled its task, or ended within ${WAITED_MS} ms of its being made, without asking about it: it may have dropped the task, which relies on nothing`);
      }
      return expectNone(ctx, violations, {
        expected: 'tasks/get (or tasks/result) about each task the client made, until it ends',
        judged: made.length - unsure.length,
        note: `${made.length - unsure.length} task(s) followed up`,
        reason: `the server sends no notifications/tasks/status; its tasks ask for a poll every ${TASK_POLL_MS} ms`,
      });
    },
  },
]);
