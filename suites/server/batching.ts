// Batching (BATCH-*): JSON-RPC batches exist only in 2025-03-26 ("MCP implementations MAY
// support sending JSON-RPC batches, but MUST support receiving JSON-RPC batches") and were
// removed in 2025-06-18. Behaviour MCP does not spell out (the array reply, an empty batch)
// comes from JSON-RPC 2.0, section 6. The HTTP-only shape (a batch must not carry an
// unauthenticated message past auth) is in the auth suite.
import { randomUUID } from 'node:crypto';
import type { Check, CheckContext } from '../../harness/checks/check.js';
import { only } from '../../harness/revisions.js';
import type { Reply } from '../../harness/jsonrpc/types.js';
import type { Conversation } from '../../harness/sessions/session.js';
import { sleep } from './tool-plan.js';
import { describeReply } from '../../harness/jsonrpc/types.js';

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

export const batchingChecks: Check[] = [
  // basic#batching: "MCP implementations ... MUST support receiving JSON-RPC batches."
  // JSON-RPC 2.0: one response per request, none for notifications.
  {
    id: 'batching.requests-answered',
    title: 'A batch of requests and a notification gets one response per request, none for the notification',
    spec: { url: 'basic#batching', level: 'MUST' },
    side: 'server',
    revisions: only('2025-03-26'),
    transports: 'any',
    faults: ['batch-rejected'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const { replies, others } = await sendBatch(ctx, session);
      const missing = replies.filter((r) => r?.kind !== 'result');
      if (missing.length > 0 || others.length > 0) {
        return ctx.fail({
          expected: 'a result for each of the 2 pings in the batch and nothing else',
          actual: [`pings: ${replies.map(show).join(', ')}`, ...(others.length > 0 ? [`other response: ${ctx.brief(others[0], 160)}`] : [])].join('; '),
        });
      }
      return ctx.pass();
    },
  },

  // JSON-RPC 2.0 section 6: "The Server should respond with an Array containing the
  // corresponding Response objects" - separate messages are common, hence a warning.
  {
    id: 'batching.response-array',
    title: 'The responses to a batch come back as one JSON array',
    spec: { url: 'basic#batching', level: 'SHOULD' },
    side: 'server',
    revisions: only('2025-03-26'),
    transports: 'any',
    faults: ['batch-not-array'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const { replies } = await sendBatch(ctx, session);
      if (!replies.every(answered)) return ctx.skip(`not every request of the batch was answered (${replies.map(show).join(', ')}): see batching.requests-answered`);
      // The peer splits an array frame into its elements, which keep the frame's sequence number.
      const seqs = new Set(replies.map((r) => (answered(r) ? r.seq : undefined)));
      if (seqs.size === 1) return ctx.pass();
      return ctx.fail({ expected: 'one array frame with both responses', actual: `${seqs.size} separate frames` });
    },
  },

  // JSON-RPC 2.0 section 6: "rpc call with an empty Array" is answered with one Invalid
  // Request error (-32600). MCP does not repeat it: a warning at most.
  {
    id: 'batching.empty-batch',
    title: 'An empty batch ([]) gets one -32600 Invalid Request error',
    spec: { url: 'basic#batching', level: 'SHOULD' },
    side: 'server',
    revisions: only('2025-03-26'),
    transports: 'any',
    faults: ['empty-batch-ignored'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const peer = session;
      const mark = peer.mark();
      await peer.sendRaw('[]');
      const fence = await peer.request('ping', undefined);
      if (!answered(fence)) return ctx.fail({ expected: 'the server survives an empty batch (answers the next ping)', actual: `the ping got ${describeReply(fence)}` });
      const error = peer
        .since(mark)
        .map((m) => m.message as Record<string, unknown>)
        .find((m) => !('method' in m) && (m.id === null || m.id === undefined));
      const code = (error?.error as { code?: unknown } | undefined)?.code;
      if (code === -32600) return ctx.pass();
      return ctx.fail({ expected: 'an error response with code -32600 and id null', actual: error ? ctx.brief(error, 160) : 'no response' });
    },
  },

  // 2025-06-18 removed batching (changelog, major change 1); its schema has no batch types
  // and every message "MUST follow the JSON-RPC 2.0 specification" as single messages. What
  // a server does with a batch is not specified: refusing, ignoring or answering each
  // message alone all pass; answering with a batch response is a warning.
  {
    id: 'batching.not-batched-after-2025-03-26',
    title: 'From 2025-06-18 a batch is not answered with a batch response',
    spec: { url: 'basic#messages', level: 'SHOULD' },
    side: 'server',
    revisions: '2025-06-18..2025-11-25',
    transports: 'any',
    faults: ['batch-accepted-2025-06-18'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const { replies, others } = await sendBatch(ctx, session);
      const got = replies.filter(answered);
      if (got.length >= 2 && new Set(got.map((r) => r.seq)).size === 1) {
        return ctx.fail({ expected: `no batch response at ${ctx.revision} (batching was removed in 2025-06-18)`, actual: 'both pings answered in one JSON array' });
      }
      if (got.length > 0) return ctx.pass(`the messages of the batch were answered one by one (${got.length} response(s)): tolerated`);
      if (others.length > 0) return ctx.pass(`the batch was refused: ${ctx.brief(others[0], 120)}`);
      return ctx.pass('the batch was ignored');
    },
  },
];
