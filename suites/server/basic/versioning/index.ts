// basic/versioning (and the version negotiation of basic/lifecycle).
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { versionChecks } from '../../version/index.js';

export const group: PageGroup<Check> = {
  checks: [...versionChecks],
  excluded: {  },
};
