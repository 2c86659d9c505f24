// server/resources#capabilities at 2026-07-28: resources.subscribe means the resourceSubscriptions
// of a listen are honoured. Judged on the subscriptions exercise (run.ts).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { acknowledgedFilter } from '../../../../../harness/target/listen-stream.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { judged, show } from './run.js';

export const resourceSubscriptionsHonouredChecks = defineChecks({ page: 'basic/patterns/subscriptions', revisions: RANGE.modern, needs: ['own-session', 'raw-http'] }, [
  // resources#capabilities: "subscribe: whether the server supports resource-specific update
  // notifications for resources requested through subscriptions/listen using the
  // resourceSubscriptions filter." A definition, no keyword: a warning. Re-read at 2026-07-28
  // (issue 32): the digest's MUST (RES-012) is its own summary; neither the page nor the
  // schema ("Whether this server supports subscribing to resource updates") has a keyword.
  {
    id: 'subscriptions.resource-subscriptions-honoured',
    title: 'A server that declares resources.subscribe acknowledges the resourceSubscriptions of a listen',
    spec: { url: 'server/resources#capabilities', level: 'SHOULD' },
    requirement: 'subscribe: whether the server supports resource-specific update notifications for resources requested through subscriptions/listen using the resourceSubscriptions filter.',
    requires: ['resources.subscribe'],
    digest: ['RES-012'],
    faults: ['modern-listen-ignores-resource-subscriptions'],
    long: true,
    run: (ctx) =>
      judged(ctx, (run) => {
        if (run.uri === undefined) return ctx.skip('not-offered', 'the server lists no resource to subscribe to');
        const acked = [run.numbered, run.named].flatMap((l) => {
          const ack = run.listening.acknowledgment(l);
          return ack ? [{ l, ack }] : [];
        });
        const ignored = acked.filter(({ l }) => !run.subscribed.includes(l));
        return expectNone(
          ctx,
          ignored.map(({ l, ack }) => ({ text: `${show(l)} acknowledged ${ctx.brief(acknowledgedFilter(ack))}`, ...(ack.seq !== undefined ? { seq: ack.seq } : {}) })),
          {
            expected: `the acknowledgment's notifications.resourceSubscriptions includes ${run.uri} (resources.subscribe is declared)`,
            judged: acked.length,
            note: `resourceSubscriptions [${run.uri}] acknowledged by ${acked.length} listen(s)`,
            nothing: { code: 'nothing-observed', detail: 'no listen with resourceSubscriptions was acknowledged (see subscriptions.acknowledged-first)' },
          },
        );
      }),
  },
]);
