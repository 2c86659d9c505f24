// JSON-RPC envelopes the server must cope with: malformed JSON, invalid requests, unknown
// methods, invalid params (BASE-001, BASE-020). Every era: the rules are JSON-RPC 2.0's, which
// all MCP messages "MUST follow". Whether the server errs is a MUST; which JSON-RPC code it
// uses is judged apart, as a SHOULD (MCP does not restate JSON-RPC's table).
import { setTimeout as sleep } from 'node:timers/promises';
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import { defineChecks, type ServerEntry } from '../../../../harness/checks/define.js';
import { describeReply, type Reply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import type { Session } from '../../../../harness/sessions/session.js';
import { sendAsBuilt, sendMalformed } from '../../../../harness/target/as-built.js';
import { exchange, expectAnyError, expectError, expectNone } from '../../../../harness/verify/index.js';
import { expectAnswer, expectRefusal } from '../../../../harness/verify/messages.js';
import { MESSAGES_MUST, messages } from './refs.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import { codeLabel, ErrorCode } from '../../../../harness/rules/error-codes.js';

const MALFORMED = '{"jsonrpc":"2.0","id":"parse","method":"ping"';

/** After sending something odd: the server still answers the era's fence (ping, server/discover). */
function stillAlive(ctx: CheckContext, session: Session, fence: Reply): Verdict {
  return expectAnswer(ctx, exchange(`the next ${session.rev.fence}`, fence), { expected: `the server survives malformed input and answers the next ${session.rev.fence}` });
}

/** A code's check skips when no error came to judge: silence is no-answer, a result or a refusal shows no code. */
function noErrorToJudge(ctx: CheckContext, reply: Reply, see: string): Verdict {
  const detail = `no error to judge (see ${see}): ${describeReply(reply)}`;
  return ctx.skip(unanswered(reply) ? 'no-answer' : 'nothing-observed', detail);
}

// Malformed JSON-RPC envelopes: each row its own check. A result is a fail (the server
// processed an invalid request); an error (ideally InvalidRequest) or silence passes.
const invalidRequests: { id: string; what: string; spoil: (m: Record<string, unknown>) => void }[] = [
  { id: 'base.invalid-request-jsonrpc-version', what: '"jsonrpc": "1.0"', spoil: (m) => (m.jsonrpc = '1.0') },
  { id: 'base.invalid-request-missing-jsonrpc', what: 'no "jsonrpc" member', spoil: (m) => delete m.jsonrpc },
];

function invalidRequestEntry(row: (typeof invalidRequests)[number]): ServerEntry {
  return {
    id: row.id,
    title: `A request with ${row.what} is not processed as valid`,
    spec: messages('messages', 'MUST'),
    requirement: MESSAGES_MUST,
    digest: ['BASE-001'],
    needs: ['own-session', 'raw-http'],
    faults: ['lenient-jsonrpc-version'],
    async run(ctx) {
      const session = await ctx.session();
      const message = session.build(session.rev.fence, {}, { id: `invalid-${row.id}` });
      row.spoil(message);
      const answer = sendAsBuilt(ctx, session, message);
      // The fence: an answer to the invalid request, if any, comes before its answer. The
      // invalid request is the fence's own method, so a server that took it for valid does the
      // same work for it: on one ordered stream (stdio, HTTP+SSE) a second fence gives a slow
      // one as long again. Over Streamable HTTP its own POST answers it, maybe after the
      // fences' POSTs: a moment more there.
      let answered = false;
      void answer.then(() => (answered = true));
      const fence = await session.fence();
      const ordered = ctx.transport !== 'streamable-http';
      // No second fence once the answer is in: it would only add a frame to the excerpt.
      const wait = fence.kind !== 'result' ? 0 : answered ? 0 : ordered ? undefined : 200;
      const settle = wait === undefined ? session.fence() : sleep(wait);
      const reply = await Promise.race([answer, settle.then(() => undefined)]);
      // Processed as valid is the one break: an error, or nothing before the fences, keeps the rule.
      const processed = reply?.kind === 'result' ? [{ text: `a result: ${ctx.brief(reply.result)}`, ...(reply.seq !== undefined ? { seq: reply.seq } : {}) }] : [];
      const notProcessed = expectNone(ctx, processed, { expected: `a request with ${row.what}: an error (${codeLabel(ErrorCode.InvalidRequest)}) or no answer`, judged: 1 });
      if (notProcessed.status !== 'pass') return notProcessed;
      return stillAlive(ctx, session, fence);
    },
  };
}

/** A known method with params of the wrong type (nothing runs: the name is one no server has). */
interface InvalidParamsProbe {
  method: string;
  params: Record<string, unknown>;
  what: string;
}

function invalidParamsProbe(caps: Record<string, unknown>): InvalidParamsProbe | undefined {
  if (caps.tools) return { method: 'tools/call', params: { name: 'mcp-conformance-no-such-tool', arguments: 'not-an-object' }, what: 'tools/call with `arguments` a string' };
  if (caps.prompts) return { method: 'prompts/get', params: { name: 'mcp-conformance-no-such-prompt', arguments: 'not-an-object' }, what: 'prompts/get with `arguments` a string' };
  return undefined;
}

/** The probe goes out unchecked: breaking its method's schema is the point. */
async function sendInvalidParams(ctx: CheckContext, probe: InvalidParamsProbe): Promise<Reply> {
  return (await ctx.shared()).request(probe.method, probe.params, { malformed: `${probe.what}, to see invalid params refused` });
}

const NO_PROBE = 'neither tools nor prompts are declared, so no method with object params can be spoiled safely';

export const envelopeChecks = defineChecks({ page: 'basic/messages', revisions: RANGE.all }, [
  // basic#messages: "All messages between MCP clients and servers MUST follow the JSON-RPC 2.0
  // specification." A line of malformed JSON is not a message; the server must outlive it.
  {
    id: 'base.parse-error-survived',
    title: 'Malformed JSON does not stop the server: it answers the next request',
    spec: messages('messages', 'MUST'),
    requirement: MESSAGES_MUST,
    digest: ['BASE-001'],
    needs: ['own-session', 'raw-http'],
    fix: 'Catch JSON parse failures per message and answer them with {code:ParseError} instead of exiting',
    faults: ['crash-on-parse-error'],
    async run(ctx) {
      const session = await ctx.session();
      const { fence } = await sendMalformed(ctx, session, MALFORMED, session.rev.fence);
      return stillAlive(ctx, session, fence);
    },
  },

  // JSON-RPC 2.0: invalid JSON gets ParseError, id null. MCP lists ParseError among the codes
  // it uses but does not restate when: a wrong code or silence is a SHOULD. Only a response to
  // the malformed line is its answer (sendMalformed: an id-less error between it and the
  // fence's answer), never a reply to something sent before it.
  {
    id: 'base.parse-error-code',
    title: 'Malformed JSON gets a {code:ParseError} Parse error response',
    spec: messages('messages', 'SHOULD'),
    requirement: 'JSON-RPC 2.0: {code:ParseError} Parse error: Invalid JSON was received by the server.',
    digest: ['BASE-020'],
    needs: ['own-session', 'raw-http'],
    faults: ['parse-error-wrong-code'],
    async run(ctx) {
      const session = await ctx.session();
      const outcome = await sendMalformed(ctx, session, MALFORMED, session.rev.fence);
      const { fence } = outcome;
      if (fence.kind !== 'result' && fence.kind !== 'error') return ctx.skip('no-answer', `the server did not answer the ${session.rev.fence} after malformed JSON (see base.parse-error-survived): ${describeReply(fence)}`);
      return expectRefusal(ctx, outcome, ['ParseError'], { what: 'malformed JSON', transport: ctx.transport, fence: session.rev.fence });
    },
  },

  ...invalidRequests.map(invalidRequestEntry),

  // BASE-020: an unknown method is an error, never a result.
  {
    id: 'base.unknown-method',
    title: 'An unknown method gets a JSON-RPC error, not a result',
    spec: messages('messages', 'MUST'),
    requirement: MESSAGES_MUST,
    digest: ['BASE-020'],
    needs: ['shared-session'],
    faults: ['unknown-method-result'],
    async run(ctx) {
      const reply = await ctx.request('x-conformance/unknown-method', {});
      return expectAnyError(ctx, exchange('an unknown method', reply));
    },
  },

  // JSON-RPC 2.0: MethodNotFound (MCP: "the standard JSON-RPC 2.0 error codes").
  {
    id: 'base.unknown-method-code',
    title: 'The error for an unknown method is {code:MethodNotFound} (Method not found)',
    spec: messages('messages', 'SHOULD'),
    requirement: 'JSON-RPC 2.0: {code:MethodNotFound} Method not found: The method does not exist / is not available.',
    digest: ['BASE-020'],
    needs: ['shared-session'],
    faults: ['unknown-method-wrong-code'],
    async run(ctx) {
      const reply = await ctx.request('x-conformance/unknown-method', {});
      if (reply.kind !== 'error') return noErrorToJudge(ctx, reply, 'base.unknown-method');
      return expectError(ctx, exchange('an unknown method', reply), ['MethodNotFound']);
    },
  },

  // JSON-RPC InvalidParams: a known method whose params break its schema. The name is one no
  // server has, so nothing runs whatever the server makes of it. JSON-RPC names the code for a
  // server that detects invalid params but does not oblige it to validate, and MCP says
  // malformed calls are protocol errors without a keyword (2025-11-25 tools#error-handling): a
  // result is a warning.
  {
    id: 'base.invalid-params',
    title: 'A known method with invalid params gets a JSON-RPC error, not a result',
    spec: messages('messages', 'SHOULD'),
    requirement: `${MESSAGES_MUST} (JSON-RPC 2.0: {code:InvalidParams} Invalid params: Invalid method parameter(s).)`,
    digest: ['BASE-020'],
    needs: ['shared-session'],
    faults: ['invalid-params-result'],
    async run(ctx) {
      const probe = invalidParamsProbe(ctx.facts.serverCapabilities);
      if (!probe) return ctx.skip('not-declared', NO_PROBE);
      const reply = await sendInvalidParams(ctx, probe);
      return expectAnyError(ctx, exchange(probe.what, reply), { doubt: 'JSON-RPC gives the code for invalid params it detects but obliges no server to validate: a warning' });
    },
  },

  // JSON-RPC 2.0: InvalidParams.
  {
    id: 'base.invalid-params-code',
    title: 'The error for invalid params is {code:InvalidParams} (Invalid params)',
    spec: messages('messages', 'SHOULD'),
    requirement: 'JSON-RPC 2.0: {code:InvalidParams} Invalid params: Invalid method parameter(s).',
    digest: ['BASE-020'],
    needs: ['shared-session'],
    faults: ['invalid-params-wrong-code'],
    async run(ctx) {
      const probe = invalidParamsProbe(ctx.facts.serverCapabilities);
      if (!probe) return ctx.skip('not-declared', NO_PROBE);
      const reply = await sendInvalidParams(ctx, probe);
      if (reply.kind !== 'error') return noErrorToJudge(ctx, reply, 'base.invalid-params');
      return expectError(ctx, exchange(probe.what, reply), ['InvalidParams']);
    },
  },
]);
