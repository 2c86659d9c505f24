// What every auth scenario shares: a protected server with one tool (`test-tool`, the name
// the official suite's clients call), served over Streamable HTTP behind the scripted
// resource server and authorization server of harness/client/auth, shaped per revision.
import { authServing, type ProfileFor } from '../../../harness/client/auth/serving.js';
import type { ClientScenario, ScriptTool } from '../../../harness/client/scenario.js';

export const TEST_TOOL: ScriptTool = { name: 'test-tool', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: {} } };

export interface AuthScenarioSpec {
  id: string;
  title: string;
  revisions: string;
  /** The official suite's scenario name (MCP_CONFORMANCE_SCENARIO). */
  official: string;
  context?: Record<string, unknown>;
  profile: ProfileFor;
  tools?: ScriptTool[];
}

export function authScenario(s: AuthScenarioSpec): ClientScenario {
  return {
    id: s.id,
    title: s.title,
    revisions: s.revisions,
    // Authorization is for HTTP transports; stdio clients take credentials from the environment.
    transports: ['streamable-http'],
    official: s.official,
    ...(s.context ? { context: s.context } : {}),
    server: { tools: s.tools ?? [TEST_TOOL] },
    prepare: authServing(s.profile),
  };
}
