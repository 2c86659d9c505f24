// basic/patterns/mrtr#error-handling (2026-07-28), and client/elicitation#error-handling: retries
// that leave answers out, add some, give malformed ones, or decline, are handled as the spec says.
import { DECIDED_BY_TIMEOUT, unanswered } from '../../../../../harness/rules/no-answer.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { ErrorCode } from '../../../../../harness/rules/error-codes.js';
import type { Json } from '../../../../../harness/rules/json.js';
import { answerable, answersFor, inputRequestsOf, isInputRequired, resultOf, retry } from '../../../../../harness/target/mrtr-plan.js';
import { exchange, expectAnyError, expectNone, expectResult, replyLine } from '../../../../../harness/verify/index.js';
import { freshRound, withRequests, withRequestsToAnswer } from './fresh-round.js';

export const mrtrErrorHandlingChecks = defineChecks({ page: 'basic/patterns/mrtr', revisions: RANGE.modern, needs: ['own-session'] }, [
  // "If the client fails to send all the information requested in a previous InputRequests,
  // ... the server SHOULD respond with a new InputRequiredResult requesting the missing
  // information again, rather than returning an error." Two ways to fail to send it: no
  // inputResponses at all, and an inputResponses object that lacks the requested keys (a
  // server that only looks for the member, not for each answer, completes without them).
  {
    id: 'input-required.missing-answers-asked-again',
    title: 'A retry without the requested answers gets a new InputRequiredResult, not an error',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'the server SHOULD respond with a new InputRequiredResult requesting the missing information again, rather than returning an error.',
    digest: ['MRTR-007'],
    faults: ['modern-missing-answers-error', 'modern-missing-answer-completed'],
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withRequests, 'carried input requests');
      if (typeof round === 'string') return ctx.skip('not-offered', round);
      const state = round.state !== undefined ? { requestState: round.state } : {};
      const asked = Object.keys(inputRequestsOf(round.first));
      const without = await retry(round.session, round.target, state);
      const askedAgain = (result: unknown): string | undefined => (isInputRequired(result) ? undefined : `a result that asks for nothing: ${ctx.brief(result, 160)}`);
      // A retry that names none of the requested keys: the first way must hold before the second is asked.
      if (without.kind !== 'result' || askedAgain(without.result) !== undefined) {
        return expectResult(ctx, exchange(`${round.target.label} retried without inputResponses`, without), { expected: 'a new InputRequiredResult', problem: askedAgain });
      }
      const empty = await retry(round.session, round.target, { ...state, inputResponses: {} });
      return expectResult(ctx, exchange(`${round.target.label} retried with inputResponses {} (none of ${asked.map((k) => `"${k}"`).join(', ')} answered)`, empty), {
        expected: 'a new InputRequiredResult',
        problem: askedAgain,
        note: `${round.target.label} retried without its answers (no inputResponses, and an empty one): asked again both times`,
      });
    },
  },

  // "If additional, unexpected parameters are provided in the InputResponses object, the server
  // SHOULD ignore any information it does not recognize or need."
  {
    id: 'input-required.unknown-answers-ignored',
    title: 'An inputResponses entry the server did not ask for is ignored',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'If additional, unexpected parameters are provided in the InputResponses object, the server SHOULD ignore any information it does not recognize or need.',
    digest: ['MRTR-007'],
    faults: ['modern-extra-input-response-rejected'],
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withRequestsToAnswer, 'carried input requests a client can answer');
      if (typeof round === 'string') return ctx.skip('not-offered', round);
      const answers = answersFor(round.first, ctx.rev.dialect);
      const state = round.state !== undefined ? { requestState: round.state } : {};
      const extra = await retry(round.session, round.target, { ...state, inputResponses: { ...answers, mcp_conformance_extra: { action: 'decline' } } });
      const plain = await retry(round.session, round.target, { ...state, inputResponses: answers });
      if (plain.kind !== 'result') return ctx.skip(unanswered(plain) ? 'no-answer' : 'cannot-set-up', `cannot judge: ${round.target.label} failed even with only the requested answers (${replyLine(ctx, plain)})`);
      return expectResult(ctx, exchange(`${round.target.label} with the extra inputResponses key "mcp_conformance_extra"`, extra), {
        expected: 'answered as without it (a result)',
        note: `${round.target.label}: the extra answer "mcp_conformance_extra" made no difference`,
      });
    },
  },

  // "Servers SHOULD validate that the data provided by the client is a valid InputResponses
  // object ... Protocol errors (malformed JSON, invalid schema, internal server errors) SHOULD
  // return a JSON-RPC error response"
  {
    id: 'input-required.malformed-answers-rejected',
    title: 'inputResponses that is not an object of answers gets a JSON-RPC error',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement:
      'Servers SHOULD validate that the data provided by the client is a valid InputResponses object and that the information inside can be correctly parsed. Protocol errors (malformed JSON, invalid schema, internal server errors) SHOULD return a JSON-RPC error response with an appropriate error code and message.',
    digest: ['MRTR-007'],
    faults: ['modern-malformed-input-responses-accepted'],
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withRequests, 'carried input requests');
      if (typeof round === 'string') return ctx.skip('not-offered', round);
      const state = round.state !== undefined ? { requestState: round.state } : {};
      const reply = await retry(round.session, round.target, { ...state, inputResponses: 'mcp-conformance: not an object' }, 'inputResponses a string, to see it refused');
      return expectAnyError(ctx, exchange(`${round.target.label} with inputResponses "mcp-conformance: not an object"`, reply));
    },
  },

  // client/elicitation#error-handling: "Servers ... MUST handle cases where the user declines or
  // cancels the elicitation". A result (or the question again) passes; an internal error or no
  // answer fails; another error is a deliberate refusal, noted.
  {
    id: 'input-required.decline-handled',
    title: 'A declined or cancelled elicitation is handled (no internal error)',
    spec: { url: 'client/elicitation#error-handling', level: 'MUST' },
    requirement:
      'Servers SHOULD NOT assume that elicitation requests will always succeed, and MUST handle cases where the user declines or cancels the elicitation, or where the client fails to process the request.',
    fix: 'Treat action "decline" and "cancel" as answers: complete the request saying so, or ask again.',
    digest: ['ELIC-012'],
    faults: ['modern-decline-internal-error'],
    long: true,
    async run(ctx) {
      const elicits = (first: Json) => answerable(first) && Object.values(inputRequestsOf(first)).some((r) => r.method === 'elicitation/create');
      const round = await freshRound(ctx, elicits, 'asked by elicitation');
      if (typeof round === 'string') return ctx.skip('not-offered', round);
      const outcomes: string[] = [];
      const bad: { text: string; silent: boolean }[] = [];
      for (const action of ['decline', 'cancel']) {
        // Each answer goes to a first round of its own.
        const first = action === 'decline' ? round.first : resultOf(await round.session.request(round.target.method, round.target.params));
        if (!isInputRequired(first)) continue;
        const answers = answersFor(first, ctx.rev.dialect);
        for (const [key, r] of Object.entries(inputRequestsOf(first))) if (r.method === 'elicitation/create') answers[key] = { action };
        const state = typeof first.requestState === 'string' ? { requestState: first.requestState } : {};
        const reply = await retry(round.session, round.target, { inputResponses: answers, ...state });
        const line = `${round.target.label}, ${action}: ${reply.kind === 'result' ? `a result (resultType ${ctx.brief((reply.result as Json | undefined)?.resultType)})` : replyLine(ctx, reply)}`;
        if (reply.kind === 'result' || (reply.kind === 'error' && reply.error.code !== ErrorCode.InternalError)) outcomes.push(line);
        else bad.push({ text: line, silent: unanswered(reply) });
      }
      // Silence fails too (a MUST to handle), and says when the timeout alone decided it.
      return expectNone(ctx, bad, {
        expected: 'a declined or cancelled elicitation answered with a result (or the question again), not an internal error',
        judged: outcomes.length + bad.length,
        note: outcomes.join('; '),
        show: bad.length,
        ...(bad.length > 0 && bad.every((b) => b.silent) ? { reason: DECIDED_BY_TIMEOUT } : {}),
      });
    },
  },
]);
