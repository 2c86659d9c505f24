// client features, the server side: what a server asks of a client only as declared.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { capabilitiesChecks } from '../capabilities.js';
import { subCapabilityChecks } from '../sub-capabilities.js';

export const group: PageGroup<Check> = {
  checks: [...capabilitiesChecks, ...subCapabilityChecks],
  excluded: {  },
};
