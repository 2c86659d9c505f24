// The authorization code flow as each revision describes it: 2025-03-26 finds the AS at the
// MCP server's origin (RFC 8414 metadata, else the default endpoints); 2025-06-18 on, the 401
// names the protected resource metadata, which names an AS on another origin with a path
// issuer; 2025-11-25 on, the challenge carries the scope to ask for.
import { baseProfile } from '../../../harness/client/auth/profile.js';
import { only, since } from '../../../harness/revisions.js';
import { authScenario } from './auth-common.js';

export const AUTH_BASIC = 'auth.basic';
export const AUTH_DEFAULT_ENDPOINTS = 'auth.default-endpoints';

export const authBasicScenario = authScenario({
  id: AUTH_BASIC,
  title: 'A protected server: the revision\'s discovery, dynamic registration, then the authorization code flow with PKCE',
  revisions: since('2025-03-26'),
  official: 'auth/basic-dcr',
  profile: baseProfile,
});

export const authDefaultEndpointsScenario = authScenario({
  id: AUTH_DEFAULT_ENDPOINTS,
  title: 'A protected 2025-03-26 server without authorization server metadata: the default /authorize, /token, /register',
  revisions: only('2025-03-26'),
  official: 'auth/2025-03-26-oauth-endpoint-fallback',
  profile: (rev) => ({ ...baseProfile(rev), metadata: [], endpoints: 'default' }),
});
