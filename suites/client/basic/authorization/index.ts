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
  excluded: {
    'AUTH-001': {
      reason: 'informative',
      side: 'client',
      detail:
        'Authorization is OPTIONAL: the client checks apply only once the client reacted to the scripted 401 (judgeFlow skips otherwise), and a stdio client taking credentials from its environment shows nothing on the wire.',
    },
    'AUTH-068': {
      reason: 'missing',
      detail:
        'A check would run a scenario whose AS issues a short-lived access token and no refresh_token, answer 401 invalid_token once it expired, and require a new authorization request (never a refresh_token grant); the scripted AS has no token lifetime or expiry to script yet (harness/client/auth/profile.ts).',
    },
    'AUTH-069': {
      reason: 'missing',
      detail:
        'A check would run scenarios whose AS metadata names a javascript:, data: or file: authorization_endpoint and fail when a browser-opener hook reports the URL opened; the harness has no such hook (no code can come back through such a URL, so "no token request follows" alone could never fail) and the AS profile cannot override authorization_endpoint (harness/client/auth/profile.ts).',
    },
  },
};
