// Step-up (2025-11-25 on): the first token covers the challenge's scope; `write-tool` then
// answers 403 insufficient_scope for mcp:write, and `admin-tool` for mcp:admin, a scope the AS
// never grants (so a client that keeps re-authorizing never gets through).
import { SCOPES, baseProfile } from '../../../harness/client/auth/profile.js';
import { since } from '../../../harness/revisions.js';
import { TEST_TOOL, authScenario } from './auth-common.js';

export const AUTH_STEP_UP = 'auth.scope-step-up';
export const WRITE_TOOL = 'write-tool';
export const ADMIN_TOOL = 'admin-tool';

export const authStepUpScenario = authScenario({
  id: AUTH_STEP_UP,
  title: 'Step-up: tools that need more scope than the first token has (one grantable, one never granted)',
  revisions: since('2025-11-25'),
  official: 'auth/scope-step-up',
  tools: [TEST_TOOL, { ...TEST_TOOL, name: WRITE_TOOL, description: 'Needs mcp:write' }, { ...TEST_TOOL, name: ADMIN_TOOL, description: 'Needs mcp:admin' }],
  profile: (rev) => ({ ...baseProfile(rev), toolScopes: { [WRITE_TOOL]: SCOPES.write, [ADMIN_TOOL]: SCOPES.admin }, neverGranted: [SCOPES.admin] }),
});
