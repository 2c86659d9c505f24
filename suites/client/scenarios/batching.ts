// The batching server (2025-03-26, the one revision with JSON-RPC batches): calling its tool
// makes it send two pings as one batch frame (one stdout line, or one SSE event on the call's
// stream), then answer the call once both are answered or have timed out. "Implementations
// MUST support receiving JSON-RPC batches": a client must answer each request of the array.
import type { ClientScenario, ScriptContext } from '../../../harness/client/scenario.js';
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import { only } from '../../../harness/revisions.js';

export const BATCHING = 'batching.batching-server';
export const BATCH_TOOL = 'batch';

/** What goes in the one frame: requests every client answers, whatever it declared. */
export const BATCHED_REQUESTS = [{ method: 'ping' }, { method: 'ping' }];

async function sendBatch(ctx: ScriptContext): Promise<HandlerAnswer> {
  const replies = await ctx.requestBatch(BATCHED_REQUESTS);
  const answered = replies.filter((r) => r.kind === 'result' || r.kind === 'error').length;
  return { result: { content: [{ type: 'text', text: `${answered} of ${replies.length} batched requests answered` }] } };
}

export const batchingScenario: ClientScenario = {
  id: BATCHING,
  title: 'A 2025-03-26 server that sends requests as one JSON-RPC batch during a tool call',
  revisions: only('2025-03-26'),
  transports: 'any',
  official: 'tools_call',
  server: {
    capabilities: { tools: {} },
    tools: [{ name: BATCH_TOOL, description: 'Sends the client two pings in one batch, then answers', inputSchema: { type: 'object', properties: {} }, run: (_args, ctx) => sendBatch(ctx) }],
  },
};
