// basic/utilities/tasks (2025-11-25, experimental there): which requests become tasks, the tasks
// created, their life, their listing, errors. Most checks judge one recorded run (run.ts). The
// 2026-07-28 tasks extension is under extensions/tasks.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { taskNegotiationChecks } from './negotiation.js';
import { taskCreationChecks } from './creation.js';
import { taskLifecycleChecks } from './lifecycle.js';
import { taskListingChecks } from './listing.js';
import { taskErrorChecks } from './errors.js';

export const group: PageGroup<Check> = {
  checks: [...taskNegotiationChecks, ...taskCreationChecks, ...taskLifecycleChecks, ...taskListingChecks, ...taskErrorChecks],
  excluded: {},
};
