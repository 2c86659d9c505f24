// A legacy server that takes its time: initialize is answered only after a second, so what a
// client sends while it waits (requests, its initialized notification, a cancellation)
// shows. It answers a server/discover probe with InvalidParams "not initialized", as many legacy
// servers do, so a dual-era client must fall back on an error other than MethodNotFound.
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { RANGE } from '../../../harness/revisions.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';

export const SLOW_INITIALIZE = 'lifecycle.slow-initialize';
/** Long enough to see what the client does meanwhile, far below any sane initialize timeout. */
export const INITIALIZE_DELAY_MS = 1000;

export const slowInitializeScenario: ClientScenario = {
  id: SLOW_INITIALIZE,
  title: 'A legacy server that answers initialize after a second',
  revisions: RANGE.legacy,
  transports: 'any',
  official: 'initialize',
  server: {
    tools: [{ name: 'test-tool', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
    async onRequest(method) {
      if (method === 'server/discover') return { error: { code: ErrorCode.InvalidParams, message: 'Invalid request: the server is not initialized' } };
      if (method === 'initialize') await new Promise((r) => setTimeout(r, INITIALIZE_DELAY_MS));
      return undefined;
    },
  },
};
