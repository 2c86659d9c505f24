// Answers a client must refuse to act on: an AS that does not advertise PKCE (2025-11-25 on),
// an authorization response whose state is not the one sent (2025-06-18 on), and one whose
// `iss` names another issuer (RFC 9207, 2026-07-28).
import { baseProfile } from '../../../harness/client/auth/profile.js';
import { only, since } from '../../../harness/revisions.js';
import { authScenario } from './auth-common.js';

export const AUTH_NO_PKCE = 'auth.pkce-not-advertised';
export const AUTH_STATE_MISMATCH = 'auth.state-mismatch';
export const AUTH_ISS_MISMATCH = 'auth.iss-mismatch';

export const authNoPkceScenario = authScenario({
  id: AUTH_NO_PKCE,
  title: 'The AS metadata lacks code_challenge_methods_supported',
  revisions: since('2025-11-25'),
  official: 'auth/basic-dcr',
  profile: (rev) => ({ ...baseProfile(rev), pkceMethods: null }),
});

export const authStateMismatchScenario = authScenario({
  id: AUTH_STATE_MISMATCH,
  title: 'The authorization response carries a state the client did not send',
  revisions: since('2025-06-18'),
  official: 'auth/basic-dcr',
  profile: (rev) => ({ ...baseProfile(rev), state: 'wrong' }),
});

export const authIssMismatchScenario = authScenario({
  id: AUTH_ISS_MISMATCH,
  title: 'The authorization response names another issuer (iss, RFC 9207)',
  revisions: only('2026-07-28'),
  official: 'auth/iss-wrong-issuer',
  profile: (rev) => ({ ...baseProfile(rev), iss: { advertised: true, value: 'wrong' } }),
});
