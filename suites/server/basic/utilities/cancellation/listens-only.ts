// basic/patterns/cancellation (2026-07-28), of the server's own cancellations, judged passively
// over every exchange of the revision: "A server MUST send notifications/cancelled referencing a
// subscriptions/listen request ID when it tears down that subscription stream ... Servers MUST
// NOT send notifications/cancelled for any other purpose." (Before 2026-07-28: server-sent.ts.)
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { listenIdsOn } from '../../../../../harness/target/listen-stream.js';
import { isNotification } from '../../../../../harness/target/tool-plan.js';
import { expectNone } from '../../../../../harness/verify/index.js';

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
      const bad = sent.flatMap((o) => {
        const params = (o.message as { params?: { requestId?: unknown } }).params;
        return listenIdsOn(o.conn).some((id) => id === params?.requestId) ? [] : [{ text: `notifications/cancelled ${ctx.brief(params, 140)}, naming no open subscriptions/listen`, seq: o.seq }];
      });
      // None sent is nothing to judge: a skip (nothing-observed), never a pass.
      return expectNone(ctx, bad, {
        expected: 'notifications/cancelled from the server only naming an open subscriptions/listen',
        judged: sent.length,
        note: `${sent.length} notifications/cancelled, each ending a listen`,
        show: 5,
        nothing: { code: 'nothing-observed', detail: 'the server sent no notifications/cancelled in any exchange of this revision' },
      });
    },
  },
]);
