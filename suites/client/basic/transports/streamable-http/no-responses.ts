// basic/transports/streamable-http#sending-messages (2026-07-28), client side: a POST body is a
// request or a notification, never a response (SHTTP-102). The scripted server sends one request
// during a tool call to see it (servers never do in this era), as stdio.no-responses does on stdio.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { ASKS } from '../../../scenarios/asks.js';
import { judgeNoResponses } from '../../../support/no-responses.js';

export const noResponsesHttpClientChecks = defineClientChecks({ page: 'basic/transports/streamable-http', transports: ['streamable-http'] }, [
  {
    id: 'http.no-responses',
    title: 'The client POSTs no JSON-RPC responses (2026-07-28), even to a request from the server',
    spec: { url: '#sending-messages', level: 'MUST' },
    requirement: 'The body of the HTTP POST MUST be a single JSON-RPC request or notification. The client MUST NOT send JSON-RPC responses.',
    digest: ['SHTTP-102'],
    scenario: ASKS,
    revisions: RANGE.modern,
    faults: ['modern-server-request-answered', 'answers-notification'],
    run: async (ctx) => judgeNoResponses(ctx, ' POSTed'),
  },
]);
