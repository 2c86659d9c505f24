// client features, the server side: what a server asks of a client only as declared.
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { subCapabilityChecks } from './sampling.js';

export const group: PageGroup<Check> = {
  checks: [...subCapabilityChecks],
  excluded: {},
};
