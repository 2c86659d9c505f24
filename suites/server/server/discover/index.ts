// server/discover (2026-07-28).
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { discoveryChecks } from '../../discovery.js';
import { discoverResultChecks } from './discover-result.js';

export const group: PageGroup<Check> = {
  checks: [...discoveryChecks, ...discoverResultChecks],
  excluded: {  },
};
