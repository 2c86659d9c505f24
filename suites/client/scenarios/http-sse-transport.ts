// A server of the HTTP+SSE transport (2024-11-05) at the URL, at every legacy revision: a POST
// to the URL is refused (404); a GET opens the event stream whose first event names the
// endpoint for POSTs; every answer comes as a `message` event on the stream.
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { RANGE } from '../../../harness/revisions.js';

export const HTTP_SSE_TRANSPORT = 'http.sse-transport';

export const httpSseTransportScenario: ClientScenario = {
  id: HTTP_SSE_TRANSPORT,
  title: 'An HTTP+SSE (2024-11-05 transport) server at the URL',
  revisions: RANGE.legacy,
  transports: ['streamable-http'],
  official: 'initialize',
  server: {
    tools: [{ name: 'echo', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }],
    http: { transport: 'sse' },
  },
};
