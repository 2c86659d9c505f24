// Responses and notifications (BASE-005, BASE-006, BASE-010), every era: ids come back as
// sent, each request is answered once, notifications never.
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { expectNoReply, expectNone, type Violation } from '../../../../harness/verify/index.js';
import { messages } from './refs.js';

export const responseChecks = defineChecks({ page: 'basic/messages', revisions: RANGE.all }, [
  // BASE-005: "Result responses MUST include the same ID as the request they correspond to."
  // Same value and same JSON type: "7001" is not 7001.
  {
    id: 'base.response-id-echoed',
    title: 'Responses repeat the request id with its exact value and JSON type',
    spec: messages('responses', 'MUST'),
    requirement: 'Result responses MUST include the same ID as the request they correspond to.',
    digest: ['BASE-005'],
    needs: ['own-session'],
    faults: ['id-coerced'],
    async run(ctx) {
      const session = await ctx.session();
      const ids: (string | number)[] = ['abc', '7001', 0, -7, 2147483648, 'ünïcode-✓'];
      const wrong: Violation[] = [];
      const silent: string[] = [];
      for (const id of ids) {
        const mark = session.mark();
        const reply = await session.request(session.rev.fence, {}, { id });
        if ((reply.kind === 'result' || reply.kind === 'error') && reply.misnamed) wrong.push({ text: `${JSON.stringify(id)} came back as ${JSON.stringify(reply.misnamed.got)}`, ...(reply.seq !== undefined ? { seq: reply.seq } : {}) });
        if (reply.kind === 'result' || reply.kind === 'error') continue;
        const stray = session.since(mark).find((m) => (m.message as { id?: unknown }).id !== undefined);
        // No response at all shows no id: whether it comes is the harness's timeout handling.
        if (stray === undefined) silent.push(`${JSON.stringify(id)}: ${describeReply(reply)}`);
        else wrong.push({ text: `${JSON.stringify(id)} came back as ${JSON.stringify((stray.message as { id?: unknown }).id)}`, ...(stray.seq !== undefined ? { seq: stray.seq } : {}) });
      }
      return expectNone(ctx, wrong, {
        expected: `each ${session.rev.fence} answered with its own id, same type`,
        judged: ids.length - silent.length,
        nothing: { code: 'no-answer', detail: `no response to judge: ${silent.join('; ')}` },
        ...(silent.length ? { note: `not answered: ${silent.join('; ')}` } : {}),
        show: ids.length,
      });
    },
  },

  // BASE-010: "The receiver MUST NOT send a response" (2025-03-26 on; 2024-11-05 describes
  // notifications as one-way without a keyword, hence SHOULD there).
  {
    id: 'base.no-response-to-notification',
    title: 'Notifications (an unknown one, and initialized) get no response',
    spec: [
      { url: 'basic/messages#notifications', level: 'SHOULD' },
      { from: '2025-03-26', url: 'basic#notifications', level: 'MUST' },
    ],
    requirement: 'The receiver MUST NOT send a response.',
    digest: ['BASE-010'],
    needs: ['own-session', 'raw-http'],
    faults: ['answers-notifications'],
    async run(ctx) {
      const session = await ctx.session();
      const mark = session.mark();
      // 2026-07-28 over HTTP: every POST carries MCP-Protocol-Version (notifications have no _meta to mirror it from).
      const opts = ctx.era === 'modern' && ctx.http ? { headers: { 'MCP-Protocol-Version': ctx.revision } } : {};
      await session.notify('notifications/x-conformance-probe', { note: 'please ignore' }, opts);
      // Legacy: a repeated initialized; 2026-07-28 has no such notification, so it is unknown there.
      await session.notify('notifications/initialized', undefined, opts);
      // The fence: whatever the server says about the notifications comes first.
      const fence = await session.fence();
      if (fence.kind !== 'result' && fence.kind !== 'error') return ctx.skip('no-answer', `cannot tell: the fence ${session.rev.fence} got ${describeReply(fence)}`);
      // Answers to our own requests (the fence, or a duplicate of it) are judged elsewhere.
      const replies = new Set<unknown>(session.strayResponses(mark));
      const got = session.since(mark).filter((m) => replies.has(m.message));
      return expectNoReply(ctx, got, { what: 'a notification (an unknown one, and notifications/initialized)' });
    },
  },

  // BASE-005/-006 observed passively: every request gets exactly one response, and no
  // response names an id that was never sent.
  {
    id: 'base.one-response-per-request',
    title: 'Every request gets exactly one response, and no response answers an id never sent',
    spec: messages('responses', 'MUST'),
    requirement: 'Result responses MUST include the same ID as the request they correspond to.',
    digest: ['BASE-005', 'BASE-006'],
    needs: ['passive'],
    faults: ['double-response-ping', 'id-coerced'],
    async run(ctx) {
      const bad = ctx.observations().filter((o) => o.kind === 'duplicate-response' || o.kind === 'unknown-response-id');
      // The first five are cited: a flood of strays needs no more frames.
      const violations = bad.map((o, i) => ({ text: o.detail, ...(i < 5 ? { seq: o.seq } : {}) }));
      return expectNone(ctx, violations, { expected: 'one response per request id, and none to an id never sent' });
    },
  },
]);
