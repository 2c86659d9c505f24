// basic/authorization, client side (2026-07-28 splits the page in four; the checks follow the
// flow): discovery of the authorization server, the authorization request and its answer,
// tokens and registration.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { authUrlChecks } from './authorization-url.js';
import { authDiscoveryChecks } from './discovery.js';
import { authFlowChecks } from './flow.js';
import { authRefreshChecks } from './refresh-tokens.js';
import { authTokenChecks } from './tokens-and-registration.js';

/** Every authorization check of a client (the interop tests pin them apart from the others). */
export const authClientChecks: readonly ClientCheck[] = [...authDiscoveryChecks, ...authFlowChecks, ...authUrlChecks, ...authTokenChecks, ...authRefreshChecks];

export const group: PageGroup<ClientCheck> = {
  checks: [...authClientChecks],
  excluded: {
    'AUTH-001': {
      reason: 'informative',
      side: 'client',
      detail:
        'Authorization is OPTIONAL: the client checks apply only once the client reacted to the scripted 401 (judgeFlow skips otherwise), and a stdio client taking credentials from its environment shows nothing on the wire.',
    },
  },
};
