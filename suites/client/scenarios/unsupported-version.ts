// A legacy server that answers initialize with a protocol version no client supports: the
// client should disconnect instead of going on (VER-004).
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { RANGE } from '../../../harness/revisions.js';

export const UNSUPPORTED_VERSION = 'lifecycle.unsupported-version';
/** Not an MCP revision: no client can support it. */
export const UNSUPPORTED = '1999-01-01';
const ANSWER_DELAY_MS = 300;

export const unsupportedVersionScenario: ClientScenario = {
  id: UNSUPPORTED_VERSION,
  title: 'A legacy server that answers initialize with a version the client cannot support',
  revisions: RANGE.legacy,
  transports: 'any',
  official: 'initialize',
  server: {
    tools: [{ name: 'test-tool', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
    negotiate: () => UNSUPPORTED,
    // A moment before the answer, so that what a client sends without waiting for it (judged by
    // the slow-initialize checks) arrives before it and is not taken for going on after it.
    async onRequest(method) {
      if (method === 'initialize') await new Promise((r) => setTimeout(r, ANSWER_DELAY_MS));
      return undefined;
    },
  },
};
