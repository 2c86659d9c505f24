// basic/utilities/tasks (2025-11-25, experimental there): which requests become tasks, the tasks
// created, their life, their listing, errors. Most checks judge one recorded run (run.ts); the
// server as a requestor of the client's tasks is requestor.ts. The 2026-07-28 tasks extension is
// under extensions/tasks.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { taskNegotiationChecks } from './negotiation.js';
import { taskCreationChecks } from './creation.js';
import { taskLifecycleChecks } from './lifecycle.js';
import { taskListingChecks } from './listing.js';
import { taskErrorChecks } from './errors.js';
import { requestorChecks } from './requestor.js';

export const group: PageGroup<Check> = {
  checks: [...taskNegotiationChecks, ...taskCreationChecks, ...taskLifecycleChecks, ...taskListingChecks, ...taskErrorChecks, ...requestorChecks],
  excluded: {
    'TASK-002': {
      reason: 'missing',
      side: 'server',
      detail:
        "A passive check would warn on any sampling/createMessage or elicitation/create the server sends with params.task while the tool's client declared no tasks.requests for it; the tool's client never declares client tasks, so every such request would be one.",
    },
    'TASK-015': {
      reason: 'missing',
      side: 'server',
      detail:
        "A check would create a task with one user's token and require tasks/get, tasks/result and tasks/cancel with a second user's token to be rejected and tasks/list to omit it; the tool takes one user's credentials only.",
    },
  },
};
