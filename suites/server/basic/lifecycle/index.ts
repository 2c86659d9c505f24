// basic/lifecycle.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { lifecycleChecks } from '../../lifecycle/index.js';
import { initializeResultChecks } from './initialize-result.js';

export const group: PageGroup<Check> = {
  checks: [...initializeResultChecks, ...lifecycleChecks],
  excluded: {  },
};
