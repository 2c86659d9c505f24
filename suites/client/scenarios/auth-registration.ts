// Registration choices (2025-11-25 on): an AS offering both client ID metadata documents and
// dynamic registration, and one offering neither, with a pre-registered client handed out in
// MCP_CONFORMANCE_CONTEXT (as the official suite does).
import { baseProfile } from '../../../harness/client/auth/profile.js';
import { since } from '../../../harness/revisions.js';
import { authScenario } from './auth-common.js';

export const AUTH_CIMD = 'auth.client-metadata-document';
export const AUTH_PRE_REGISTRATION = 'auth.pre-registration';

export const PRE_REGISTERED = { clientId: 'mcp-conformance-pre-registered', clientSecret: 'mcp-conformance-pre-registered-secret' } as const;

export const authCimdScenario = authScenario({
  id: AUTH_CIMD,
  title: 'The AS supports client ID metadata documents and dynamic registration',
  revisions: since('2025-11-25'),
  official: 'auth/basic-cimd',
  profile: (rev) => ({ ...baseProfile(rev), registration: { dcr: true, cimd: true } }),
});

export const authPreRegistrationScenario = authScenario({
  id: AUTH_PRE_REGISTRATION,
  title: 'The AS offers no registration; the client was registered beforehand (MCP_CONFORMANCE_CONTEXT)',
  revisions: since('2025-11-25'),
  official: 'auth/pre-registration',
  context: { client_id: PRE_REGISTERED.clientId, client_secret: PRE_REGISTERED.clientSecret },
  profile: (rev) => ({ ...baseProfile(rev), registration: { dcr: false, cimd: false }, preRegistered: PRE_REGISTERED }),
});
