// A short-lived access token and no refresh token (2026-07-28 #refresh-tokens): the first token
// expires after two authorized requests (401 invalid_token); the AS never issues a
// refresh_token, so the client must authorize again, not refresh.
import { baseProfile } from '../../../harness/client/auth/profile.js';
import { only } from '../../../harness/revisions.js';
import { authScenario } from './auth-common.js';

export const AUTH_TOKEN_EXPIRY = 'auth.token-expiry-no-refresh';

export const authTokenExpiryScenario = authScenario({
  id: AUTH_TOKEN_EXPIRY,
  title: 'The first access token expires after two authorized requests; the AS issues no refresh_token',
  revisions: only('2026-07-28'),
  official: 'auth/basic-dcr',
  profile: (rev) => ({ ...baseProfile(rev), expiry: { after: 2 } }),
});
