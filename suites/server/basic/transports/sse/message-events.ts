// HTTP+SSE (2024-11-05): server messages travel as SSE message events, each carrying one
// JSON-RPC message as its data (SSE-004).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectEvent } from '../../../../../harness/verify/http.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { httpWithSse } from './places.js';

export const sseMessageEventChecks = defineChecks({ page: 'basic/transports/sse', revisions: RANGE.legacy, transports: ['sse'] }, [
  // SSE-004: "Server messages are sent as SSE message events, with the message content encoded
  // as JSON in the event data." The transport describes it without a keyword: a warning.
  {
    id: 'sse.responses-as-message-events',
    title: 'Responses arrive on the SSE stream as message events',
    spec: httpWithSse('SHOULD'),
    requirement: 'Server messages are sent as SSE message events, with the message content encoded as JSON in the event data.',
    digest: ['SSE-004'],
    needs: ['own-session', 'raw-http'],
    faults: ['sse-response-event-type'],
    async run(ctx) {
      if (!ctx.http) throw new Error('not an HTTP target');
      const session = await ctx.session();
      const t = ctx.http.of(session);
      const reply = await session.request('ping');
      if (reply.kind !== 'result' && reply.kind !== 'error') return ctx.skip('no-answer', `ping got no answer (${describeReply(reply)}): no event to judge`);
      const carrier = t.sseEvents.find((e) => e.seq === reply.seq);
      if (!carrier && reply.seq) ctx.cite(reply.seq);
      return expectEvent(
        ctx,
        'the response to ping',
        carrier,
        { expected: 'an SSE event of type "message" (or no event field)', keeps: (e) => e.event === 'message', missing: 'the response did not come as an SSE event' },
        { doubt: 'the transport describes message events without a keyword: a warning' },
      );
    },
  },

  // SSE-004 and basic#messages: the data of each message event is one JSON-RPC message.
  {
    id: 'sse.messages-are-jsonrpc',
    title: 'Every SSE message event carries one JSON-RPC message in its data',
    spec: httpWithSse('MUST'),
    requirement:
      'Server messages are sent as SSE message events, with the message content encoded as JSON in the event data. (basic#messages: All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.)',
    digest: ['SSE-004'],
    needs: ['passive'],
    faults: ['sse-non-json-message'],
    async run(ctx) {
      const bad = ctx.observations().filter((o) => o.kind === 'not-json-line' || o.kind === 'not-jsonrpc' || o.kind === 'invalid-utf8');
      return expectNone(ctx, bad.map((o) => ({ text: o.detail, seq: o.seq })), { expected: 'one JSON-RPC message (UTF-8 JSON) per event' });
    },
  },
]);
