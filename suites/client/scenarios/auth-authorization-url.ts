// An AS whose metadata names a javascript: authorization_endpoint (2025-11-25 on, security best
// practices #oauth-authorization-url-validation): the client must reject it, never open it. The
// scenario hands out the opener hook (MCP_CONFORMANCE_CONTEXT `opener_report`), through which a
// headless client that supports it says which URLs it opens.
import { OPENER_REPORT_PATH, baseProfile } from '../../../harness/client/auth/profile.js';
import { since } from '../../../harness/revisions.js';
import { authScenario } from './auth-common.js';

export const AUTH_DANGEROUS_ENDPOINT = 'auth.authorization-endpoint-javascript';

export const authDangerousEndpointScenario = authScenario({
  id: AUTH_DANGEROUS_ENDPOINT,
  title: 'The AS metadata names a javascript: authorization_endpoint',
  revisions: since('2025-11-25'),
  official: 'auth/basic-dcr',
  context: { opener_report: OPENER_REPORT_PATH },
  profile: (rev) => ({ ...baseProfile(rev), dangerousEndpoint: 'javascript' }),
});
