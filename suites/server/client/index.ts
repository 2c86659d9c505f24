// client features, the server side: what a server asks of a client only as declared.
// The architecture page (capability negotiation) comes before the base protocol in the spec;
// until the tree's root assembles it there, it is given from here.
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { group as architecture } from '../architecture/index.js';
import { subCapabilityChecks } from './sampling.js';

export const group: PageGroup<Check> = {
  checks: [...architecture.checks, ...subCapabilityChecks],
  excluded: { ...architecture.excluded },
};
