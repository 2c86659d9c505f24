// basic/utilities/cancellation (2025-11-25), of the server's own task-augmented requests: "For
// task-augmented requests, the tasks/cancel request MUST be used instead of the
// notifications/cancelled notification." The scenario is the requestor run of
// tasks/requestor.ts with a client task that keeps working: the tools/call that made the server
// sample is cancelled, and a server that cancels its own task in turn must do it by tasks/cancel.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { only } from '../../../../../harness/revisions.js';
import { isObject } from '../../../../../harness/rules/json.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { isRun, noTaskToJudge, requestorRun, seqOfRequest } from '../tasks/requestor.js';

export const taskCancellationChecks = defineChecks({ page: 'basic/utilities/cancellation', revisions: only('2025-11-25'), needs: ['own-session'] }, [
  {
    id: 'cancellation.server-cancels-tasks-by-tasks-cancel',
    title: 'The server cancels its task-augmented requests with tasks/cancel, never notifications/cancelled',
    spec: { url: '#behavior-requirements', level: 'MUST' },
    requirement: 'For task-augmented requests, the tasks/cancel request MUST be used instead of the notifications/cancelled notification.',
    digest: ['CANC-006'],
    faults: ['task-cancelled-by-notification'],
    long: true,
    async run(ctx) {
      const run = await requestorRun(ctx, { keepWorking: true, idPrefix: 'tasks-cancel' });
      if (!isRun(run)) return run;
      const none = noTaskToJudge(ctx, run);
      if (none) return none;
      const byRequest = new Map(run.tasks.map((t) => [JSON.stringify(t.requestId), t]));
      // The server's notifications/cancelled naming a request we had answered with a CreateTaskResult.
      const notified = run.session.inbound.flatMap((m) => {
        const msg = isObject(m.message) ? m.message : {};
        if (msg.method !== 'notifications/cancelled' || 'id' in msg) return [];
        const params = isObject(msg.params) ? msg.params : {};
        const task = byRequest.get(JSON.stringify(params.requestId));
        return task ? [{ text: `notifications/cancelled naming sampling/createMessage id ${JSON.stringify(task.requestId)}, which the client had made task ${task.taskId}`, ...(m.seq !== undefined ? { seq: m.seq } : {}) }] : [];
      });
      const byTasksCancel = run.tasks.filter((t) => t.asked.some((a) => a.method === 'tasks/cancel'));
      for (const t of byTasksCancel) {
        const seq = seqOfRequest(run, 'tasks/cancel', t.asked.find((a) => a.method === 'tasks/cancel')?.requestId);
        if (seq !== undefined) ctx.cite(seq);
      }
      const waited = run.cancelled ? ` within ${run.cancelled.waitedMs} ms after the tools/call was cancelled` : '';
      return expectNone(ctx, notified, {
        expected: 'tasks/cancel { taskId } for a task-augmented request the server gives up, never notifications/cancelled naming it',
        judged: notified.length + byTasksCancel.length,
        note: `${byTasksCancel.length} task(s) of the server's task-augmented sampling/createMessage cancelled with tasks/cancel${waited}`,
        nothing: {
          code: 'inconclusive',
          detail: `the server cancelled none of its ${run.tasks.length} task-augmented sampling/createMessage${waited || ' (no tools/call was left to cancel)'}: a server need not cancel its task, so there is no cancellation to judge`,
        },
        reason: 'the client answered the server\'s task-augmented sampling/createMessage with a CreateTaskResult (status working, it stays so), then cancelled the tools/call',
      });
    },
  },
]);
