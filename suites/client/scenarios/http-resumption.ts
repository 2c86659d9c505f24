// A dropped SSE answer (2025-03-26 on, both shapes): the SSE answer of the first call of
// `test_reconnection` starts with a priming event (an event id, empty data, `retry`) and is
// closed before its response. Legacy: the response is held for a GET with Last-Event-ID.
// 2026-07-28: streams are not resumable; the client must re-issue the request with a new id.
import type { ClientScenario } from '../../../harness/client/scenario.js';
import { since } from '../../../harness/revisions.js';

export const HTTP_RESUMPTION = 'http.stream-resumption';

/** The tool whose first answer stream is cut (the official sse-retry scenario calls it). */
export const RECONNECTION_TOOL = 'test_reconnection';
/** The `retry` (ms) the priming event carries. */
export const RETRY_MS = 500;

export const httpResumptionScenario: ClientScenario = {
  id: HTTP_RESUMPTION,
  title: 'A tool call whose SSE answer is closed after a priming event, before the response',
  revisions: since('2025-03-26'),
  transports: ['streamable-http'],
  official: 'sse-retry',
  server: {
    tools: [
      { name: RECONNECTION_TOOL, description: 'Its first answer stream is closed before the response', inputSchema: { type: 'object', properties: {} } },
      { name: 'echo', description: 'Echoes its arguments', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } },
    ],
    http: { cutFirst: { method: 'tools/call', name: RECONNECTION_TOOL, retryMs: RETRY_MS } },
  },
};
