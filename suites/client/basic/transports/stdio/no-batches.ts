// basic/transports#stdio (2026-07-28: basic/transports/stdio), client side: from 2025-06-18,
// when JSON-RPC batching was removed (changelog: "Remove support for JSON-RPC batching"), each
// line the client writes is one message. A JSON array is no MCP message of these revisions
// (their schemas have no batch type), and the client MUST NOT write anything else to stdin.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import { since } from '../../../../../harness/revisions.js';
import { BASIC } from '../../../scenarios/basic.js';
import { judgeNoBatches } from '../../../support/batches.js';

export const noBatchesStdioClientChecks = defineClientChecks({ page: 'basic/transports', revisions: since('2025-06-18'), transports: ['stdio'] }, [
  {
    id: 'stdio.no-batches',
    title: 'Each line the client writes holds one message, never a JSON-RPC batch (2025-06-18 on)',
    spec: [
      { url: '#stdio', level: 'MUST' },
      { from: '2026-07-28', url: 'basic/transports/stdio', level: 'MUST' },
    ],
    requirement:
      "Messages are individual JSON-RPC requests, notifications, or responses. The client MUST NOT write anything to the server's stdin that is not a valid MCP message. (2026-07-28: Each message is a single JSON-RPC request, notification, or response.)",
    fix: 'Write each message as its own line; do not group messages in a JSON array.',
    digest: ['BATCH-010', 'BATCH-011'],
    scenario: BASIC,
    faults: ['batch-sent'],
    async run(ctx) {
      return judgeNoBatches(ctx, 'one JSON-RPC message per line');
    },
  },
]);
