// Sampling, client side (SAMP-*): answered only when declared, tool use only with
// sampling.tools, a valid CreateMessageResult, and a malformed request refused. Legacy: the
// server's sampling/createMessage requests; 2026-07-28: a sampling input request.
// Spec: client/sampling.
import { defineClientChecks } from '../../../harness/checks/define.js';
import { loadRevisionSchema } from '../../../harness/schema.js';
import { RANGE, only } from '../../../harness/revisions.js';
import { ASKS } from '../scenarios/asks.js';
import { asksOf, capability, givenSeq, givenUndeclared, type Ask } from '../support/asks.js';
import { errorCode, isObject } from '../support/wire.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';
import { expectError, expectNone, givenExchange } from '../../../harness/verify/index.js';

const hasToolResult = (a: Ask) => Array.isArray(a.params.messages) && a.params.messages.some((m) => isObject(m) && Array.isArray(m.content) && m.content.some((c) => isObject(c) && c.type === 'tool_result'));
const withTools = (a: Ask) => a.params.tools !== undefined;
/** A sampling answer that uses tools: stopReason toolUse, or tool_use content. */
function usesTools(value: unknown): boolean {
  if (!isObject(value)) return false;
  const content = Array.isArray(value.content) ? value.content : [value.content];
  return value.stopReason === 'toolUse' || content.some((c) => isObject(c) && c.type === 'tool_use');
}

export const samplingClientChecks = defineClientChecks({ page: 'client/sampling' }, [
  // SAMP-001: "Clients that support sampling MUST declare the sampling capability during
  // initialization" (2026-07-28: on each request). This server asks for samples whatever the
  // client declared (2026-07-28: the ask-regardless tool's sampling input request).
  {
    id: 'sampling.answered-only-when-declared',
    title: 'The client samples only if it declared the sampling capability',
    spec: { url: '#capabilities', level: 'MUST' },
    requirement: 'Clients that support sampling MUST declare the sampling capability during initialization',
    digest: ['SAMP-001'],
    scenario: ASKS,
    revisions: RANGE.all,
    faults: ['sampling-answered-undeclared'],
    async run(ctx) {
      const asks = asksOf(ctx.recording, ctx.era === 'modern', 'sampling/createMessage');
      if (asks.length === 0) return ctx.skip('nothing-observed', 'the client never called the tool during which the server asks for samples');
      const { unknown, given } = givenUndeclared(asks, 'sampling');
      if (unknown) return ctx.skip('capabilities-unknown', 'the client declared no capabilities object (see lifecycle.initialize-params)');
      ctx.cite(...given.map((a) => a.sent.seq));
      return expectNone(ctx, given.map((a) => ({ text: `a sample: ${ctx.brief(a.outcome.kind === 'result' ? a.outcome.value : undefined)}`, seq: givenSeq(a) })), {
        expected: ctx.era === 'modern' ? 'no sample in inputResponses of a request that did not declare sampling' : 'sampling/createMessage refused (sampling was not declared)',
        judged: asks.length,
        note: `${asks.length} sampling request(s), samples given only where declared`,
      });
    },
  },

  // "Clients MUST declare support for tool use via the sampling.tools capability to receive
  // tool-enabled sampling requests." This server sends one whatever the client declared.
  {
    id: 'sampling.tools-only-when-declared',
    title: 'The client uses tools in sampling only if it declared sampling.tools',
    spec: { url: '#tools-in-sampling', level: 'MUST' },
    requirement: 'Clients MUST declare support for tool use via the sampling.tools capability to receive tool-enabled sampling requests.',
    digest: ['SAMP-001'],
    scenario: ASKS,
    revisions: only('2025-11-25'),
    faults: ['sampling-tools-answered-undeclared'],
    async run(ctx) {
      const a = asksOf(ctx.recording, false, 'sampling/createMessage').find(withTools);
      if (!a) return ctx.skip('nothing-observed', 'the client never called the tool during which the server asks for a sample with tools');
      if (capability(capability(a.declared, 'sampling'), 'tools')) return ctx.pass('sampling.tools was declared');
      if (a.outcome.kind !== 'result') return ctx.pass('the tool-enabled request was refused');
      ctx.cite(a.sent.seq);
      return expectNone(ctx, [{ text: `answered with ${ctx.brief(a.outcome.value)}`, seq: a.outcome.seq }], {
        expected: 'a tool-enabled sampling request refused (sampling.tools was not declared)',
        ...(usesTools(a.outcome.value) ? {} : { doubt: 'the client took a tool-enabled request without declaring sampling.tools, though its answer uses no tool' }),
      });
    },
  },

  // SAMP-003: the answer is a CreateMessageResult (role, content, model; the schema is "the
  // source of truth for all protocol messages and structures").
  {
    id: 'sampling.result-valid',
    title: 'A sample the client gives is a valid CreateMessageResult (role, content, model)',
    spec: { url: '#creating-messages', level: 'MUST' },
    requirement: 'The client answers sampling/createMessage with a CreateMessageResult: role, content and model (the schema is the source of truth for all protocol messages and structures).',
    digest: ['SAMP-003'],
    scenario: ASKS,
    revisions: RANGE.all,
    faults: ['sampling-result-invalid'],
    async run(ctx) {
      const given = asksOf(ctx.recording, ctx.era === 'modern', 'sampling/createMessage').filter((a) => a.outcome.kind === 'result');
      if (given.length === 0) return ctx.skip('nothing-observed', 'the client gave no sample (it was not asked, or refused)');
      const schema = await loadRevisionSchema(ctx.revision);
      const violations = given.flatMap((a) => {
        if (a.outcome.kind !== 'result') return [];
        const check = schema.validate('CreateMessageResult', a.outcome.value);
        return check.ok ? [] : [{ text: `${ctx.brief(a.outcome.value)}: ${check.error}`, seq: a.outcome.seq }];
      });
      return expectNone(ctx, violations, { expected: 'a valid CreateMessageResult', judged: given.length, note: `${given.length} sample(s), each a valid CreateMessageResult` });
    },
  },

  // SAMP-006: "Clients SHOULD return errors for common failure cases: ... Tool results mixed with
  // other content: [InvalidParams] (Invalid params)". This server sends a user message mixing both.
  {
    id: 'sampling.malformed-refused',
    title: 'A sampling request mixing tool_result with other content gets error {code:InvalidParams}',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Clients SHOULD return errors for common failure cases: ... Tool results mixed with other content: {code:InvalidParams} (Invalid params)',
    digest: ['SAMP-006'],
    scenario: ASKS,
    revisions: only('2025-11-25'),
    faults: ['sampling-malformed-accepted'],
    async run(ctx) {
      const a = asksOf(ctx.recording, false, 'sampling/createMessage').find(hasToolResult);
      if (!a) return ctx.skip('nothing-observed', 'the client never called the tool during which the server sends a malformed sampling request');
      if (a.outcome.kind === 'none') return ctx.skip('no-answer', 'the client did not answer the malformed sampling request');
      ctx.cite(a.sent.seq);
      const code = a.outcome.kind === 'error' ? errorCode(a.outcome.value) : undefined;
      if (code === 'malformed') return ctx.skip('not-applicable', 'the error is malformed (see base.responses-well-formed)');
      if (a.outcome.kind === 'error' && code !== ErrorCode.InvalidParams && !capability(a.declared, 'sampling')) return ctx.pass('sampling was not declared: any error will do');
      return expectError(ctx, givenExchange('a sampling request whose user message mixes tool_result with text', a.outcome), ['InvalidParams']);
    },
  },
]);
