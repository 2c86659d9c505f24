// basic/transports (Streamable HTTP; HTTP+SSE where a legacy server still offers it), from
// 2025-06-18, when JSON-RPC batching was removed: an HTTP body or SSE event carries one message.
// Judged passively over every frame of the revision (the tool sends no batch at these
// revisions). An array holding a response answers a single request, which is "one JSON object"
// (and JSON-RPC 2.0: "The Response is expressed as a single JSON Object"): a failure. An array of
// requests or notifications on an SSE stream breaks no sentence of its own, only the removal of
// batching (changelog, and a schema with no batch type): a warning.
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { Observation } from '../../../../../harness/observations.js';
import { since } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';

const holdsResponse = (o: Observation): boolean =>
  Array.isArray(o.message) && o.message.some((m) => typeof m === 'object' && m !== null && !('method' in m) && ('result' in m || 'error' in m));

export const httpBatchChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: since('2025-06-18'), transports: ['streamable-http', 'sse'], needs: ['passive'] }, [
  {
    id: 'http.no-batch-frames',
    title: 'No HTTP body or SSE event is a JSON array of messages (batching was removed in 2025-06-18)',
    spec: [
      { url: 'basic/transports#sending-messages-to-the-server', level: 'MUST' },
      { from: '2026-07-28', url: 'basic/transports/streamable-http#sending-messages', level: 'MUST' },
    ],
    // 2026-07-28: "If the body is a JSON-RPC request, the server MUST return either Content-Type: application/json (a single JSON object) or Content-Type: text/event-stream (an SSE response stream)."
    requirement: 'If the input is a JSON-RPC request, the server MUST either return Content-Type: text/event-stream, to initiate an SSE stream, or Content-Type: application/json, to return one JSON object.',
    digest: ['BATCH-010', 'BATCH-011'],
    faults: ['batch-answer-single-request'],
    async run(ctx) {
      const batches = ctx.observations().filter((o) => o.kind === 'batch-frame');
      const answers = batches.filter(holdsResponse);
      // Batched responses break "one JSON object"; batched requests or notifications only the removal of batching.
      const shown = answers.length > 0 ? answers : batches;
      return expectNone(ctx, shown.map((o) => ({ text: `${o.detail} ${ctx.brief(o.message, 160)}`, seq: o.seq })), {
        expected: answers.length > 0 ? 'one JSON-RPC message per HTTP body or SSE event (no JSON array holding responses)' : 'one JSON-RPC message per HTTP body or SSE event',
        ...(answers.length === 0 ? { doubt: 'requests or notifications batched on an SSE stream: batching was removed in 2025-06-18 (its schema has no batch type), but no sentence of the transport forbids it in words' } : {}),
      });
    },
  },
]);
