// server/resources#subscriptions (up to 2025-11-25; 2026-07-28 has subscriptions/listen
// instead, the subscriptions suite's): with resources.subscribe declared, resources/subscribe
// and resources/unsubscribe for a listed URI return an empty result.
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { exchange, expectResult } from '../../../../harness/verify/index.js';
import { listedUris } from './listed-uris.js';

// On a session of its own: a subscription must not outlive the check on a shared one.
export const resourceSubscriptionChecks = defineChecks({ page: 'server/resources', revisions: RANGE.legacy, needs: ['own-session'], requires: ['resources.subscribe'] }, [
  // Subscriptions (up to 2025-11-25; 2026-07-28 has subscriptions/listen instead): with
  // resources.subscribe declared, resources/subscribe and resources/unsubscribe for a listed
  // URI return an empty result. The text states no keyword ("Clients can subscribe to
  // specific resources"): a refusal despite the declaration is a warning. Own connection.
  // It judges the server's declaration of subscribe (RES-001: it says what the server does);
  // RES-010 binds the client (subscribe only where declared): resources.no-subscribe-undeclared.
  {
    id: 'resources.subscribe-unsubscribe',
    title: 'With resources.subscribe declared, subscribing to and unsubscribing from a listed resource succeed',
    spec: { url: '#subscriptions', level: 'SHOULD' },
    requirement: 'The protocol supports optional subscriptions to resource changes. Clients can subscribe to specific resources and receive notifications when they change',
    digest: ['RES-001'],
    faults: ['resources-subscribe-error'],
    async run(ctx) {
      const listed = await listedUris(ctx);
      if ('status' in listed) return listed;
      const uri = listed.uris[0] as string;
      const session = await ctx.session();
      for (const method of ['resources/subscribe', 'resources/unsubscribe']) {
        const reply = await session.request(method, { uri });
        // Being answered is the rule: silence breaks it too (the harness's timeout decides).
        const verdict = expectResult(ctx, exchange(`${method} ${uri}`, reply), {
          expected: 'a result (the request accepted)',
          answerIsTheRule: true,
          // A refusal: the text gives no keyword (silence keeps the timeout's reason alone).
          ...(reply.kind === 'error' || reply.kind === 'refused' ? { doubt: 'the server declares resources.subscribe, whose requests these are; no keyword makes it accept them, hence a warning' } : {}),
        });
        if (verdict.status !== 'pass') return verdict;
      }
      return ctx.pass(uri);
    },
  },
]);
