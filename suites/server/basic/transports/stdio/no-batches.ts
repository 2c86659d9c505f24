// basic/transports (stdio), from 2025-06-18, when JSON-RPC batching was removed: every stdout
// line holds one message, never a JSON array of them. Judged passively over every line of the
// revision (the tool sends no batch at these revisions, so any array is the server's own idea).
import { defineChecks } from '../../../../../harness/checks/define.js';
import { since } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';

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
      // Every stdout line of the revision is judged (the observer sees them all).
      return expectNone(ctx, batches.map((o) => ({ text: `a line holding a JSON array: ${o.detail}`, seq: o.seq })), { expected: 'one JSON-RPC message per stdout line' });
    },
  },
]);
