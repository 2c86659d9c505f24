// basic/utilities/cancellation (basic/patterns/cancellation at 2026-07-28): cancellations the
// server receives (in flight; invalid or late), then those it sends.
import type { Check } from '../../../../../harness/checks/check.js';
import type { Exclusions } from '../../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { inFlightCancellationChecks } from './in-flight.js';
import { ignoredCancellationChecks } from './ignored.js';
import { listenCancellationChecks } from './listens-only.js';
import { serverCancellationChecks } from './server-sent.js';
import { taskCancellationChecks } from './tasks-cancel.js';

const cancellationExcluded: Exclusions = {
  'CANC-005': {
    reason: 'not-observable',
    detail: 'whether the canceller drops a response that still arrives after its notifications/cancelled happens inside it: nothing it sends afterwards shows that it ignored the response',
  },
};

export const group: PageGroup<Check> = {
  checks: [...inFlightCancellationChecks, ...ignoredCancellationChecks, ...listenCancellationChecks, ...serverCancellationChecks, ...taskCancellationChecks],
  excluded: cancellationExcluded,
};
