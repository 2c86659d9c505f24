// Sending messages to the server (SHTTP-011, SHTTP-012), in both shapes of Streamable HTTP:
// how a POSTed request and a POSTed notification are answered, and that every body or SSE
// data field is one JSON-RPC message.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { fenceMessage, open, postMessage, type Own } from './own-http-session.js';
import { said, unansweredHttp } from './raw-answers.js';
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
      if (r.contentType === 'application/json' || r.contentType === 'text/event-stream') return ctx.pass(r.status >= 300 ? `HTTP ${r.status} ${r.contentType}` : undefined);
      if (r.status === 0) return ctx.skip('no-answer', unansweredHttp('the request', r));
      return ctx.fail({ expected: 'Content-Type application/json or text/event-stream', actual: said(r) });
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
      if (r.status === 202 && !r.body) return ctx.pass();
      if (r.status >= 400) return ctx.pass(`refused with HTTP ${r.status}: the spec's answer to input the server cannot accept`);
      if (r.status === 0) return ctx.skip('no-answer', unansweredHttp('the notification', r));
      return ctx.fail({ expected: 'HTTP 202 Accepted with no body (or an HTTP error status)', actual: said(r) });
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
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'one JSON-RPC message (UTF-8 JSON) per body or SSE data field', actual: `${bad.length} violation(s); first: ${bad[0]?.detail}` });
    },
  },
]);
