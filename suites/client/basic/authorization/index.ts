// basic/authorization, client side (2026-07-28 splits the page in four; the checks follow the
// flow): discovery of the authorization server, the authorization request and its answer,
// tokens and registration.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { authDiscoveryChecks } from './discovery.js';
import { authFlowChecks } from './flow.js';
import { authTokenChecks } from './tokens-and-registration.js';

/** Every authorization check of a client (the interop tests pin them apart from the others). */
export const authClientChecks: readonly ClientCheck[] = [...authDiscoveryChecks, ...authFlowChecks, ...authTokenChecks];

export const group: PageGroup<ClientCheck> = {
  checks: [...authClientChecks],
  excluded: {  },
};
