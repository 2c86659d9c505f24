// JSON-RPC base: envelope, ids, error codes, notifications (BASE-*).
// Spec: basic/messages (2024-11-05), basic (2025-03-26 on); JSON-RPC 2.0 for the codes.
import type { Check, CheckContext, SpecRef, Verdict } from '../../harness/checks/check.js';
import type { Session } from '../../harness/sessions/session.js';
import { describeReply, type JsonRpcId } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';

/** The message rules moved from basic/messages to basic in 2025-03-26. */
const messages = (anchor: string, level: SpecRef['level']): SpecRef[] => [
  { url: `basic/messages#${anchor}`, level },
  { from: '2025-03-26', url: `basic#${anchor}`, level },
];

/** After sending something odd: does the server still answer the era's fence (ping, server/discover)? */
async function stillAlive(ctx: CheckContext, session: Session): Promise<Verdict | undefined> {
  const fence = await session.fence();
  if (fence.kind === 'result' || fence.kind === 'error') return undefined;
  return ctx.fail({ expected: `the server survives malformed input and answers the next ${session.rev.fence}`, actual: describeReply(fence) });
}

/** A well-formed request every server answers at this revision (its fence method), with this id. */
const probeMessage = (session: Session, id: JsonRpcId) => session.build(session.rev.fence, {}, { id });

// Malformed JSON-RPC envelopes: each row its own check. A result is a fail (the server
// processed an invalid request); an error (ideally -32600) or silence passes.
const invalidRequests: { id: string; what: string; spoil: (m: Record<string, unknown>) => void }[] = [
  { id: 'base.invalid-request-jsonrpc-version', what: '"jsonrpc": "1.0"', spoil: (m) => (m.jsonrpc = '1.0') },
  { id: 'base.invalid-request-missing-jsonrpc', what: 'no "jsonrpc" member', spoil: (m) => delete m.jsonrpc },
];

function invalidRequestCheck(row: (typeof invalidRequests)[number]): Check {
  return {
    id: row.id,
    title: `A request with ${row.what} is not processed as valid`,
    spec: messages('messages', 'MUST'),
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['lenient-jsonrpc-version'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const message = probeMessage(session, `invalid-${row.id}`);
      row.spoil(message);
      const answer = session.requestMessage(message);
      // The fence: an answer to the invalid request, if any, comes before its answer.
      const fence = await session.fence();
      const settle = new Promise<undefined>((r) => setTimeout(() => r(undefined), fence.kind === 'result' ? 200 : 0));
      const reply = await Promise.race([answer, settle]);
      if (reply?.kind === 'result') {
        return ctx.fail({ expected: 'an error (-32600 Invalid Request) or no answer', actual: `a result: ${ctx.brief(reply.result)}` });
      }
      return (await stillAlive(ctx, session)) ?? ctx.pass();
    },
  };
}

