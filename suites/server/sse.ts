// HTTP+SSE, the transport of 2024-11-05 (SSE-*): the SSE endpoint, the `endpoint` event,
// server messages as `message` events, Origin. Spec: 2024-11-05 basic/transports#http-with-sse;
// later revisions describe it under #backwards-compatibility. These checks run only when the
// target speaks it (detected: POST initialize refused, GET gave an endpoint event; or forced).
import type { Check, CheckContext, SpecRef } from '../../harness/checks/check.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import type { HttpConversation } from '../../harness/checks/http-access.js';
import { RANGE } from '../../harness/revisions.js';
const FOREIGN_ORIGIN = 'http://attacker.example';
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])$/i;

/** Is the server on this machine's loopback (the case DNS rebinding attacks)? */
function loopback(url: string): boolean {
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

const spec = (level: SpecRef['level']): SpecRef[] => [
  { url: 'basic/transports#http-with-sse', level },
  { from: '2025-03-26', url: 'basic/transports#backwards-compatibility', level },
];

/** The HTTP side of a connection of the check's own (no session started). */
async function door(ctx: CheckContext): Promise<HttpConversation> {
  if (!ctx.http) throw new Error('not an HTTP target');
  return ctx.http.of(await ctx.connect());
}

/** A connection of the check's own with its SSE stream open (no session started). */
async function opened(ctx: CheckContext): Promise<HttpConversation> {
  const t = await door(ctx);
  await t.openSse();
  return t;
}

function check(id: string, title: string, requirement: string, level: SpecRef['level'], faults: string[], run: Check['run'], connection: Check['connection'] = 'own'): Check {
  return { id, title, requirement, spec: spec(level), side: 'server', revisions: RANGE.legacy, transports: ['sse'], faults, connection, run };
}

export const sseChecks: Check[] = [
  // SSE-001: "The server MUST provide two endpoints: 1. An SSE endpoint, for clients to
  // establish a connection and receive messages from the server".
  check('sse.stream-content-type', 'GET on the SSE endpoint answers 200 with Content-Type text/event-stream', 'The server MUST provide two endpoints: An SSE endpoint, for clients to establish a connection and receive messages from the server; A regular HTTP POST endpoint for clients to send messages to the server.', 'MUST', ['sse-wrong-content-type'], async (ctx) => {
    const info = (await opened(ctx)).sseOpenInfo;
    if (info?.status === 200 && info.contentType === 'text/event-stream') return ctx.pass();
    return ctx.fail({ expected: 'HTTP 200 with Content-Type text/event-stream', actual: `HTTP ${info?.status ?? 0} with Content-Type ${JSON.stringify(info?.headers['content-type'] ?? '')}` });
  }),

  // SSE-002: "When a client connects, the server MUST send an endpoint event containing a URI
  // for the client to use for sending messages" (without one nothing works, and no check runs);
  // clients expect it "as the first event" (backwards compatibility, 2025-03-26 on).
  check('sse.endpoint-event-first', 'The first event of the SSE stream is the endpoint event', 'When a client connects, the server MUST send an endpoint event containing a URI for the client to use for sending messages.', 'SHOULD', ['sse-event-before-endpoint'], async (ctx) => {
    const t = await opened(ctx);
    const first = t.sseEvents[0];
    if (first?.event.event === 'endpoint') return ctx.pass();
    if (first) ctx.cite(first.seq);
    return ctx.fail({ expected: 'an endpoint event first', actual: first ? `a "${first.event.event}" event first (data ${ctx.brief(first.event.data, 120)})` : 'no event' });
  }),

  // SSE-004: "Server messages are sent as SSE message events, with the message content encoded
  // as JSON in the event data." The transport describes it without a keyword: a warning.
  check('sse.responses-as-message-events', 'Responses arrive on the SSE stream as message events', 'Server messages are sent as SSE message events, with the message content encoded as JSON in the event data.', 'SHOULD', ['sse-response-event-type'], async (ctx) => {
    if (!ctx.http) throw new Error('not an HTTP target');
    const session = await ctx.session();
    const t = ctx.http.of(session);
    const reply = await session.request('ping');
    if (reply.kind !== 'result' && reply.kind !== 'error') return ctx.skip(`ping got no answer (${describeReply(reply)}): no event to judge, and whether the server answers at all is left to the harness's timeout handling`);
    const carrier = t.sseEvents.find((e) => e.seq === reply.seq);
    if (carrier?.event.event === 'message') return ctx.pass();
    if (reply.seq) ctx.cite(reply.seq);
    return ctx.fail({
      expected: 'an SSE event of type "message" (or no event field)',
      actual: carrier ? `an event of type "${carrier.event.event}"` : 'the response did not come as an SSE event',
      reason: 'the transport describes message events without a keyword: a warning',
    });
  }),

  // SSE-004 and basic#messages: the data of each message event is one JSON-RPC message.
  check(
    'sse.messages-are-jsonrpc',
    'Every SSE message event carries one JSON-RPC message in its data',
    'Server messages are sent as SSE message events, with the message content encoded as JSON in the event data. (basic#messages: All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.)',
    'MUST',
    ['sse-non-json-message'],
    async (ctx) => {
      const bad = ctx.observations().filter((o) => o.kind === 'not-json-line' || o.kind === 'not-jsonrpc' || o.kind === 'invalid-utf8');
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'one JSON-RPC message (UTF-8 JSON) per event', actual: `${bad.length} violation(s); first: ${bad[0]?.detail}` });
    },
    'passive',
  ),

  // SSE-005: "Servers MUST validate the Origin header on all incoming connections to prevent
  // DNS rebinding attacks". No status is prescribed. Which origins are valid is the server's
  // policy, except on a loopback target: there a foreign Origin accepted is the DNS-rebinding
  // hole the rule is about, so it fails; elsewhere it is a warning.
  check('sse.origin-validated', 'An SSE connection from a foreign Origin is rejected', 'Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks.', 'MUST', ['sse-origin-not-validated'], async (ctx) => {
    const t = await door(ctx);
    const r = await t.raw({ method: 'GET', headers: { Accept: 'text/event-stream', Origin: FOREIGN_ORIGIN }, sseWindowMs: 300 });
    if (r.status >= 400 && r.status < 500) return ctx.pass();
    if (r.status === 0) return ctx.skip(`the SSE connection from a foreign Origin got no answer (${r.problem ?? 'nothing'}): nothing to judge`);
    const evidence = {
      expected: `Origin: ${FOREIGN_ORIGIN} rejected with a 4xx status`,
      actual: `HTTP ${r.status}${r.contentType ? ` ${r.contentType}` : ''}${r.status >= 200 && r.status < 300 ? ': the stream opened' : ''}`,
    };
    if (r.status >= 300) return ctx.warn({ ...evidence, reason: 'the connection was neither opened nor rejected with a client error status' });
    if (loopback(t.url)) return ctx.fail({ ...evidence, reason: 'the server opened a stream for a foreign Origin although it listens on loopback: any web page the user opens could reach it by DNS rebinding' });
    return ctx.warn({ ...evidence, reason: 'the server accepted a foreign Origin; which origins are valid is its policy (it may allow every origin on purpose), but unless it does, a web page could reach it' });
  }),
];
