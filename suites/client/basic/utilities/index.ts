// basic/utilities, client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { pingClientChecks, pingClientExcluded } from './ping.js';
import { cancellationClientChecks } from './cancellation.js';
import { progressClientChecks } from './progress.js';
import { taskPollingClientChecks } from './task-polling.js';
import { tasksClientChecks, tasksClientExcluded } from './tasks.js';

const cancellationClientExcluded: Exclusions = {
  'CANC-005': {
    reason: 'not-observable',
    detail: 'whether the client drops a response that still arrives after its notifications/cancelled happens inside it: nothing it sends afterwards shows that it ignored the response',
    side: 'client',
  },
  'CANC-006': {
    reason: 'missing',
    detail: 'a check would have a scenario server answer a task-augmented tools/call with CreateTaskResult (2025-11-25) and fail a notifications/cancelled naming that request instead of tasks/cancel; no scenario serves tasks yet',
    side: 'client',
  },
};

/** PROG-002 on the client side; PROG-003..005 are judged by the checks of progress.ts. */
const progressClientExcluded: Exclusions = {
  'PROG-002': {
    reason: 'missing',
    detail: 'the client MAY send progress on the scenario\'s sampling request (it carries a progressToken): a check would schema-validate each notifications/progress it sends',
    side: 'client',
  },
};

export const group: PageGroup<ClientCheck> = {
  checks: [...pingClientChecks, ...cancellationClientChecks, ...progressClientChecks, ...tasksClientChecks, ...taskPollingClientChecks],
  excluded: {
    ...pingClientExcluded,
    ...tasksClientExcluded,
    ...cancellationClientExcluded,
    ...progressClientExcluded,
    // Judged up to 2025-11-25; a 2026-07-28 client sends no progress at all.
    'PROG-003': { side: 'client', at: '2026-07-28', reason: 'not-observable', detail: 'At 2026-07-28 the only notification a client sends is notifications/cancelled (the schema\'s ClientNotification), and it receives no request to report progress on.' },
    'PROG-004': { side: 'client', at: '2026-07-28', reason: 'not-observable', detail: 'At 2026-07-28 the only notification a client sends is notifications/cancelled, so it sends no progress whose token could be judged.' },
  },
};