export const baseChecks: Check[] = [
  // JSON-RPC 2.0: invalid JSON gets -32700 Parse error, id null. MCP's own text is silent on
  // what to send, so a wrong code or silence is a warning; dying on it is a failure.
  {
    id: 'base.parse-error',
    title: 'Malformed JSON gets a -32700 parse error and the server keeps working',
    spec: messages('messages', 'MUST'),
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['parse-error-wrong-code', 'crash-on-parse-error'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const mark = session.mark();
      await session.sendRaw('{"jsonrpc":"2.0","id":"parse","method":"ping"');
      const dead = await stillAlive(ctx, session);
      if (dead) return dead;
      const reply = session.since(mark).map((m) => m.message as Record<string, unknown>).find((m) => !('method' in m) && (m.id === null || m.id === undefined));
      if (!reply) {
        return ctx.warn({ expected: 'an error response with code -32700 and id null', actual: 'no response', reason: 'JSON-RPC 2.0 prescribes -32700; MCP does not repeat it' });
      }
      const code = (reply.error as { code?: unknown } | undefined)?.code;
      if (code === -32700) return ctx.pass();
      return ctx.warn({ expected: 'error code -32700 (Parse error)', actual: 'error' in reply ? `error code ${ctx.brief(code)}` : `a result: ${ctx.brief(reply.result)}` });
    },
  },

  ...invalidRequests.map(invalidRequestCheck),

  // BASE-020: standard JSON-RPC codes keep their meaning: an unknown method is an error
  // (a result is a failure); -32601 is the code, another code is a warning.
  {
    id: 'base.unknown-method',
    title: 'An unknown method gets a JSON-RPC error (-32601 Method not found)',
    spec: messages('messages', 'MUST'),
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['unknown-method-result'],
    connection: 'shared',
    async run(ctx) {
      const reply = await ctx.request('x-conformance/unknown-method', {});
      if (reply.kind === 'error') {
        if (reply.error.code === -32601) return ctx.pass();
        return ctx.warn({ expected: 'error code -32601', actual: `error code ${ctx.brief(reply.error.code)}` });
      }
      return ctx.fail({ expected: 'a JSON-RPC error (-32601)', actual: reply.kind === 'result' ? `a result: ${ctx.brief(reply.result)}` : describeReply(reply) });
    },
  },

  // JSON-RPC -32602 Invalid params: a known method without its required parameter. Chosen
  // from what the server declares; nothing is executed (the name is missing).
  {
    id: 'base.invalid-params',
    title: 'A known method without its required parameter gets a JSON-RPC error (-32602 Invalid params)',
    spec: messages('messages', 'MUST'),
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['invalid-params-result'],
    connection: 'shared',
    async run(ctx) {
      const caps = ctx.facts.serverCapabilities;
      const probe = caps.tools
        ? { method: 'tools/call', params: { arguments: {} }, missing: 'name' }
        : caps.prompts
          ? { method: 'prompts/get', params: {}, missing: 'name' }
          : caps.resources
            ? { method: 'resources/read', params: {}, missing: 'uri' }
            : undefined;
      if (!probe) return ctx.skip('not-declared: no tools, prompts or resources capability offers a method with required params');
      const reply = await ctx.request(probe.method, probe.params);
      const what = `${probe.method} without \`${probe.missing}\``;
      if (reply.kind === 'error') {
        if (reply.error.code === -32602) return ctx.pass();
        return ctx.warn({ expected: `${what}: error code -32602`, actual: `error code ${ctx.brief(reply.error.code)}` });
      }
      return ctx.fail({ expected: `${what}: a JSON-RPC error (-32602)`, actual: reply.kind === 'result' ? `a result: ${ctx.brief(reply.result)}` : describeReply(reply) });
    },
  },

  // BASE-005: "Responses MUST include the same ID as the request they correspond to."
  // Same value and same JSON type: "7001" is not 7001.
  {
    id: 'base.response-id-echoed',
    title: 'Responses repeat the request id with its exact value and JSON type',
    spec: messages('responses', 'MUST'),
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['id-coerced'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const ids: (string | number)[] = ['abc', '7001', 0, -7, 2147483648, 'ünïcode-✓'];
      const wrong: string[] = [];
      for (const id of ids) {
        const mark = session.mark();
        const reply = await session.requestMessage(probeMessage(session, id));
        if (reply.kind === 'result' || reply.kind === 'error') continue;
        const stray = session.since(mark).map((m) => (m.message as { id?: unknown }).id).find((x) => x !== undefined);
        wrong.push(stray === undefined ? `${JSON.stringify(id)}: ${describeReply(reply)}` : `${JSON.stringify(id)} came back as ${JSON.stringify(stray)}`);
      }
      if (wrong.length === 0) return ctx.pass();
      return ctx.fail({ expected: `each ${session.rev.fence} answered with its own id, same type`, actual: wrong.join('; ') });
    },
  },

  // BASE-010: "Notifications MUST NOT be replied to" (2025-03-26 on; 2024-11-05 describes
  // notifications as one-way without a keyword, hence SHOULD there).
  {
    id: 'base.no-response-to-notification',
    title: 'Notifications (unknown ones and a repeated initialized) get no response',
    spec: [
      { url: 'basic/messages#notifications', level: 'SHOULD' },
      { from: '2025-03-26', url: 'basic#notifications', level: 'MUST' },
    ],
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['answers-notifications'],
    connection: 'own',
    async run(ctx) {
      const session = await ctx.session();
      const mark = session.mark();
      await session.notify('notifications/x-conformance-probe', { note: 'please ignore' });
      await session.notify('notifications/initialized', undefined);
      // The fence: whatever the server says about the notifications comes first.
      const fence = await session.fence();
      if (fence.kind !== 'result' && fence.kind !== 'error') return ctx.skip(`cannot tell: the fence ${session.rev.fence} got ${describeReply(fence)}`);
      // Answers to our own requests (the fence, or a duplicate of it) are judged elsewhere.
      const replies = session.strayResponses(mark);
      if (replies.length === 0) return ctx.pass();
      return ctx.fail({ expected: 'no response to a notification', actual: `got ${ctx.brief(replies[0])}` });
    },
  },

  // BASE-005/-006 observed passively: every request gets exactly one response, and no
  // response names an id that was never sent.
  {
    id: 'base.one-response-per-request',
    title: 'Every request gets exactly one response, and no response answers an id never sent',
    spec: messages('responses', 'MUST'),
    side: 'server',
    revisions: RANGE.legacy,
    transports: 'any',
    faults: ['double-response-ping', 'id-coerced'],
    connection: 'passive',
    async run(ctx) {
      const bad = ctx.observations().filter((o) => o.kind === 'duplicate-response' || o.kind === 'unknown-response-id');
      if (bad.length === 0) return ctx.pass();
      ctx.cite(...bad.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'one response per request id', actual: `${bad.length} stray response(s); first: ${bad[0]?.detail}` });
    },
  },
];
