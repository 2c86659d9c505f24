// basic/authorization.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { authChecks } from '../../auth.js';
import { authTokenChecks } from '../../auth-tokens.js';
import { authEndpointChecks } from '../../auth-endpoints.js';

export const group: PageGroup<Check> = {
  checks: [...authChecks, ...authTokenChecks, ...authEndpointChecks],
  excluded: {  },
};
