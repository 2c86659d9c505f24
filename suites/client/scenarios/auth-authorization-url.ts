// ASes whose metadata names an authorization_endpoint of a dangerous scheme (2025-11-25 on,
// security best practices #oauth-authorization-url-validation), one scenario per scheme: the
// client must reject it, never open it. Each hands out the opener hook (MCP_CONFORMANCE_CONTEXT
// `opener_report`), through which a headless client that supports it says which URLs it opens.
import { DANGEROUS_ENDPOINTS, OPENER_REPORT_PATH, baseProfile, type DangerousScheme } from '../../../harness/client/auth/profile.js';
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { since } from '../../../harness/revisions.js';
import { authScenario } from './auth-common.js';

/** The scenario id of the AS whose authorization_endpoint has `scheme`. */
export const authDangerousEndpoint = (scheme: DangerousScheme): string => `auth.authorization-endpoint-${scheme}`;

export const DANGEROUS_SCHEMES: readonly DangerousScheme[] = ['javascript', 'data', 'file'];

export const authDangerousEndpointScenarios: readonly ClientScenario[] = DANGEROUS_SCHEMES.map((scheme) =>
  authScenario({
    id: authDangerousEndpoint(scheme),
    title: `The AS metadata names the authorization_endpoint ${DANGEROUS_ENDPOINTS[scheme]}`,
    revisions: since('2025-11-25'),
    official: 'auth/basic-dcr',
    context: { opener_report: OPENER_REPORT_PATH },
    profile: (rev) => ({ ...baseProfile(rev), dangerousEndpoint: scheme }),
  }),
);
