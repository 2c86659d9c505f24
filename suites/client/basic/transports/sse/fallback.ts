// The HTTP+SSE transport of 2024-11-05 from the client side: a client that supports older
// servers falls back to it when its POST to the URL is refused, and then POSTs every message
// to the endpoint the server announced. Spec: basic/transports (2024-11-05 #http-with-sse;
// 2025-03-26..2025-11-25 #backwards-compatibility).
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import { RANGE, between } from '../../../../../harness/revisions.js';
import { HTTP_SSE_TRANSPORT } from '../../../scenarios/http-sse-transport.js';
import { describeRequest, messagesOf, numericId, type HttpRecord } from '../../../support/http.js';
import { expectNone, ownJudgement } from '../../../../../harness/verify/index.js';

/** Why no verifier fits: a GET after a refused POST is an order across two HTTP requests. */
const WHY_GET = 'a GET of the URL after the refused initialize POST: an order across two requests';

const REFUSED = new Set([400, 404, 405]);

export const httpSseTransportChecks = defineClientChecks({ page: 'basic/transports/sse', transports: ['streamable-http'] }, [
  // SSE-020 (2025-11-25; 2025-03-26 and 2025-06-18 say any 4xx, e.g. 405 or 404): "Clients
  // wanting to support older servers should: [...] Attempt to POST an InitializeRequest to the
  // server URL [...] If it fails with the following HTTP status codes "400 Bad Request", "404
  // Not Found" or "405 Method Not Allowed": Issue a GET request to the server URL, expecting that
  // this will open an SSE stream and return an endpoint event as the first event."
  {
    id: 'http.sse-fallback',
    title: 'When its initialize POST is refused (400, 404, 405), the client tries the HTTP+SSE transport (GET)',
    spec: { url: 'basic/transports#backwards-compatibility', level: 'SHOULD' },
    requirement:
      'Clients wanting to support older servers should: [...] If it fails with the following HTTP status codes "400 Bad Request", "404 Not Found" or "405 Method Not Allowed": Issue a GET request to the server URL, expecting that this will open an SSE stream and return an endpoint event as the first event.',
    digest: ['SSE-020'],
    scenario: HTTP_SSE_TRANSPORT,
    revisions: between('2025-03-26', '2025-11-25'),
    faults: ['sse-fallback-missing'],
    async run(ctx) {
      const http = ctx.recording.http;
      const first = http[0];
      if (first?.method === 'GET') return ctx.pass('the client opened the HTTP+SSE stream directly');
      const i = http.findIndex((r) => r.method === 'POST' && REFUSED.has(r.status ?? 0) && messagesOf(r).some((m) => m.method === 'initialize'));
      const refused = http[i];
      if (!refused) return ctx.skip('nothing-observed', 'the client did not POST initialize to the URL');
      ctx.cite(refused.seq);
      const url = refused.path.split('?')[0];
      const get = http.slice(i + 1).find((r) => r.method === 'GET' && r.path.split('?')[0] === url);
      if (get) {
        ctx.cite(get.seq);
        return ownJudgement(ctx, {}, WHY_GET);
      }
      const broken = {
        expected: 'a GET of the URL (HTTP+SSE) after the refused initialize POST',
        actual: `initialize got HTTP ${refused.status ?? '?'}; no GET followed (a client that does not support older servers may ignore this)`,
      };
      return ownJudgement(ctx, { broken }, WHY_GET);
    },
  },

  // SSE-003 (2024-11-05): "When a client connects, the server MUST send an endpoint event
  // containing a URI for the client to use for sending messages. All subsequent client messages
  // MUST be sent as HTTP POST requests to this endpoint."
  {
    id: 'http.sse-post-to-endpoint',
    title: 'HTTP+SSE: every message is POSTed to the endpoint the server announced',
    spec: [
      { url: 'basic/transports#http-with-sse', level: 'MUST' },
      { url: 'basic/transports#backwards-compatibility', level: 'MUST', from: '2025-03-26' },
    ],
    requirement: 'All subsequent client messages MUST be sent as HTTP POST requests to this endpoint.',
    digest: ['SSE-003'],
    scenario: HTTP_SSE_TRANSPORT,
    revisions: RANGE.legacy,
    faults: ['sse-post-to-wrong-endpoint'],
    async run(ctx) {
      const http = ctx.recording.http;
      const i = http.findIndex((r) => r.method === 'GET' && r.announced !== undefined);
      const stream = http[i];
      if (!stream?.announced) return ctx.skip('nothing-observed', 'the client did not open the HTTP+SSE stream');
      const later = http.slice(i + 1).filter((r) => r.method === 'POST' && messagesOf(r).length > 0);
      if (later.length === 0) return ctx.skip('nothing-observed', 'the client sent no message after the endpoint event');
      // A request numbered below the first one POSTed to the endpoint left before the stream opened.
      const first = later.find((r) => r.path === stream.announced && numericId(r) !== undefined);
      const before = (r: HttpRecord): boolean => first !== undefined && (numericId(r) ?? Infinity) < (numericId(first) ?? -Infinity);
      const elsewhere = later.filter((r) => r.path !== stream.announced && !before(r));
      if (elsewhere.length > 0) ctx.cite(stream.seq);
      return expectNone(ctx, elsewhere.map((r) => ({ text: `${describeRequest(r)} to ${r.path}`, seq: r.seq })), { expected: `POST ${stream.announced}`, judged: later.length, note: `${later.length} messages` });
    },
  },
]);
