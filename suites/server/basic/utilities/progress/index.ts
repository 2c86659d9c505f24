// basic/utilities/progress (basic/patterns/progress at 2026-07-28): the progress the server
// reports for requests with a token (on the exercise, and passively), where it flows at
// 2026-07-28, then the tokens of the server's own requests, and the progress of tasks (2025-11-25).
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { progressNotificationChecks } from './notifications.js';
import { progressStreamChecks } from './request-stream.js';
import { serverProgressChecks } from './server-tokens.js';
import { taskProgressChecks } from './task-progress.js';

export const group: PageGroup<Check> = {
  checks: [...progressNotificationChecks, ...progressStreamChecks, ...serverProgressChecks, ...taskProgressChecks],
  excluded: {
    // Judged up to 2025-11-25 (progress.server-tokens-unique); a 2026-07-28 server sends no request to put a token in.
    'PROG-001': { side: 'server', at: '2026-07-28', reason: 'not-observable', detail: 'At 2026-07-28 the server sends no request (the schema has no ServerRequest), so it hands out no progress token.' },
  },
};
