// server/tools.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { toolsChecks } from '../../tools.js';

export const group: PageGroup<Check> = {
  checks: [...toolsChecks],
  excluded: {  },
};
