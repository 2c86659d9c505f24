// basic/utilities/progress (basic/patterns/progress at 2026-07-28): the progress the server
// reports for requests with a token (on the exercise, and passively), where it flows at
// 2026-07-28, then the tokens of the server's own requests.
import type { Check } from '../../../../../harness/checks/check.js';
import type { Exclusions } from '../../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { progressNotificationChecks } from './notifications.js';
import { progressStreamChecks } from './request-stream.js';
import { serverProgressChecks } from './server-tokens.js';

const progressExcluded: Exclusions = {
  'PROG-006': {
    reason: 'missing',
    detail: 'a check would call a task-augmented tool (2025-11-25) with a progressToken, poll tasks/get to a terminal status and fail any progress with that token after it (the tasks run of tasks/run.ts sends no progressToken yet, and the reference reports no progress for tasks, so neither a pass nor a fault would be earned today); not written yet',
    side: 'server',
  },
};

export const group: PageGroup<Check> = {
  checks: [...progressNotificationChecks, ...progressStreamChecks, ...serverProgressChecks],
  excluded: progressExcluded,
};
