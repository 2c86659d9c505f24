// basic/utilities: ping, cancellation, progress, tasks.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { pingChecks, pingExcluded } from './ping.js';
import { group as cancellation } from './cancellation/index.js';
import { group as progress } from './progress/index.js';
import { tasksChecks } from '../../tasks.js';

export const group: PageGroup<Check> = {
  checks: [...pingChecks, ...cancellation.checks, ...progress.checks, ...tasksChecks],
  excluded: { ...pingExcluded, ...cancellation.excluded, ...progress.excluded },
};
