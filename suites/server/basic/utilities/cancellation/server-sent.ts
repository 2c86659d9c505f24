// basic/utilities/cancellation, of the server's own cancellations (judged passively over every
// session of the revision): "Cancellation notifications MUST only reference requests that: Were
// previously issued in the same direction; Are believed to still be in-progress". The handshake
// era only: at 2026-07-28 a server cancels nothing but its listens (cancellation.server-cancels-only-listens).
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { Observation } from '../../../../../harness/observations.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { inTurn } from '../../../../../harness/verify/utilities.js';
import { idKeyOf, serverRequests, stillOpenAt, type ServerRequest } from '../../server-requests.js';

interface Judged {
  cancel: Observation;
  requestId: unknown;
  /** The server's own request it names (the latest one with that id before the cancellation). */
  named?: ServerRequest;
}

function judge(observations: readonly Observation[]): Judged[] {
  const requests = serverRequests(observations);
  return observations
    .filter((o) => o.kind === 'server-notification' && (o.message as { method?: unknown }).method === 'notifications/cancelled')
    .map((cancel) => {
      const requestId = (cancel.message as { params?: { requestId?: unknown } }).params?.requestId;
      const key = idKeyOf(requestId);
      const named = requests.filter((r) => r.conn === cancel.conn && r.key === key && r.seq < cancel.seq).at(-1);
      return { cancel, requestId, ...(named ? { named } : {}) };
    });
}

export const serverCancellationChecks = defineChecks({ page: 'basic/utilities/cancellation', revisions: RANGE.legacy, needs: ['passive'] }, [
  {
    id: 'cancellation.server-cancels-own-pending',
    title: "The server's notifications/cancelled name only its own requests still awaiting an answer",
    spec: { url: '#behavior-requirements', level: 'MUST' },
    requirement: 'Cancellation notifications MUST only reference requests that: Were previously issued in the same direction; Are believed to still be in-progress',
    digest: ['CANC-001'],
    faults: ['server-cancels-unsent-request'],
    async run(ctx) {
      // A request we had already answered with a CreateTaskResult is a task: how it is cancelled
      // is cancellation.server-cancels-tasks-by-tasks-cancel's to judge (CANC-006), not this rule's.
      const all = judge(ctx.observations());
      const judged = all.filter((j) => !(j.named?.taskId !== undefined && !stillOpenAt(j.named, j.cancel.seq)));
      const ofTasks = all.length - judged.length;
      const late = judged.filter((j) => j.named && !stillOpenAt(j.named, j.cancel.seq));
      return inTurn(
        ctx,
        `${judged.length} notifications/cancelled, each naming a pending request of the server`,
        () =>
          expectNone(
            ctx,
            judged.filter((j) => !j.named).map((j) => ({ text: `requestId ${idKeyOf(j.requestId)}, a request the server never sent`, seq: j.cancel.seq })),
            {
              expected: 'notifications/cancelled naming a request the server itself sent earlier in the session',
              judged: judged.length,
              show: 5,
              nothing: {
                code: 'nothing-observed',
                detail: ofTasks === 0 ? 'the server sent no notifications/cancelled in any session of this revision' : `the server sent no notifications/cancelled in any session of this revision but ${ofTasks} naming a request of its that had become a task (cancellation.server-cancels-tasks-by-tasks-cancel judges those)`,
              },
            },
          ),
        // Our answer had left before the cancellation came: the server may not have read it yet
        // ("Due to network latency, cancellation notifications may arrive after request processing
        // has completed"), so its belief cannot be told from here: a doubt.
        () => {
          ctx.cite(...late.slice(0, 3).flatMap((j) => (j.named ? [j.named.seq] : [])));
          return expectNone(
            ctx,
            late.map((j) => ({ text: `${j.named?.method} (id ${idKeyOf(j.requestId)}), already answered`, seq: j.cancel.seq })),
            {
              expected: 'notifications/cancelled only for requests still awaiting their answer',
              doubt: 'the answer was on its way before the cancellation arrived; the server may have cancelled before reading it (a race the timing considerations allow)',
            },
          );
        },
      );
    },
  },
]);
