// basic#batching (2025-03-26), the client as a receiver: "MCP implementations MAY support
// sending JSON-RPC batches, but MUST support receiving JSON-RPC batches." The batching server
// sends two pings as one frame; each must be answered (a ping "MUST respond promptly"), by id:
// JSON-RPC lets the answers come in any order, one array or several frames.
import type { ClientMessage, Json } from '../../../../harness/client/recording.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { only } from '../../../../harness/revisions.js';
import { BATCHING } from '../../scenarios/batching.js';
import { clientAnswers, endedByTool, isObject } from '../../support/wire.js';

/** Each request of every array frame we sent, as a message of its own on that frame's connection. */
function batchedRequests(frames: ClientMessage[]): ClientMessage[] {
  return frames.flatMap((f) => {
    const members = (Array.isArray(f.message) ? f.message : []) as unknown[];
    return members.filter((m): m is Json => isObject(m) && typeof m.method === 'string' && 'id' in m).map((message) => ({ ...f, message }));
  });
}

export const serverBatchClientChecks = defineClientChecks({ page: 'basic', revisions: only('2025-03-26') }, [
  {
    id: 'batching.server-batch-answered',
    title: 'Each request of a batch the server sends is answered, matched by its id',
    spec: { url: '#batching', level: 'MUST' },
    requirement: 'MCP implementations MAY support sending JSON-RPC batches, but MUST support receiving JSON-RPC batches.',
    digest: ['BATCH-001'],
    scenario: BATCHING,
    faults: ['server-batch-ignored'],
    async run(ctx) {
      const frames = ctx.recording.toClient().filter((m) => Array.isArray(m.message));
      const requests = batchedRequests(frames);
      if (requests.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool during which the server sends its batch');
      ctx.cite(...frames.map((f) => f.seq));
      const unanswered = requests.filter((r) => clientAnswers(ctx.recording, r).length === 0);
      if (unanswered.length > 0 && endedByTool(ctx.recording)) return ctx.skip('inconclusive', 'the tool ended the client before it answered the batch');
      return expectNone(ctx, unanswered.map((r) => ({ text: `${String(r.message.method)} id ${JSON.stringify(r.message.id)} unanswered`, seq: r.seq })), {
        expected: `an answer to each request of the batch (${requests.map((r) => `${String(r.message.method)} id ${JSON.stringify(r.message.id)}`).join(', ')})`,
        judged: requests.length,
        note: `${requests.length} batched request(s), each answered by id`,
        show: requests.length,
      });
    },
  },
]);
