// basic/utilities/cancellation (basic/patterns/cancellation at 2026-07-28): cancellations the
// server receives (in flight; invalid or late), then those it sends.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { inFlightCancellationChecks } from './in-flight.js';
import { ignoredCancellationChecks } from './ignored.js';
import { listenCancellationChecks } from './listens-only.js';
import { serverCancellationChecks } from './server-sent.js';

export const group: PageGroup<Check> = {
  checks: [...inFlightCancellationChecks, ...ignoredCancellationChecks, ...listenCancellationChecks, ...serverCancellationChecks],
  excluded: {},
};
