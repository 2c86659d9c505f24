// Multi round-trip requests, client side (MRTR-101..104; 2026-07-28): the retry of a request
// answered with an InputRequiredResult gives every requested input, echoes requestState
// exactly (and invents none), is a new request (new id) for the same call, and the state
// goes nowhere else. Spec: basic/patterns/mrtr#client-requirements-basic-workflow.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { Verdict } from '../../../../harness/checks/check.js';
import { RANGE } from '../../../../harness/revisions.js';
import { ASKS } from '../../scenarios/asks.js';
import { declaresFor, inputRounds, type Round } from '../../support/asks.js';
import { declaredFor, isObject, paramsOf, sameId } from '../../support/wire.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';

const spec = { url: '#client-requirements-basic-workflow', level: 'MUST' as const };

type Retried = Round & { retry: NonNullable<Round['retry']> };

/** Judge every round that was retried (`problem`: how one breaks the rule); skip when none was. */
function eachRetry(ctx: ClientCheckContext, expected: string, problem: (round: Retried) => Violation | undefined): Verdict {
  const all = inputRounds(ctx.recording);
  const rounds = all.filter((r): r is Retried => r.retry !== undefined);
  if (rounds.length === 0) {
    return ctx.skip('nothing-observed', all.length === 0 ? 'the client never called a tool that answers with an InputRequiredResult' : 'the client retried no request answered with an InputRequiredResult');
  }
  return expectNone(ctx, rounds.flatMap((r) => problem(r) ?? []), { expected, judged: rounds.length, note: `${rounds.length} retried request(s)` });
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export const mrtrClientChecks = defineClientChecks({ page: 'basic/patterns/mrtr', revisions: RANGE.modern }, [
  // MRTR-101: "If a client receives an InputRequiredResult that contains the inputRequests
  // field, the client MUST construct the requested inputs before retrying the original request."
  {
    id: 'input-required.retry-answers-every-input',
    title: 'The retry after an InputRequiredResult answers every input request',
    spec,
    requirement: 'If a client receives an InputRequiredResult that contains the inputRequests field, the client MUST construct the requested inputs before retrying the original request.',
    digest: ['MRTR-101'],
    scenario: ASKS,
    faults: ['mrtr-input-response-missing'],
    async run(ctx) {
      return eachRetry(ctx, 'inputResponses for every key of inputRequests', ({ result, retry }) => {
        // An input for a capability the request did not declare is the server's fault (MRTR-004):
        // a client that retries without it keeps its own rule (ROOTS-001, SAMP-001, ELIC-001).
        const requests = isObject(result.inputRequests) ? result.inputRequests : {};
        const declared = declaredFor(ctx.recording, retry, true);
        const asked = Object.keys(requests).filter((k) => declared === undefined || declaresFor(declared, requests[k]));
        const given = paramsOf(retry).inputResponses;
        const missing = asked.filter((k) => !isObject(given) || !(k in given));
        return missing.length === 0 ? undefined : { text: `asked for ${asked.join(', ')}, the retry lacks ${missing.join(', ')}`, seq: retry.seq };
      });
    },
  },

  // MRTR-102: "If an InputRequiredResult contains the requestState field, the client MUST echo
  // back the exact value of that field when retrying the original request. ... If the
  // InputRequiredResult does not contain a requestState field, the client MUST NOT include one
  // in the retry."
  {
    id: 'input-required.request-state-echoed',
    title: 'The retry echoes requestState exactly, and sends none when none was given',
    spec,
    requirement: 'If an InputRequiredResult contains the requestState field, the client MUST echo back the exact value of that field when retrying the original request. Clients MUST NOT inspect, parse, modify, or make any assumptions about the requestState contents. If the InputRequiredResult does not contain a requestState field, the client MUST NOT include one in the retry.',
    digest: ['MRTR-102'],
    scenario: ASKS,
    faults: ['mrtr-request-state-mutated', 'mrtr-request-state-invented', 'mrtr-request-state-dropped'],
    async run(ctx) {
      return eachRetry(ctx, 'requestState echoed exactly where one was given, none where none was', ({ result, retry }) => {
        const sent = result.requestState;
        const back = paramsOf(retry).requestState;
        const had = 'requestState' in paramsOf(retry);
        if (typeof sent === 'string' ? back === sent : !had) return undefined;
        const given = typeof sent === 'string' ? `given requestState ${ctx.brief(sent)}` : 'given no requestState';
        return { text: `${given}, the retry sent ${had ? `requestState ${ctx.brief(back)}` : 'no requestState'}`, seq: retry.seq };
      });
    },
  },

  // MRTR-103: "The JSON-RPC id MUST be different between the initial request and the retry, as
  // they are independent requests."
  {
    id: 'input-required.retry-new-id',
    title: 'The retry uses a new JSON-RPC id',
    spec,
    requirement: 'The JSON-RPC id MUST be different between the initial request and the retry, as they are independent requests.',
    digest: ['MRTR-103'],
    scenario: ASKS,
    faults: ['mrtr-retry-same-id'],
    async run(ctx) {
      return eachRetry(ctx, 'a retry with an id other than the original request', ({ request, retry }) => {
        if (!sameId(request.message.id, retry.message.id)) return undefined;
        ctx.cite(request.seq);
        return { text: `both use id ${ctx.brief(retry.message.id)}`, seq: retry.seq };
      });
    },
  },

  // MRTR-103, the same request: the client retries "the original request", adding only
  // inputResponses and requestState.
  {
    id: 'input-required.retry-same-request',
    title: 'The retry repeats the original request (same arguments), adding only inputResponses and requestState',
    spec,
    requirement: 'If an InputRequiredResult contains the requestState field, the client MUST echo back the exact value of that field when retrying the original request. (The retry is the original request plus inputResponses and requestState.)',
    digest: ['MRTR-103'],
    scenario: ASKS,
    faults: ['mrtr-retry-params-changed'],
    async run(ctx) {
      return eachRetry(ctx, 'the original name and arguments', ({ request, retry }) => {
        const before = paramsOf(request);
        const after = paramsOf(retry);
        const changed = ['arguments', 'uri', 'name'].filter((k) => !sameJson(before[k], after[k]));
        if (changed.length === 0) return undefined;
        ctx.cite(request.seq);
        return { text: `changed ${changed.join(', ')}: ${ctx.brief(before.arguments)} became ${ctx.brief(after.arguments)}`, seq: retry.seq };
      });
    },
  },

  // MRTR-104: "Both the inputRequests and requestState fields affect only the client's retry of
  // the original request. They MUST NOT be used for any other request that the client may be
  // sending in parallel."
  {
    id: 'input-required.state-only-on-its-retry',
    title: 'requestState and input responses go only on the retry they belong to',
    spec,
    requirement: "Both the inputRequests and requestState fields affect only the client's retry of the original request. They MUST NOT be used for any other request that the client may be sending in parallel.",
    digest: ['MRTR-104'],
    scenario: ASKS,
    faults: ['mrtr-state-leaked'],
    async run(ctx) {
      const rounds = inputRounds(ctx.recording);
      if (rounds.length === 0) return ctx.skip('nothing-observed', 'the client never called a tool that answers with an InputRequiredResult');
      const retries = new Set(rounds.flatMap((r) => (r.retry ? [r.retry.seq] : [])));
      const states = rounds.map((r) => r.result.requestState).filter((s): s is string => typeof s === 'string');
      const strays = ctx.recording.requests().filter((m) => {
        if (retries.has(m.seq)) return false;
        const p = paramsOf(m);
        return (typeof p.requestState === 'string' && states.includes(p.requestState)) || (p.inputResponses !== undefined && rounds.some((r) => r.answer.seq < m.seq));
      });
      return expectNone(
        ctx,
        strays.map((m) => ({ text: `${String(m.message.method)} ${ctx.brief(paramsOf(m).name ?? '')} carries ${ctx.brief({ requestState: paramsOf(m).requestState, inputResponses: paramsOf(m).inputResponses }, 200)}`, seq: m.seq })),
        { expected: 'requestState and inputResponses only on the retry of their request' },
      );
    },
  },
]);
