// Multi round-trip requests, server side (MRTR-*, ELIC-012), 2026-07-28. Spec:
// basic/patterns/mrtr. The requests that ask for input are found by the survey (mrtr-plan.ts);
// each check asks one of them afresh on its own session and retries it its own way.
import type { Check, CheckContext } from '../../harness/checks/check.js';
import { describeReply, type Reply } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';
import type { Session } from '../../harness/sessions/session.js';
import { ASK_ALL, INPUT_METHODS, answerable, answersFor, mrtrSession, declares, inputRequestsOf, isInputRequired, neededCapability, resultOf, retry, survey, tamper, type Target } from '../../harness/target/mrtr-plan.js';
import { replyLine } from '../../harness/target/tool-plan.js';
import { DECIDED_BY_TIMEOUT, noShapeToJudge, unanswered } from '../../harness/rules/no-answer.js';

type Json = Record<string, unknown>;

const SPEC = 'basic/patterns/mrtr';
const SUPPORTED = ['tools/call', 'prompts/get', 'resources/read'];

/** A fresh first round on a session that declares everything: the InputRequiredResult to retry. */
interface Round {
  session: Session;
  target: Target;
  first: Json;
  state?: string;
}

/**
 * The first target (of the survey) whose fresh InputRequiredResult passes `fit`, asked again
 * on an own session; a string is why there is none (the check skips with it).
 */
async function freshRound(ctx: CheckContext, fit: (first: Json) => boolean, want: string): Promise<Round | string> {
  const s = await survey(ctx);
  if (s.targets.length === 0) return `no request asked for input (${s.tried})`;
  const session = await mrtrSession(ctx, ASK_ALL);
  for (const { target } of s.targets.filter((t) => fit(t.first.result))) {
    const first = resultOf(await session.request(target.method, target.params));
    if (!isInputRequired(first) || !fit(first)) continue;
    return { session, target, first, ...(typeof first.requestState === 'string' ? { state: first.requestState } : {}) };
  }
  return `none of the ${s.targets.length} request(s) that ask for input (${s.targets.map((t) => t.target.label).join(', ')}) ${want}`;
}

const withState = (first: Json) => typeof first.requestState === 'string';
const withRequests = (first: Json) => Object.keys(inputRequestsOf(first)).length > 0;
// Checks that answer the input requests need requests a client can answer (see answerable).
const withStateToAnswer = (first: Json) => withState(first) && answerable(first);
const withRequestsToAnswer = (first: Json) => withRequests(first) && answerable(first);
const completes = (reply: Reply) => reply.kind === 'result' && !isInputRequired(reply.result);

