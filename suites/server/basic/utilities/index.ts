// basic/utilities: ping, cancellation, progress, tasks.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { pingChecks, pingExcluded } from './ping.js';
import { group as cancellation } from './cancellation/index.js';
import { group as progress } from './progress/index.js';
import { group as tasks } from './tasks/index.js';

export const group: PageGroup<Check> = {
  checks: [...pingChecks, ...cancellation.checks, ...progress.checks, ...tasks.checks],
  excluded: { ...pingExcluded, ...cancellation.excluded, ...progress.excluded, ...tasks.excluded },
};
