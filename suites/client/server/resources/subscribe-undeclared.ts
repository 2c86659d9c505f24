// server/resources#subscriptions, client side (up to 2025-11-25): the client sends
// resources/subscribe or resources/unsubscribe only to a server that declared
// resources.subscribe. The basic scenario declares `resources: {}`, without subscribe.
// The level is basic/lifecycle#operation's sentence: SHOULD in 2024-11-05 and 2025-03-26, MUST
// from 2025-06-18.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { RANGE } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';
import { afterCapabilitiesKnown } from '../../support/after-capabilities.js';
import { isObject } from '../../support/wire.js';

const SUBSCRIPTION_METHODS = ['resources/subscribe', 'resources/unsubscribe'];

export const subscribeUndeclaredClientChecks = defineClientChecks({ page: 'server/resources', revisions: RANGE.legacy }, [
  {
    id: 'resources.no-subscribe-undeclared',
    title: 'The client sends no resources/subscribe to a server that did not declare resources.subscribe',
    spec: [
      { url: 'basic/lifecycle#operation', level: 'SHOULD' },
      { from: '2025-06-18', url: 'basic/lifecycle#operation', level: 'MUST' },
    ],
    requirement:
      'Both parties MUST (2024-11-05 and 2025-03-26: SHOULD): Only use capabilities that were successfully negotiated. server/resources#capabilities: "subscribe: whether the client can subscribe to be notified of changes to individual resources."',
    fix: 'Send resources/subscribe only when the initialize result declares capabilities.resources.subscribe: true.',
    digest: ['RES-010'],
    scenario: BASIC,
    faults: ['resources-subscribe-undeclared'],
    async run(ctx) {
      const view = afterCapabilitiesKnown(ctx.recording);
      if (!view) return ctx.skip('no-answer', 'no initialize of the client was answered with a result');
      const resources = view.capabilities.resources;
      if (!isObject(resources)) return ctx.skip('not-applicable', 'the scenario declared no resources capability');
      if (resources.subscribe === true) return ctx.skip('not-applicable', 'the scenario declared resources.subscribe: subscribing is allowed');
      const subscriptions = view.requests.filter((m) => SUBSCRIPTION_METHODS.includes(String(m.message.method)));
      if (subscriptions.length > 0) {
        ctx.cite(view.answer.seq);
        return expectNone(ctx, subscriptions.slice(0, 4).map((m) => ({ text: `the client sent ${String(m.message.method)} ${ctx.brief(m.message.params)}`, seq: m.seq })), {
          expected: 'no resources/subscribe nor resources/unsubscribe: the initialize result declared resources without subscribe',
        });
      }
      // Only a client that went on to use the resources had the chance to subscribe.
      const used = view.requests.filter((m) => String(m.message.method).startsWith('resources/'));
      if (used.length === 0) return ctx.skip('nothing-observed', 'the client sent no resources/* request');
      return ctx.pass(`${used.length} resources/* request(s), no subscription`);
    },
  },
]);
