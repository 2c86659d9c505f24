// A legacy server without tools: it declares resources and prompts (so a client has work to
// do after the handshake) and no `tools` capability, and answers tools/* as a server without
// them does, with MethodNotFound. What a client does with a capability the server did not declare
// shows here: a server that declares tools elsewhere cannot show it.
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { RANGE } from '../../../harness/revisions.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';

export const NO_TOOLS = 'lifecycle.no-tools-server';

const notFound = (method: string): HandlerAnswer => ({ error: { code: ErrorCode.MethodNotFound, message: `Method not found: ${method} (this server has no tools)` } });

export const noToolsScenario: ClientScenario = {
  id: NO_TOOLS,
  title: 'A legacy server that declares resources and prompts but no tools',
  revisions: RANGE.legacy,
  transports: 'any',
  // The plain opening: a client written for the official suite calls no tool on it.
  official: 'initialize',
  server: {
    capabilities: { resources: {}, prompts: {} },
    resources: [{ uri: 'mcp-conformance://no-tools/readme', name: 'readme', mimeType: 'text/plain', text: 'no tools here' }],
    prompts: [{ name: 'greeting', description: 'A greeting' }],
    onRequest(method) {
      return method.startsWith('tools/') ? notFound(method) : undefined;
    },
  },
};
