// server/resources#capabilities at 2026-07-28: resources.subscribe means the resourceSubscriptions
// of a listen are honoured. Judged on the subscriptions exercise (run.ts).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { acknowledgedFilter, type Frame } from '../../../../../harness/target/listen-stream.js';
import { judged, seqs } from './run.js';

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
        if (run.uri === undefined) return ctx.skip('the server lists no resource to subscribe to');
        const acks = [run.numbered, run.named].map((l) => run.listening.acknowledgment(l)).filter((a): a is Frame => a !== undefined);
        if (acks.length === 0) return ctx.skip('no listen with resourceSubscriptions was acknowledged (see subscriptions.acknowledged-first)');
        if (run.subscribed.length === acks.length) return ctx.pass(`resourceSubscriptions [${run.uri}] acknowledged by ${acks.length} listen(s)`);
        ctx.cite(...seqs(acks));
        return ctx.fail({
          expected: `the acknowledgment's notifications.resourceSubscriptions includes ${run.uri} (resources.subscribe is declared)`,
          actual: `acknowledged ${ctx.brief(acknowledgedFilter(acks[0]))}`,
        });
      }),
  },
]);
