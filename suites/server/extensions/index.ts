// Extensions (their own pages, outside the revisions): the tasks extension.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';

export const group: PageGroup<Check> = {
  checks: [],
  excluded: {  },
};
