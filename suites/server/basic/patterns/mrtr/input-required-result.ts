// basic/patterns/mrtr (2026-07-28), the InputRequiredResult itself: only on the requests that may
// carry one, never empty, asking only with the allowed methods and only for capabilities the
// request declared. The requests that ask for input are found by the survey (mrtr-plan.ts).
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { ASK_ALL, INPUT_METHODS, declares, inputRequestsOf, isInputRequired, mrtrSession, neededCapability, resultOf, retry, survey } from '../../../../../harness/target/mrtr-plan.js';
import { isObject, type Json } from '../../../../../harness/rules/json.js';
import { expectNone, type Violation } from '../../../../../harness/verify/index.js';
import { freshRound, withState } from './fresh-round.js';

const SUPPORTED = ['tools/call', 'prompts/get', 'resources/read'];

export const inputRequiredResultChecks = defineChecks({ page: 'basic/patterns/mrtr', revisions: RANGE.modern, needs: ['own-session'] }, [
  // "Servers MUST NOT send InputRequiredResult responses on any other client requests."
  {
    id: 'input-required.supported-methods-only',
    title: 'Only tools/call, prompts/get and resources/read are answered with an InputRequiredResult',
    spec: { url: '#supported-requests', level: 'MUST' },
    requirement: 'Servers MUST NOT send InputRequiredResult responses on any other client requests.',
    digest: ['MRTR-001'],
    faults: ['modern-input-required-wrong-method'],
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
      const wrong: Violation[] = [];
      for (const [method, params] of requests) {
        const reply = await session.request(method, params);
        const result = resultOf(reply);
        if (isInputRequired(result)) wrong.push({ text: `${method}: ${ctx.brief(result, 120)}`, ...(reply.kind === 'result' && reply.seq !== undefined ? { seq: reply.seq } : {}) });
      }
      return expectNone(ctx, wrong, {
        expected: `no InputRequiredResult except to ${SUPPORTED.join(', ')}`,
        judged: requests.length,
        note: `${requests.map((r) => r[0]).join(', ')}: no InputRequiredResult (every client capability declared)`,
        show: wrong.length,
      });
    },
  },

  // "Servers MUST include at least one of inputRequests or requestState in every
  // InputRequiredResult response." Judged on first rounds and on a retry that leaves the answers out.
  {
    id: 'input-required.requests-or-state',
    title: 'Every InputRequiredResult carries inputRequests or requestState',
    spec: { url: '#server-requirements-basic-workflow', level: 'MUST' },
    requirement: 'Servers MUST include at least one of inputRequests or requestState in every InputRequiredResult response.',
    digest: ['MRTR-002'],
    faults: ['modern-input-required-empty'],
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
      const empty = seen.filter((x) => x.result.inputRequests === undefined && typeof x.result.requestState !== 'string');
      return expectNone(
        ctx,
        empty.map((x) => ({ text: `${x.label}: ${ctx.brief(x.result, 160)}`, ...(x.seq !== undefined ? { seq: x.seq } : {}) })),
        {
          expected: 'inputRequests or requestState (a string) in every InputRequiredResult',
          judged: seen.length,
          note: `${seen.length} InputRequiredResult(s), each with inputRequests or requestState`,
          nothing: { code: 'not-offered', detail: `no InputRequiredResult to judge: ${typeof round === 'string' ? round : 'none came'}` },
          show: 1,
        },
      );
    },
  },

  // "inputRequests values are request objects that MUST be one of ElicitRequest,
  // CreateMessageRequest, or ListRootsRequest"
  {
    id: 'input-required.input-request-methods',
    title: 'Input requests are only elicitation/create, sampling/createMessage or roots/list',
    spec: { url: '#server-requirements-basic-workflow', level: 'MUST' },
    requirement: 'inputRequests values are request objects that MUST be one of ElicitRequest, CreateMessageRequest, or ListRootsRequest',
    digest: ['MRTR-003'],
    faults: ['modern-input-request-bad-method'],
    long: true,
    async run(ctx) {
      const s = await survey(ctx);
      const entries = s.asked.flatMap((a) => Object.entries(isObject(a.result.inputRequests) ? a.result.inputRequests : {}).map(([key, r]) => ({ a, key, r })));
      const bad = entries.filter(({ r }) => !isObject(r) || !INPUT_METHODS.includes(r.method as string) || (r.params !== undefined && typeof r.params !== 'object'));
      return expectNone(
        ctx,
        bad.map((b) => ({ text: `${b.a.target.label} "${b.key}": ${ctx.brief(b.r, 100)}`, ...(b.a.seq !== undefined ? { seq: b.a.seq } : {}) })),
        {
          expected: `input requests with method ${INPUT_METHODS.join(', ')}`,
          judged: entries.length,
          note: `${entries.length} input request(s): ${[...new Set(entries.map((e) => (e.r as Json).method))].join(', ')}`,
          nothing: { code: 'not-offered', detail: `no input request to judge (${s.targets.length === 0 ? s.tried : 'the InputRequiredResults carry none'})` },
        },
      );
    },
  },

  // "Servers MUST NOT send an inputRequests that the client has not declared support for in its
  // capabilities." Asked with no capability at all: an error (its code is the meta checks'
  // business), a result, or an InputRequiredResult without input requests all pass.
  {
    id: 'input-required.declared-capabilities-only',
    title: 'Input requests only use client capabilities the request declared',
    spec: { url: '#server-requirements-basic-workflow', level: 'MUST' },
    requirement: 'Servers MUST NOT send an inputRequests that the client has not declared support for in its capabilities.',
    // ROOTS-005 too: a roots/list input request to a request that declared no roots fails here.
    digest: ['MRTR-004', 'ROOTS-005'],
    needs: ['own-session', 'fresh-session'],
    faults: ['modern-mrtr-undeclared-capability'],
    long: true,
    async run(ctx) {
      const s = await survey(ctx);
      if (s.targets.length === 0) return ctx.skip('not-offered', `no request asked for input (${s.tried})`);
      // A fresh connection: capabilities other checks declared before must not count here.
      const session = await mrtrSession(ctx, {}, { fresh: true });
      const outcomes: string[] = [];
      const bad: Violation[] = [];
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
        else bad.push({ text: `${target.label}: ${undeclared.map(([k, r]) => `"${k}" ${String(r.method)} (needs ${neededCapability(r)})`).join(', ')}`, ...(reply.kind === 'result' && reply.seq !== undefined ? { seq: reply.seq } : {}) });
      }
      return expectNone(ctx, bad, {
        expected: 'no input request for a capability the request did not declare (none was declared)',
        judged: outcomes.length + bad.length,
        note: `with no client capability declared: ${outcomes.join('; ')}`,
        show: bad.length,
      });
    },
  },
]);
