// basic/transports (stdio), from 2025-06-18, when JSON-RPC batching was removed: every stdout
// line holds one message, never a JSON array of them. Judged passively over every line of the
// revision (the tool sends no batch at these revisions, so any array is the server's own idea).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { since } from '../../../../../harness/revisions.js';

export const stdioBatchChecks = defineChecks({ page: 'basic/transports/stdio', revisions: since('2025-06-18'), transports: ['stdio'], needs: ['passive'] }, [
  {
    id: 'stdio.no-batch-lines',
    title: 'No stdout line is a JSON array of messages (batching was removed in 2025-06-18)',
    spec: [
      { url: 'basic/transports#stdio', level: 'MUST' },
      { from: '2026-07-28', url: 'basic/transports/stdio', level: 'MUST' },
    ],
    // 2026-07-28 words the first sentence "Each message is a single JSON-RPC request, notification, or response."
    requirement: 'Messages are individual JSON-RPC requests, notifications, or responses. ... The server MUST NOT write anything to its stdout that is not a valid MCP message.',
    digest: ['BATCH-010', 'BATCH-011'],
    faults: ['batch-answer-single-request'],
    async run(ctx) {
      const batches = ctx.observations().filter((o) => o.kind === 'batch-frame');
      if (batches.length === 0) return ctx.pass();
      ctx.cite(...batches.slice(0, 5).map((o) => o.seq));
      return ctx.fail({
        expected: 'one JSON-RPC message per stdout line',
        actual: `${batches.length} line(s) holding a JSON array; first: ${batches[0]?.detail}`,
      });
    },
  },
]);
