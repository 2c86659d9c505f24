// Extensions (their own pages, outside the revisions): the tasks extension.
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { group as tasks } from './tasks/index.js';

export const group: PageGroup<Check> = {
  checks: [...tasks.checks],
  excluded: { ...tasks.excluded },
};
