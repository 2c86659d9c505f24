// basic/patterns/cancellation (2026-07-28), of the server's own cancellations, judged passively
// over every exchange of the revision: "A server MUST send notifications/cancelled referencing a
// subscriptions/listen request ID when it tears down that subscription stream ... Servers MUST
// NOT send notifications/cancelled for any other purpose." (Before 2026-07-28: server-sent.ts.)
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { listenIdsOn } from '../../../../../harness/target/listen-stream.js';
import { isNotification } from '../../../../../harness/target/tool-plan.js';

export const listenCancellationChecks = defineChecks({ page: 'basic/utilities/cancellation', revisions: RANGE.modern, needs: ['passive'] }, [
  // 2026-07-28: "A server MUST send notifications/cancelled referencing a subscriptions/listen
  // request ID when it tears down that subscription stream ... Servers MUST NOT send
  // notifications/cancelled for any other purpose." Judged on every exchange of the revision.
  {
    id: 'cancellation.server-cancels-only-listens',
    title: 'The server sends notifications/cancelled only to end a subscriptions/listen',
    spec: { url: 'basic/patterns/cancellation#behavior-requirements', level: 'MUST' },
    requirement: 'Server-sent cancellation notifications MUST reference a subscriptions/listen request, to terminate that subscription stream',
    digest: ['CANC-012'],
    faults: ['modern-server-sends-cancelled'],
    async run(ctx) {
      const sent = ctx.observations().filter((o) => o.kind === 'server-notification' && isNotification(o.message, 'notifications/cancelled'));
      const bad = sent.filter((o) => {
        const requestId = (o.message as { params?: { requestId?: unknown } }).params?.requestId;
        return !listenIdsOn(o.conn).some((id) => id === requestId);
      });
      if (bad.length === 0) return ctx.pass(sent.length ? `${sent.length} notifications/cancelled, each ending a listen` : 'the server sent no notifications/cancelled');
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({
        expected: 'notifications/cancelled from the server only naming an open subscriptions/listen',
        actual: `${bad.length} naming other requests, first ${ctx.brief((bad[0]?.message as { params?: unknown }).params, 140)}`,
      });
    },
  },
]);
