// What the tool answers when it plays the client and the server asks (legacy era: server
// requests exist only there). We declare only what we answer, and we answer all of it: ping
// always; roots, sampling and elicitation exactly when the session declared them. The answers
// are the most neutral valid ones: no roots, a fixed assistant text, a declined elicitation.
import type { Peer } from '../jsonrpc/peer.js';
import type { HandlerAnswer, RequestHandler } from '../jsonrpc/types.js';
import type { ClientTasks } from './client-tasks.js';

const ANSWERS: Record<string, { capability?: string; answer: (params: Record<string, unknown>) => HandlerAnswer }> = {
  ping: { answer: () => ({ result: {} }) },
  'roots/list': { capability: 'roots', answer: () => ({ result: { roots: [] } }) },
  'sampling/createMessage': {
    capability: 'sampling',
    answer: (params) =>
      // Tool-enabled sampling needs sampling.tools, which the tool never declares.
      params.tools !== undefined
        ? { error: { code: -32602, message: 'the test client did not declare sampling.tools' } }
        : { result: { role: 'assistant', content: { type: 'text', text: 'mcp-conformance: no model behind this test client' }, model: 'mcp-conformance', stopReason: 'endTurn' } },
  },
  'elicitation/create': { capability: 'elicitation', answer: () => ({ result: { action: 'decline' } }) },
};

/**
 * Register the client's answers for what `capabilities` declares; the rest gets -32601. A
 * session declaring `tasks` (2025-11-25) is a task receiver too: `tasks` serves them (client-tasks.ts).
 */
export function answerAsClient(peer: Peer, capabilities: Record<string, unknown>, tasks?: ClientTasks): void {
  peer.clearHandlers();
  const registered: Record<string, RequestHandler> = {};
  for (const [method, { capability, answer }] of Object.entries(ANSWERS)) {
    if (capability === undefined || capabilities[capability] !== undefined) {
      peer.handle(method, answer);
      registered[method] = answer;
    }
  }
  if (tasks && capabilities.tasks !== undefined) tasks.install(peer, capabilities, registered);
  peer.observationContext = { clientCapabilities: capabilities };
}
