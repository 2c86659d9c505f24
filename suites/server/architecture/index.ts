// architecture: capability negotiation, judged on what the server sends.
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { capabilitiesChecks } from './capability-negotiation.js';

export const group: PageGroup<Check> = {
  checks: capabilitiesChecks,
  excluded: {},
};
