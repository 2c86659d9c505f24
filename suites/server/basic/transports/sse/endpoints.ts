// HTTP+SSE (2024-11-05): the SSE endpoint a client opens, and the endpoint event that tells it
// where to POST (SSE-001, SSE-002). These checks run only when the target speaks the transport
// (detected: POST initialize refused, GET gave an endpoint event; or forced).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { ownStream } from './own-connection.js';
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
      const info = (await ownStream(ctx)).sseOpenInfo;
      if (info?.status === 200 && info.contentType === 'text/event-stream') return ctx.pass();
      return ctx.fail({ expected: 'HTTP 200 with Content-Type text/event-stream', actual: `HTTP ${info?.status ?? 0} with Content-Type ${JSON.stringify(info?.headers['content-type'] ?? '')}` });
    },
  },

  // SSE-002: "When a client connects, the server MUST send an endpoint event containing a URI
  // for the client to use for sending messages" (without one nothing works, and no check runs);
  // clients expect it "as the first event" (backwards compatibility, 2025-03-26 on).
  {
    id: 'sse.endpoint-event-first',
    title: 'The first event of the SSE stream is the endpoint event',
    spec: httpWithSse('SHOULD'),
    requirement: 'When a client connects, the server MUST send an endpoint event containing a URI for the client to use for sending messages.',
    digest: ['SSE-002'],
    faults: ['sse-event-before-endpoint'],
    async run(ctx) {
      const t = await ownStream(ctx);
      const first = t.sseEvents[0];
      if (first?.event.event === 'endpoint') return ctx.pass();
      if (first) ctx.cite(first.seq);
      return ctx.fail({ expected: 'an endpoint event first', actual: first ? `a "${first.event.event}" event first (data ${ctx.brief(first.event.data, 120)})` : 'no event' });
    },
  },
]);
