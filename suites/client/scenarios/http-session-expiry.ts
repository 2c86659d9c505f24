// An older server whose session ends (2025-03-26..2025-11-25): it answers initialize with the
// oldest revision that has the MCP-Protocol-Version header (when the revision under test has
// it), and ends the session after the client's first tools/list, so the client's next request
// carrying the session id gets 404. One setup for the re-initialize and negotiated-version
// checks.
import type { ClientScenario } from '../../../harness/client/scenario.js';
import type { Recording } from '../../../harness/client/recording.js';
import { RANGE, REVISIONS, revisionInfo } from '../../../harness/revisions.js';

export const HTTP_SESSION_EXPIRY = 'http.session-expiry';

/** The oldest revision whose HTTP requests carry MCP-Protocol-Version. */
const OLDEST_WITH_HEADER = REVISIONS.find((r) => r.protocolVersionHeader)?.id;

const expired = new WeakSet<Recording>();

export const httpSessionExpiryScenario: ClientScenario = {
  id: HTTP_SESSION_EXPIRY,
  title: 'An older server that ends the session (404) after the first tools/list',
  revisions: RANGE.sessionfulHttp,
  transports: ['streamable-http'],
  official: 'tools_call',
  server: {
    // `add_numbers` is the tool the official suite's clients call in this scenario.
    tools: [
      {
        name: 'add_numbers',
        description: 'Adds two numbers',
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        run: (args) => ({ result: { content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] } }),
      },
    ],
    resources: [{ uri: 'mcp-conformance://http/expiry', name: 'expiry', mimeType: 'text/plain', text: 'hello' }],
    negotiate: (_requested, revision) => (revisionInfo(revision).protocolVersionHeader && OLDEST_WITH_HEADER ? OLDEST_WITH_HEADER : revision),
    onRequest(method, ctx) {
      if (method === 'tools/list' && !expired.has(ctx.recording)) {
        expired.add(ctx.recording);
        ctx.expireSession();
      }
      return undefined;
    },
  },
};
