// server/resources, client side: subscriptions only where the server declared them.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { subscribeUndeclaredClientChecks } from './subscribe-undeclared.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...subscribeUndeclaredClientChecks],
  excluded: {},
};
