// server/resources.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { listStabilityChecks } from '../list-stability.js';
import { resourceNotFoundChecks } from './not-found.js';
import { resourceSubscriptionChecks } from './subscriptions.js';
import { resourceUriChecks } from './uris.js';

export const group: PageGroup<Check> = {
  checks: [...resourceNotFoundChecks, ...resourceSubscriptionChecks, ...listStabilityChecks.resources, ...resourceUriChecks],
  excluded: {},
};
