// Sending messages to the server (SHTTP-011, SHTTP-012), in both shapes of Streamable HTTP:
// how a POSTed request and a POSTed notification are answered, and that every body or SSE
// data field is one JSON-RPC message.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { allOf, anyOf, contentType, expectHttp, httpExchange, noBody, status } from '../../../../../harness/verify/http.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { fenceMessage, open, postMessage, type Own } from './own-http-session.js';
import { STREAMABLE, legacyAt, modernAt } from './transport-spec.js';

/** A notification each era's server may receive: notifications/initialized, or a cancellation of nothing (2026-07-28). */
function notificationOf(ctx: CheckContext): Record<string, unknown> {
  if (ctx.era === 'legacy') return { jsonrpc: '2.0', method: 'notifications/initialized' };
  // No client notification is defined over Streamable HTTP at 2026-07-28; the POST mechanics still are.
  return { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'mcp-conformance-never-sent', reason: 'conformance test' } };
}

async function notificationPost(ctx: CheckContext, o: Own) {
  // Every POST carries MCP-Protocol-Version at 2026-07-28 (#protocol-version-header).
  const headers = ctx.era === 'modern' ? { 'MCP-Protocol-Version': ctx.revision } : undefined;
  return postMessage(ctx, o, notificationOf(ctx), headers);
}

export const sendingMessagesChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: STREAMABLE, transports: ['streamable-http'], needs: ['own-session', 'raw-http'] }, [
  // SHTTP-012: "If the input is a JSON-RPC request, the server MUST either return
  // Content-Type: text/event-stream, to initiate an SSE stream, or Content-Type: application/json".
  {
    id: 'http.request-answer-content-type',
    title: 'A POSTed request is answered as application/json or text/event-stream',
    spec: [legacyAt('sending-messages-to-the-server', 'MUST'), modernAt('sending-messages', 'MUST')],
    requirement:
      'If the input is a JSON-RPC request, the server MUST either return Content-Type: text/event-stream, to initiate an SSE stream, or Content-Type: application/json, to return one JSON object.',
    digest: ['SHTTP-012'],
    faults: ['http-json-wrong-content-type'],
    async run(ctx) {
      const o = await open(ctx);
      const r = await postMessage(ctx, o, fenceMessage(o.session, 'content-type'));
      // The sentence prescribes the media type, whatever the status (a refusal in JSON is one JSON object too).
      return expectHttp(ctx, httpExchange('a POSTed request', r), contentType('application/json', 'text/event-stream'), r.status >= 300 ? { note: `HTTP ${r.status} ${r.contentType}` } : {});
    },
  },

  // SHTTP-011: "If the input is a JSON-RPC response or notification: If the server accepts the
  // input, the server MUST return HTTP status code 202 Accepted with no body. If the server cannot
  // accept the input, it MUST return an HTTP error status code (e.g., 400 Bad Request)."
  {
    id: 'http.notification-202',
    title: 'A POSTed notification is answered 202 Accepted with no body, or refused with an error status',
    spec: [legacyAt('sending-messages-to-the-server', 'MUST'), modernAt('sending-messages', 'MUST')],
    requirement:
      'If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body. If the server cannot accept the input, it MUST return an HTTP error status code (e.g., 400 Bad Request).',
    digest: ['SHTTP-011'],
    faults: ['http-notification-200'],
    async run(ctx) {
      const r = await notificationPost(ctx, await open(ctx, { sendInitialized: false }));
      const refused = r.status >= 400;
      return expectHttp(ctx, httpExchange('a POSTed notification', r), anyOf(allOf(status(202), noBody()), { ...status('4xx', '5xx'), expected: 'an HTTP error status' }), {
        ...(refused ? { note: `refused with HTTP ${r.status}: the spec's answer to input the server cannot accept` } : {}),
      });
    },
  },

  // SHTTP-012 and basic#messages: every body and every SSE `data` carries one JSON-RPC message.
  {
    id: 'http.messages-are-jsonrpc',
    title: 'Every HTTP body and SSE data field the server sends is one JSON-RPC message',
    spec: [legacyAt('sending-messages-to-the-server', 'MUST'), modernAt('receiving-messages', 'MUST')],
    requirement: 'MCP uses JSON-RPC to encode messages. JSON-RPC messages MUST be UTF-8 encoded.',
    digest: ['SHTTP-012'],
    needs: ['passive'],
    faults: ['http-sse-non-json-data'],
    async run(ctx) {
      const bad = ctx.observations().filter((o) => o.kind === 'not-json-line' || o.kind === 'not-jsonrpc' || o.kind === 'invalid-utf8');
      return expectNone(ctx, bad.map((o) => ({ text: o.detail, seq: o.seq })), { expected: 'one JSON-RPC message (UTF-8 JSON) per body or SSE data field' });
    },
  },
]);
