// basic/utilities/cancellation (basic/patterns/cancellation at 2026-07-28), of cancellations
// that name nothing in flight: of unknown or finished requests, malformed ones, and those that
// arrive after the answer. The server ignores them and goes on working.
import { randomUUID } from 'node:crypto';
import type { SpecRef } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectNoReply } from '../../../../../harness/verify/index.js';
import { expectAnswered, inTurn } from '../../../../../harness/verify/utilities.js';
import { answeredRequest, cancelAndFence } from './fence.js';

/** The same section on the page of each era. */
const page = (anchor: string, level: SpecRef['level']): SpecRef[] => [
  { url: `basic/utilities/cancellation#${anchor}`, level },
  { from: '2026-07-28', url: `basic/patterns/cancellation#${anchor}`, level },
];

export const ignoredCancellationChecks = defineChecks({ page: 'basic/utilities/cancellation', revisions: RANGE.all, needs: ['own-session'] }, [
  // "Invalid cancellation notifications SHOULD be ignored: Unknown request IDs, Already
  // completed requests, Malformed notifications" - no response, and the server goes on working.
  {
    id: 'cancellation.invalid-ignored',
    title: 'Cancellations of unknown or finished requests, and malformed ones, are ignored',
    spec: page('error-handling', 'SHOULD'),
    requirement: 'Invalid cancellation notifications SHOULD be ignored: Unknown request IDs, Already completed requests, Malformed notifications',
    digest: ['CANC-004'],
    faults: ['crash-on-unknown-cancel', 'crash-on-late-cancel'],
    long: true,
    async run(ctx) {
      const setUp = await answeredRequest(ctx, 'finished');
      if ('status' in setUp) return setUp;
      const { session, method, id: finished } = setUp;
      const { fence, replies } = await cancelAndFence(
        session,
        'unknown, finished and malformed cancellations',
        [
          { requestId: `never-sent-${randomUUID()}`, reason: 'mcp-conformance: unknown id' },
          { requestId: 987654321 },
          { requestId: finished, reason: 'mcp-conformance: already answered' },
        ],
        [{}, { requestId: { not: 'an id' } }],
      );
      return inTurn(
        ctx,
        `5 cancellations (unknown ids, a finished ${method}, malformed) ignored; the next ${session.rev.fence} was answered`,
        () => expectAnswered(ctx, fence, { expected: 'an answer (the cancellations are ignored, and the server goes on working)' }),
        () => expectNoReply(ctx, replies, { what: 'notifications/cancelled' }),
      );
    },
  },

  // "Due to network latency, cancellation notifications may arrive after request processing
  // has completed, and potentially after a response has already been sent. Both parties MUST
  // handle these race conditions gracefully." (A reply to it is cancellation.invalid-ignored's.)
  {
    id: 'cancellation.after-response-handled',
    title: 'A cancellation of a request already answered is handled gracefully',
    spec: page('timing-considerations', 'MUST'),
    requirement: 'Both parties MUST handle these race conditions gracefully',
    digest: ['CANC-004'],
    faults: ['crash-on-late-cancel'],
    long: true,
    async run(ctx) {
      // The answer is in: the cancellation that follows is late.
      const setUp = await answeredRequest(ctx, 'late');
      if ('status' in setUp) return setUp;
      const { session, method, id } = setUp;
      const { fence } = await cancelAndFence(session, `a late cancellation (of ${method}, already answered)`, [{ requestId: id, reason: 'mcp-conformance: late cancellation' }]);
      return expectAnswered(ctx, fence, { expected: 'an answer (the late cancellation is handled, and the server goes on working)', note: `cancelled ${method} after its response; the next ${session.rev.fence} was answered` });
    },
  },
]);
