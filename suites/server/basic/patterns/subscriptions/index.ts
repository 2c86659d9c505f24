// basic/patterns/subscriptions (2026-07-28): subscriptions/listen acknowledged, what it delivers,
// resources.subscribe honoured, and request-scoped notifications kept off the listen stream.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { subscriptionAcknowledgmentChecks } from './acknowledgment.js';
import { subscriptionDeliveryChecks } from './delivery.js';
import { resourceSubscriptionsHonouredChecks } from './resource-subscriptions.js';
import { requestScopedNotificationChecks } from './request-scoped.js';

export const group: PageGroup<Check> = {
  checks: [...subscriptionAcknowledgmentChecks, ...subscriptionDeliveryChecks, ...resourceSubscriptionsHonouredChecks, ...requestScopedNotificationChecks],
  excluded: {
    'SUB-006': {
      reason: 'not-observable',
      detail: 'When a server ends a subscription of its own accord (shutdown, a policy) is up to it: a black box has no way to make it, and the ends it causes itself are the client\'s.',
    },
  },
};
