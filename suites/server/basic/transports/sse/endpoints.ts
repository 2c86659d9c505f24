// HTTP+SSE (2024-11-05): the SSE endpoint a client opens, and the endpoint event that tells it
// where to POST (SSE-001, SSE-002). These checks run only when the target speaks the transport
// (detected: POST initialize refused, GET gave an endpoint event; or forced).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { allOf, contentType, expectEvent, expectHttp, httpExchange, status } from '../../../../../harness/verify/http.js';
import { expectNone, type Violation } from '../../../../../harness/verify/index.js';
import { ownConnection, ownStream } from './own-connection.js';
import { httpWithSse } from './places.js';

export const sseEndpointChecks = defineChecks({ page: 'basic/transports/sse', revisions: RANGE.legacy, transports: ['sse'], needs: ['connection', 'raw-http'] }, [
  // SSE-001: "The server MUST provide two endpoints: 1. An SSE endpoint, for clients to
  // establish a connection and receive messages from the server".
  {
    id: 'sse.stream-content-type',
    title: 'GET on the SSE endpoint answers 200 with Content-Type text/event-stream',
    spec: httpWithSse('MUST'),
    requirement: 'The server MUST provide two endpoints: An SSE endpoint, for clients to establish a connection and receive messages from the server; A regular HTTP POST endpoint for clients to send messages to the server.',
    digest: ['SSE-001'],
    faults: ['sse-wrong-content-type'],
    async run(ctx) {
      const info = (await ownStream(ctx)).sseOpenInfo ?? { status: 0, problem: 'the stream was not opened' };
      // Providing the endpoint is the rule: a GET nothing answers breaks it too.
      return expectHttp(ctx, httpExchange('GET on the SSE endpoint', info), allOf(status(200), contentType('text/event-stream')), { answerIsTheRule: true });
    },
  },

  // SSE-002: "When a client connects, the server MUST send an endpoint event containing a URI
  // for the client to use for sending messages" (2024-11-05; the later revisions keep the
  // transport as it was). Every connection: a plain one, and one carrying a Last-Event-ID the
  // server never issued, as an EventSource sends when it reconnects (HTTP+SSE has no resumption,
  // so that too is a client connecting). A stream that ends without the event fails; one still
  // silent after the target's patience decides nothing.
  {
    id: 'sse.endpoint-event-sent',
    title: 'Every SSE connection, a reconnection included, gets an endpoint event naming an http(s) URI',
    spec: httpWithSse('MUST'),
    requirement: 'When a client connects, the server MUST send an endpoint event containing a URI for the client to use for sending messages.',
    digest: ['SSE-002'],
    faults: ['sse-no-endpoint-on-reconnect'],
    async run(ctx) {
      const t = await ownConnection(ctx);
      const connections: { what: string; headers: Record<string, string> }[] = [
        { what: 'a connection', headers: {} },
        { what: 'a reconnection (Last-Event-ID never issued)', headers: { 'Last-Event-ID': 'mcp-conformance-never-issued' } },
      ];
      const unjudged: string[] = [];
      const wrong: Violation[] = [];
      for (const { what, headers } of connections) {
        const r = await t.raw({
          method: 'GET',
          headers: { Accept: 'text/event-stream', ...headers },
          sseWindowMs: ctx.timeoutMs,
          sseUntil: (events) => events.some((e) => e.event === 'endpoint'),
        });
        const endpoint = r.events?.find((e) => e.event === 'endpoint');
        if (r.status !== 200) unjudged.push(`${what} was answered HTTP ${r.status}${r.problem ? ` (${r.problem})` : ''}`);
        else if (endpoint && !resolvesToHttp(endpoint.data.trim(), t.url)) wrong.push({ text: `on ${what}, endpoint event data ${ctx.brief(endpoint.data, 120)}` });
        else if (!endpoint && r.streamEnded) {
          const seen = (r.events ?? []).map((e) => `"${e.event}"`).join(', ');
          wrong.push({ text: `${what}: the stream ended without one${seen ? ` (events: ${seen})` : ' (no event)'}` });
        } else if (!endpoint) unjudged.push(`${what} stayed open without an endpoint event for ${ctx.timeoutMs} ms`);
      }
      // A stream still silent after the target's patience decides nothing (timing).
      return expectNone(ctx, wrong, {
        expected: 'an endpoint event whose data is a URI (http or https) to POST messages to, on every connection',
        judged: connections.length - unjudged.length,
        nothing: { code: 'inconclusive', detail: `${unjudged.join('; ')}: nothing to judge` },
        ...(unjudged.length ? { note: `not judged: ${unjudged.join('; ')}` } : {}),
      });
    },
  },

  // SSE-002 and the backwards-compatibility text (2025-03-26 on): clients GET "expecting that
  // this will open an SSE stream and return an endpoint event as the first event". A
  // description without a keyword: a warning. (Whether it comes at all is the check above's.)
  {
    id: 'sse.endpoint-event-first',
    title: 'The first event of the SSE stream is the endpoint event',
    spec: httpWithSse('SHOULD'),
    requirement:
      'When a client connects, the server MUST send an endpoint event containing a URI for the client to use for sending messages. (2025-03-26 on: clients issue a GET, expecting that this will open an SSE stream and return an endpoint event as the first event.)',
    digest: ['SSE-002'],
    faults: ['sse-event-before-endpoint'],
    async run(ctx) {
      const t = await ownStream(ctx);
      return expectEvent(
        ctx,
        'the first event of the SSE stream',
        t.sseEvents[0],
        { expected: 'the endpoint event', keeps: (e) => e.event === 'endpoint' },
        { doubt: 'clients expect the endpoint event "as the first event" (backwards compatibility), a description without a keyword: a warning' },
      );
    },
  },
]);

/** Whether an endpoint event's data names an http(s) URL, relative ones resolved against the SSE URL. */
function resolvesToHttp(data: string, base: string): boolean {
  try {
    const url = new URL(data, base);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