export const inputRequiredChecks: Check[] = [
  // "Servers MUST NOT send InputRequiredResult responses on any other client requests."
  {
    id: 'input-required.supported-methods-only',
    title: 'Only tools/call, prompts/get and resources/read are answered with an InputRequiredResult',
    spec: { url: `${SPEC}#supported-requests`, level: 'MUST' },
    requirement: 'Servers MUST NOT send InputRequiredResult responses on any other client requests.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-input-required-wrong-method'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const session = await mrtrSession(ctx, ASK_ALL);
      const caps = session.server.capabilities;
      const d = await ctx.discovery();
      const requests: [string, Json][] = [['server/discover', {}]];
      for (const [cap, method] of [['tools', 'tools/list'], ['prompts', 'prompts/list'], ['resources', 'resources/list'], ['resources', 'resources/templates/list']] as const) {
        if (caps[cap] !== undefined) requests.push([method, {}]);
      }
      const prompt = d.prompts?.items.find((p) => Array.isArray(p.arguments) && p.arguments.length > 0);
      const arg = (prompt?.arguments as Json[] | undefined)?.[0]?.name;
      if (caps.completions !== undefined && prompt && typeof arg === 'string') {
        requests.push(['completion/complete', { ref: { type: 'ref/prompt', name: prompt.name }, argument: { name: arg, value: '' } }]);
      }
      const wrong: string[] = [];
      for (const [method, params] of requests) {
        const result = resultOf(await session.request(method, params));
        if (isInputRequired(result)) wrong.push(`${method}: ${ctx.brief(result, 120)}`);
      }
      if (wrong.length === 0) return ctx.pass(`${requests.map((r) => r[0]).join(', ')}: no InputRequiredResult (every client capability declared)`);
      return ctx.fail({ expected: `no InputRequiredResult except to ${SUPPORTED.join(', ')}`, actual: wrong.join('; ') });
    },
  },

  // "Servers MUST include at least one of inputRequests or requestState in every
  // InputRequiredResult response." Judged on first rounds and on a retry that leaves the answers out.
  {
    id: 'input-required.requests-or-state',
    title: 'Every InputRequiredResult carries inputRequests or requestState',
    spec: { url: `${SPEC}#server-requirements-basic-workflow`, level: 'MUST' },
    requirement: 'Servers MUST include at least one of inputRequests or requestState in every InputRequiredResult response.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-input-required-empty'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withState, 'gave a requestState to retry with');
      const s = await survey(ctx);
      const seen: { label: string; result: Json; seq?: number }[] = s.asked.map((a) => ({ label: a.target.label, result: a.result, ...(a.seq ? { seq: a.seq } : {}) }));
      if (typeof round !== 'string') {
        const again = await retry(round.session, round.target, { requestState: round.state });
        const result = resultOf(again);
        if (isInputRequired(result)) seen.push({ label: `${round.target.label} retried without answers`, result, ...(again.kind === 'result' && again.seq ? { seq: again.seq } : {}) });
      }
      if (seen.length === 0) return ctx.skip(`no InputRequiredResult to judge: ${typeof round === 'string' ? round : 'none came'}`);
      const empty = seen.filter((x) => x.result.inputRequests === undefined && typeof x.result.requestState !== 'string');
      if (empty.length === 0) return ctx.pass(`${seen.length} InputRequiredResult(s), each with inputRequests or requestState`);
      ctx.cite(...empty.map((x) => x.seq ?? 0));
      return ctx.fail({ expected: 'inputRequests or requestState (a string) in every InputRequiredResult', actual: `${empty[0]!.label}: ${ctx.brief(empty[0]!.result, 160)}` });
    },
  },

  // "inputRequests values are request objects that MUST be one of ElicitRequest,
  // CreateMessageRequest, or ListRootsRequest"
  {
    id: 'input-required.input-request-methods',
    title: 'Input requests are only elicitation/create, sampling/createMessage or roots/list',
    spec: { url: `${SPEC}#server-requirements-basic-workflow`, level: 'MUST' },
    requirement: 'inputRequests values are request objects that MUST be one of ElicitRequest, CreateMessageRequest, or ListRootsRequest',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-input-request-bad-method'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const s = await survey(ctx);
      const entries = s.asked.flatMap((a) => Object.entries(isObjectMap(a.result.inputRequests)).map(([key, r]) => ({ a, key, r })));
      if (entries.length === 0) return ctx.skip(`no input request to judge (${s.targets.length === 0 ? s.tried : 'the InputRequiredResults carry none'})`);
      const bad = entries.filter(({ r }) => typeof r !== 'object' || r === null || !INPUT_METHODS.includes((r as Json).method as string) || ((r as Json).params !== undefined && typeof (r as Json).params !== 'object'));
      if (bad.length === 0) return ctx.pass(`${entries.length} input request(s): ${[...new Set(entries.map((e) => (e.r as Json).method))].join(', ')}`);
      ctx.cite(...bad.map((b) => b.a.seq ?? 0));
      return ctx.fail({ expected: `input requests with method ${INPUT_METHODS.join(', ')}`, actual: bad.slice(0, 3).map((b) => `${b.a.target.label} "${b.key}": ${ctx.brief(b.r, 100)}`).join('; ') });
    },
  },

  // "Servers MUST NOT send an inputRequests that the client has not declared support for in its
  // capabilities." Asked with no capability at all: an error (its code is the meta checks'
  // business), a result, or an InputRequiredResult without input requests all pass.
  {
    id: 'input-required.declared-capabilities-only',
    title: 'Input requests only use client capabilities the request declared',
    spec: { url: `${SPEC}#server-requirements-basic-workflow`, level: 'MUST' },
    requirement: 'Servers MUST NOT send an inputRequests that the client has not declared support for in its capabilities.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-mrtr-undeclared-capability'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const s = await survey(ctx);
      if (s.targets.length === 0) return ctx.skip(`no request asked for input (${s.tried})`);
      // A fresh connection: capabilities other checks declared before must not count here.
      const session = await mrtrSession(ctx, {}, { fresh: true });
      const outcomes: string[] = [];
      const bad: string[] = [];
      for (const { target } of s.targets.slice(0, 5)) {
        const reply = await session.request(target.method, target.params);
        const result = resultOf(reply);
        if (!isInputRequired(result)) {
          outcomes.push(`${target.label}: ${reply.kind === 'error' ? `error ${reply.error.code}` : reply.kind === 'result' ? 'a result' : describeReply(reply)}`);
          continue;
        }
        const undeclared = Object.entries(inputRequestsOf(result)).filter(([, r]) => {
          const need = neededCapability(r);
          return need !== undefined && !declares({}, need);
        });
        if (undeclared.length === 0) outcomes.push(`${target.label}: an InputRequiredResult without input requests`);
        else bad.push(`${target.label}: ${undeclared.map(([k, r]) => `"${k}" ${String(r.method)} (needs ${neededCapability(r)})`).join(', ')}`);
      }
      if (bad.length === 0) return ctx.pass(`with no client capability declared: ${outcomes.join('; ')}`);
      return ctx.fail({ expected: 'no input request for a capability the request did not declare (none was declared)', actual: bad.join('; ') });
    },
  },

  // "If requestState influences authorization, resource access, or business logic, servers MUST
  // protect its integrity ... and MUST reject state that fails verification. Integrity
  // protection MAY be omitted only when tampering can cause nothing worse than request
  // failure." Whether the state matters cannot be seen from outside: a warning.
  {
    id: 'input-required.tampered-state-rejected',
    title: 'A retry with a tampered requestState is not completed',
    spec: { url: `${SPEC}#server-requirements-basic-workflow`, level: 'SHOULD' },
    requirement:
      'If requestState influences authorization, resource access, or business logic, servers MUST protect its integrity (e.g. HMAC or AEAD) and MUST reject state that fails verification.',
    fix: 'Seal requestState (HMAC or AEAD) and answer a retry whose state fails verification with an error.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-request-state-unverified'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withStateToAnswer, 'gave a requestState and asked only for input a client can give');
      if (typeof round === 'string') return ctx.skip(round);
      const answers = answersFor(round.first, ctx.rev.dialect);
      const forged = tamper(round.state!);
      const tampered = await retry(round.session, round.target, { inputResponses: answers, requestState: forged });
      const genuine = await retry(round.session, round.target, { inputResponses: answers, requestState: round.state });
      if (!completes(genuine)) return ctx.skip(`cannot judge: even the untouched state did not complete ${round.target.label} (${replyLine(ctx, genuine)})`);
      if (unanswered(tampered)) return ctx.skip(noShapeToJudge(`${round.target.label} with a tampered requestState`, tampered));
      if (!completes(tampered)) return ctx.pass(`${round.target.label}: the tampered state got ${replyLine(ctx, tampered)}; the untouched one completed`);
      return ctx.fail({
        expected: `the retry of ${round.target.label} with a tampered requestState rejected (an error, or the question asked again)`,
        actual: `completed like the untouched state: ${replyLine(ctx, tampered)}`,
        reason: 'the MUST applies when the state influences authorization, resource access or business logic, which cannot be seen from outside',
      });
    },
  },

  // "To prevent replay, servers SHOULD include ... an identifier for the originating request,
  // e.g. the method name and a digest of its salient parameters, rejecting state presented on a
  // request that does not match."
  {
    id: 'input-required.state-bound-to-request',
    title: 'A requestState issued for one request is not accepted by another',
    spec: { url: `${SPEC}#server-requirements-basic-workflow`, level: 'SHOULD' },
    requirement:
      'To prevent replay, servers SHOULD include ... an identifier for the originating request, e.g. the method name and a digest of its salient parameters, rejecting state presented on a request that does not match.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-request-state-unbound'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const s = await survey(ctx);
      const stated = s.targets.filter((t) => withStateToAnswer(t.first.result));
      if (stated.length < 2) return ctx.skip(`needs two requests that ask, with a requestState, for input a client can give; found ${stated.length} (${s.tried})`);
      const session = await mrtrSession(ctx, ASK_ALL);
      const [a, b] = [stated[0]!.target, stated[1]!.target];
      const firstA = resultOf(await session.request(a.method, a.params));
      const firstB = resultOf(await session.request(b.method, b.params));
      if (!isInputRequired(firstA) || !isInputRequired(firstB) || !withState(firstA) || !withStateToAnswer(firstB)) return ctx.skip(`${a.label} or ${b.label} no longer asks, with a requestState, for input a client can give`);
      const answers = answersFor(firstB, ctx.rev.dialect);
      const replayed = await retry(session, b, { inputResponses: answers, requestState: firstA.requestState });
      const genuine = await retry(session, b, { inputResponses: answers, requestState: firstB.requestState });
      if (!completes(genuine)) return ctx.skip(`cannot judge: ${b.label} did not complete with its own state either (${replyLine(ctx, genuine)})`);
      if (unanswered(replayed)) return ctx.skip(noShapeToJudge(`${b.label} with the state of ${a.label}`, replayed));
      if (!completes(replayed)) return ctx.pass(`${b.label} with the state of ${a.label}: ${replyLine(ctx, replayed)}`);
      return ctx.fail({ expected: `${b.label} rejects the requestState issued for ${a.label}`, actual: `it completed: ${replyLine(ctx, replayed)}` });
    },
  },

  // "If the client fails to send all the information requested in a previous InputRequests,
  // ... the server SHOULD respond with a new InputRequiredResult requesting the missing
  // information again, rather than returning an error."
  {
    id: 'input-required.missing-answers-asked-again',
    title: 'A retry without the requested answers gets a new InputRequiredResult, not an error',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    requirement: 'the server SHOULD respond with a new InputRequiredResult requesting the missing information again, rather than returning an error.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-missing-answers-error'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withRequests, 'carried input requests');
      if (typeof round === 'string') return ctx.skip(round);
      const again = await retry(round.session, round.target, round.state !== undefined ? { requestState: round.state } : {});
      if (isInputRequired(resultOf(again))) return ctx.pass(`${round.target.label} retried without answers: asked again`);
      if (unanswered(again)) return ctx.skip(noShapeToJudge(`${round.target.label} retried without answers`, again));
      return ctx.fail({ expected: `a new InputRequiredResult for ${round.target.label} retried without its answers`, actual: replyLine(ctx, again) });
    },
  },

  // "If additional, unexpected parameters are provided in the InputResponses object, the server
  // SHOULD ignore any information it does not recognize or need."
  {
    id: 'input-required.unknown-answers-ignored',
    title: 'An inputResponses entry the server did not ask for is ignored',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    requirement: 'If additional, unexpected parameters are provided in the InputResponses object, the server SHOULD ignore any information it does not recognize or need.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-extra-input-response-rejected'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withRequestsToAnswer, 'carried input requests a client can answer');
      if (typeof round === 'string') return ctx.skip(round);
      const answers = answersFor(round.first, ctx.rev.dialect);
      const state = round.state !== undefined ? { requestState: round.state } : {};
      const extra = await retry(round.session, round.target, { ...state, inputResponses: { ...answers, mcp_conformance_extra: { action: 'decline' } } });
      const plain = await retry(round.session, round.target, { ...state, inputResponses: answers });
      if (plain.kind !== 'result') return ctx.skip(`cannot judge: ${round.target.label} failed even with only the requested answers (${replyLine(ctx, plain)})`);
      if (extra.kind === 'result') return ctx.pass(`${round.target.label}: the extra answer "mcp_conformance_extra" made no difference`);
      if (unanswered(extra)) return ctx.skip(noShapeToJudge(`${round.target.label} with an extra answer`, extra));
      return ctx.fail({ expected: `${round.target.label} answered as without the extra inputResponses key "mcp_conformance_extra"`, actual: replyLine(ctx, extra) });
    },
  },

  // "Servers SHOULD validate that the data provided by the client is a valid InputResponses
  // object ... Protocol errors (malformed JSON, invalid schema, internal server errors) SHOULD
  // return a JSON-RPC error response"
  {
    id: 'input-required.malformed-answers-rejected',
    title: 'inputResponses that is not an object of answers gets a JSON-RPC error',
    spec: { url: `${SPEC}#error-handling`, level: 'SHOULD' },
    requirement:
      'Servers SHOULD validate that the data provided by the client is a valid InputResponses object and that the information inside can be correctly parsed. Protocol errors (malformed JSON, invalid schema, internal server errors) SHOULD return a JSON-RPC error response with an appropriate error code and message.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-malformed-input-responses-accepted'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const round = await freshRound(ctx, withRequests, 'carried input requests');
      if (typeof round === 'string') return ctx.skip(round);
      const state = round.state !== undefined ? { requestState: round.state } : {};
      const reply = await retry(round.session, round.target, { ...state, inputResponses: 'mcp-conformance: not an object' }, 'inputResponses a string, to see it refused');
      if (reply.kind === 'error') return ctx.pass(`${round.target.label}: ${replyLine(ctx, reply)}`);
      if (unanswered(reply)) return ctx.skip(noShapeToJudge(`${round.target.label} with inputResponses not an object`, reply));
      return ctx.fail({ expected: `a JSON-RPC error for ${round.target.label} with inputResponses "mcp-conformance: not an object"`, actual: replyLine(ctx, reply) });
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
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-decline-internal-error'],
    connection: 'own',
    long: true,
    async run(ctx) {
      const elicits = (first: Json) => answerable(first) && Object.values(inputRequestsOf(first)).some((r) => r.method === 'elicitation/create');
      const round = await freshRound(ctx, elicits, 'asked by elicitation');
      if (typeof round === 'string') return ctx.skip(round);
      const outcomes: string[] = [];
      const bad: { line: string; silent: boolean }[] = [];
      for (const action of ['decline', 'cancel']) {
        // Each answer goes to a first round of its own.
        const first = action === 'decline' ? round.first : resultOf(await round.session.request(round.target.method, round.target.params));
        if (!isInputRequired(first)) continue;
        const answers = answersFor(first, ctx.rev.dialect);
        for (const [key, r] of Object.entries(inputRequestsOf(first))) if (r.method === 'elicitation/create') answers[key] = { action };
        const state = typeof first.requestState === 'string' ? { requestState: first.requestState } : {};
        const reply = await retry(round.session, round.target, { inputResponses: answers, ...state });
        const line = `${round.target.label}, ${action}: ${reply.kind === 'result' ? `a result (resultType ${ctx.brief((reply.result as Json | undefined)?.resultType)})` : replyLine(ctx, reply)}`;
        if (reply.kind === 'result' || (reply.kind === 'error' && reply.error.code !== -32603)) outcomes.push(line);
        else bad.push({ line, silent: unanswered(reply) });
      }
      if (bad.length === 0) return ctx.pass(outcomes.join('; '));
      return ctx.fail({
        expected: 'a declined or cancelled elicitation answered with a result (or the question again), not an internal error',
        actual: bad.map((b) => b.line).join('; '),
        ...(bad.every((b) => b.silent) ? { reason: DECIDED_BY_TIMEOUT } : {}),
      });
    },
  },

  // mrtr (note at the top): "Servers MUST send server-to-client requests (such as roots/list,
  // sampling/createMessage, or elicitation/create) using the MRTR pattern. The previous pattern
  // of server-initiated requests is no longer supported." Judged on every exchange of the revision.
  {
    id: 'input-required.no-server-requests',
    title: 'The server never sends a JSON-RPC request (input is asked for with InputRequiredResult)',
    spec: { url: `${SPEC}#multi-round-trip-requests`, level: 'MUST' },
    requirement:
      'Servers MUST send server-to-client requests (such as roots/list, sampling/createMessage, or elicitation/create) using the MRTR pattern. The previous pattern of server-initiated requests is no longer supported.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-server-request'],
    connection: 'passive',
    async run(ctx) {
      const requests = ctx.observations().filter((o) => o.kind === 'server-request');
      const messages = ctx.observations().filter((o) => o.kind === 'server-notification').length;
      if (requests.length === 0) return ctx.pass(`no request among the server's messages (${messages} notification(s) besides the responses)`);
      ctx.cite(...requests.slice(0, 5).map((o) => o.seq));
      return ctx.fail({ expected: 'no JSON-RPC request from the server at 2026-07-28', actual: `${requests.length} request(s), first ${ctx.brief(requests[0]?.message, 160)}` });
    },
  },
];

function isObjectMap(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
