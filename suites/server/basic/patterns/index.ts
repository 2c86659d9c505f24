// basic/patterns (2026-07-28): subscriptions, multi-round-trip requests.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { subscriptionsChecks } from '../../subscriptions.js';
import { inputRequiredChecks } from '../../input-required.js';

export const group: PageGroup<Check> = {
  checks: [...subscriptionsChecks, ...inputRequiredChecks],
  excluded: {  },
};
