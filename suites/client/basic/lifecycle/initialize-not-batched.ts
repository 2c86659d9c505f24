// basic/lifecycle#initialization, client side, 2025-03-26 (the one revision with JSON-RPC
// batches): initialize is never part of a batch. From 2025-06-18 no batch is allowed at all
// (stdio.no-batches, http.no-batches judge that); 2024-11-05 says nothing of batches.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { only } from '../../../../harness/revisions.js';
import { BASIC } from '../../scenarios/basic.js';
import { batchFrames, describeBatch } from '../../support/batches.js';

export const initializeNotBatchedClientChecks = defineClientChecks({ page: 'basic/lifecycle', revisions: only('2025-03-26') }, [
  {
    id: 'lifecycle.initialize-not-batched',
    title: 'initialize is never sent inside a JSON-RPC batch',
    spec: { url: '#initialization', level: 'MUST' },
    requirement:
      'The initialize request MUST NOT be part of a JSON-RPC batch, as other requests and notifications are not possible until initialization has completed. This also permits backwards compatibility with prior protocol versions that do not explicitly support JSON-RPC batches.',
    fix: 'Send initialize as a single JSON object, never inside a JSON array.',
    digest: ['LIFE-007', 'BATCH-005'],
    scenario: BASIC,
    faults: ['initialize-batched'],
    async run(ctx) {
      const batched = batchFrames(ctx.recording).find((b) => b.messages.some((m) => m.method === 'initialize' && 'id' in m));
      if (batched) return expectNone(ctx, [{ text: `initialize inside the batch ${describeBatch(batched)}`, seq: batched.seq }], { expected: 'initialize as a message of its own' });
      const inits = ctx.recording.requests('initialize');
      if (inits.length === 0) return ctx.skip('nothing-observed', 'the client sent no initialize');
      return ctx.pass(`${inits.length} initialize request(s), none in a batch`);
    },
  },
]);
