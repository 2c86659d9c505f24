// basic/transports#sending-messages-to-the-server (2026-07-28:
// basic/transports/streamable-http#sending-messages), client side: from 2025-06-18, when
// JSON-RPC batching was removed, a POST body is one message, never a JSON array.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import { since } from '../../../../../harness/revisions.js';
import { BASIC } from '../../../scenarios/basic.js';
import { judgeNoBatches } from '../../../support/batches.js';

export const noBatchesHttpClientChecks = defineClientChecks({ page: 'basic/transports', revisions: since('2025-06-18'), transports: ['streamable-http'] }, [
  {
    id: 'http.no-batches',
    title: 'Every POST body is one message, never a JSON-RPC batch (2025-06-18 on)',
    spec: [
      { url: '#sending-messages-to-the-server', level: 'MUST' },
      { from: '2026-07-28', url: 'basic/transports/streamable-http#sending-messages', level: 'MUST' },
    ],
    requirement:
      'The body of the POST request MUST be a single JSON-RPC request, notification, or response. (2026-07-28: The body of the HTTP POST MUST be a single JSON-RPC request or notification.)',
    fix: 'POST each message on its own; do not group messages in a JSON array.',
    digest: ['BATCH-010', 'BATCH-011'],
    scenario: BASIC,
    faults: ['batch-sent'],
    async run(ctx) {
      return judgeNoBatches(ctx, 'one JSON-RPC message per POST body');
    },
  },
]);
