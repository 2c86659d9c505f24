// Batching (BATCH-*): JSON-RPC batches exist only in 2025-03-26 ("MCP implementations MAY
// support sending JSON-RPC batches, but MUST support receiving JSON-RPC batches") and were
// removed in 2025-06-18. Behaviour MCP does not spell out (the array reply, an empty batch)
// comes from JSON-RPC 2.0, section 6. The HTTP-only shape (a batch must not carry an
// unauthenticated message past auth) is in the auth suite.
import { setTimeout as sleep } from 'node:timers/promises';
import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../../../../harness/checks/check.js';
import { defineChecks } from '../../../../harness/checks/define.js';
import { only } from '../../../../harness/revisions.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import type { Conversation } from '../../../../harness/sessions/session.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { sendMalformed } from '../../../../harness/target/as-built.js';
import { DECIDED_BY_TIMEOUT, unanswered } from '../../../../harness/rules/no-answer.js';
import { exchange, expectNone, ownJudgement } from '../../../../harness/verify/index.js';
import { expectAnswer, expectRefusal } from '../../../../harness/verify/messages.js';

/** A batch of two pings around an unknown notification (which must get no response). */
function pingBatch(): { items: Record<string, unknown>[]; ids: string[] } {
  const tag = randomUUID().slice(0, 8);
  const ids = [`batch-${tag}-1`, `batch-${tag}-2`];
  return {
    ids,
    items: [
      { jsonrpc: '2.0', id: ids[0], method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/x-conformance-batch', params: { note: 'please ignore' } },
      { jsonrpc: '2.0', id: ids[1], method: 'ping' },
    ],
  };
}

interface BatchOutcome {
  replies: (Reply | undefined)[];
  /** Responses in the same span that answer no id we sent (the notification, or the whole batch). */
  others: Record<string, unknown>[];
}

/** Responses since `mark` that answer no id we sent (the notification, or the whole batch). */
function foreignResponses(peer: Conversation, mark: number): Record<string, unknown>[] {
  return peer
    .since(mark)
    .map((m) => m.message as Record<string, unknown>)
    .filter((m) => !('method' in m) && ('result' in m || 'error' in m) && !peer.sentRequestWithId(m.id));
}

/**
 * Send the batch, then a ping as a fence. A batch refused as a whole (an error with id null) is
 * decided at the fence; otherwise answers still missing after a second ping count as none: the
 * batch holds pings, and on one ordered stream (stdio, HTTP+SSE) a server that takes it answers
 * them before, or as fast as, the two pings sent after it. Over Streamable HTTP the batch has a
 * POST of its own that the server may answer later than the pings' POSTs: a moment more there.
 */
async function sendBatch(ctx: CheckContext, peer: Conversation): Promise<BatchOutcome> {
  const { items } = pingBatch();
  const mark = peer.mark();
  const settled: (Reply | undefined)[] = [];
  const all = peer.requestBatch(items).then((r) => settled.push(...r));
  await peer.request('ping', undefined);
  const refusedWhole = foreignResponses(peer, mark).some((m) => m.id === null && 'error' in m);
  // No second ping once every answer is in: it would only add a frame to the excerpt.
  if (!refusedWhole && settled.length === 0) await Promise.race([all, ctx.transport === 'streamable-http' ? sleep(300) : peer.request('ping', undefined)]);
  const replies = settled.length > 0 ? settled : [undefined, undefined];
  return { replies, others: foreignResponses(peer, mark) };
}

const answered = (r: Reply | undefined): r is Extract<Reply, { kind: 'result' | 'error' }> => r?.kind === 'result' || r?.kind === 'error';

function show(r: Reply | undefined): string {
  return r === undefined ? 'no response' : describeReply(r);
}

export const batchingChecks = defineChecks({ page: 'basic/messages', revisions: only('2025-03-26') }, [
  // basic#batching: "MCP implementations ... MUST support receiving JSON-RPC batches."
  // JSON-RPC 2.0: one response per request, none for notifications.
  {
    id: 'batching.requests-answered',
    title: 'A batch of requests and a notification gets one response per request, none for the notification',
    spec: { url: 'basic#batching', level: 'MUST' },
    requirement: 'MCP implementations MAY support sending JSON-RPC batches, but MUST support receiving JSON-RPC batches.',
    digest: ['BATCH-001'],
    needs: ['own-session'],
    faults: ['batch-rejected'],
    async run(ctx) {
      const session = await ctx.session();
      const { replies, others } = await sendBatch(ctx, session);
      const missing = replies.filter((r) => r?.kind !== 'result');
      const violations = [
        ...replies.flatMap((r, i) => (r?.kind === 'result' ? [] : [{ text: `ping ${i + 1} of the batch: ${show(r)}`, ...(r && 'seq' in r && r.seq !== undefined ? { seq: r.seq } : {}) }])),
        ...others.map((m) => ({ text: `other response: ${ctx.brief(m, 160)}` })),
      ];
      // Pings that simply got nothing: whether the batch is answered at all is the harness's timeout handling.
      const silent = others.length === 0 && missing.every((r) => r === undefined || r.kind === 'timeout');
      return expectNone(ctx, violations, { expected: 'a result for each of the 2 pings in the batch and nothing else', ...(silent ? { reason: DECIDED_BY_TIMEOUT } : {}) });
    },
  },

  // JSON-RPC 2.0 section 6: "The Server should respond with an Array containing the
  // corresponding Response objects" - separate messages are common, hence a warning. Not over
  // Streamable HTTP: its SSE stream carries "one JSON-RPC response per each JSON-RPC request
  // sent in the POST body. These responses MAY be batched." (2025-03-26 basic/transports),
  // and a JSON body is one array or nothing.
  {
    id: 'batching.response-array',
    title: 'The responses to a batch come back as one JSON array',
    spec: { url: 'basic#batching', level: 'SHOULD' },
    requirement: 'JSON-RPC 2.0, section 6: The Server should respond with an Array containing the corresponding Response objects, after all of the batch Request objects have been processed.',
    digest: ['BATCH-007'],
    needs: ['own-session'],
    transports: ['stdio', 'sse'],
    faults: ['batch-not-array'],
    async run(ctx) {
      const session = await ctx.session();
      const { replies } = await sendBatch(ctx, session);
      if (!replies.every(answered)) {
        // A wait that ran out is tried again alone; a batch refused as a whole leaves no answers to look at.
        const waited = replies.some((r) => r !== undefined && unanswered(r));
        return ctx.skip(waited ? 'no-answer' : 'cannot-set-up', `not every request of the batch was answered (${replies.map(show).join(', ')}): see batching.requests-answered`);
      }
      // The peer splits an array frame into its elements, which keep the frame's sequence number.
      const seqs = new Set(replies.map((r) => r.seq));
      return expectNone(ctx, seqs.size === 1 ? [] : [`${seqs.size} separate frames`], {
        expected: 'one array frame with both responses',
        judged: replies.length,
        reason: 'MCP 2025-03-26 adopts JSON-RPC batches without restating how they are answered; JSON-RPC 2.0 says the server should answer with one array',
      });
    },
  },

  // JSON-RPC 2.0 section 6: "rpc call with an empty Array" is answered with one Invalid
  // Request error (InvalidRequest). MCP does not repeat it: a warning at most. Over HTTP an error status
  // with no JSON-RPC body refuses it as well: "The HTTP response body MAY comprise a JSON-RPC
  // error response" (2025-03-26 basic/transports#sending-messages-to-the-server).
  {
    id: 'batching.empty-batch',
    title: 'An empty batch ([]) gets one {code:InvalidRequest} Invalid Request error',
    spec: { url: 'basic#batching', level: 'SHOULD' },
    requirement: 'JSON-RPC 2.0, section 6: If the batch rpc call itself fails to be recognized as an valid JSON or as an Array with at least one value, the response from the Server MUST be a single Response object.',
    digest: ['BATCH-007'],
    needs: ['own-session', 'raw-http'],
    faults: ['empty-batch-ignored'],
    async run(ctx) {
      const session = await ctx.session();
      const outcome = await sendMalformed(ctx, session, '[]', 'ping');
      const alive = expectAnswer(ctx, exchange('the ping after an empty batch', outcome.fence), { expected: 'the server survives an empty batch (answers the next ping)' });
      if (alive.status !== 'pass') return alive;
      return expectRefusal(ctx, outcome, ['InvalidRequest'], {
        what: 'an empty batch ([])',
        transport: ctx.transport,
        fence: 'ping',
        reason: 'MCP 2025-03-26 adopts JSON-RPC batches without restating how an empty one is answered: JSON-RPC 2.0 section 6 decides, hence a warning',
      });
    },
  },

  // basic/transports#sending-messages-to-the-server (2025-03-26): "If the input consists solely of
  // (any number of) JSON-RPC responses or notifications: If the server accepts the input, the
  // server MUST return HTTP status code 202 Accepted with no body. If the server cannot accept
  // the input, it MUST return an HTTP error status code". A batch of two unknown notifications,
  // POSTed inside the session. (Batches holding requests: batching.requests-answered.)
  {
    id: 'batching.http-notifications-202',
    title: 'A POSTed batch of notifications only is answered 202 Accepted with no body (or an HTTP error)',
    spec: { url: 'basic/transports#sending-messages-to-the-server', level: 'MUST' },
    requirement:
      'If the input consists solely of (any number of) JSON-RPC responses or notifications: If the server accepts the input, the server MUST return HTTP status code 202 Accepted with no body. If the server cannot accept the input, it MUST return an HTTP error status code (e.g., 400 Bad Request).',
    digest: ['BATCH-004'],
    needs: ['own-session', 'raw-http'],
    transports: ['streamable-http'],
    faults: ['http-batch-notifications-200'],
    async run(ctx) {
      const session = await ctx.session();
      const http = ctx.http?.of(session);
      if (!http) return ctx.skip('not-applicable', 'no HTTP access to this session');
      const note = { jsonrpc: '2.0', method: 'notifications/x-conformance-batch', params: { note: 'please ignore' } };
      const headers = { ...http.sessionHeaders(), 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
      const r = await http.raw({ method: 'POST', headers, body: JSON.stringify([note, note]) });
      if (r.status === 0) return ctx.skip('no-answer', 'the POST got no HTTP answer');
      const accepted = r.status === 202 && !r.body;
      const refused = r.status >= 400;
      // An HTTP status and body are the rule here, not a JSON-RPC answer: no verifier of answers fits.
      return ownJudgement(
        ctx,
        accepted || refused
          ? { ...(refused ? { note: `refused with HTTP ${r.status}: the transport's answer to input the server cannot accept` } : {}) }
          : { broken: { expected: 'HTTP 202 Accepted with no body (or an HTTP error status)', actual: `HTTP ${r.status}${r.body ? ` with body ${ctx.brief(r.body, 120)}` : ''}` } },
        'the HTTP status of a POST of notifications only: no verifier judges HTTP statuses',
      );
    },
  },

  // From 2025-06-18 on no check sends a batch: the client "MUST NOT write anything to the
  // server's stdin that is not a valid MCP message" and "Messages are individual JSON-RPC
  // requests, notifications, or responses" (basic/transports#stdio), so what a server does with
  // one is outside that revision: no sentence to judge it by.
]);
