// basic/patterns/mrtr (2026-07-28): input requests within the sub-capabilities the request
// declared. A request declaring sampling without `tools` and elicitation in form mode only gets
// no tool-enabled sampling and no URL-mode elicitation (the 2025-11-25 rule of server requests,
// client/sampling.ts, judged here on inputRequests). The requests are those of the survey.
import { describeReply } from '../../../../../harness/jsonrpc/types.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { isInputRequired, mrtrSession, resultOf, survey } from '../../../../../harness/target/mrtr-plan.js';
import { beyondSubCapabilities } from '../../../client/sampling.js';
import { inputRequestAsks } from '../../../client/server-asks.js';
import { expectNone } from '../../../../../harness/verify/index.js';

/** Sampling without tools (nor context), elicitation in form mode only, and roots. */
const SHORT_OF_SUB_CAPABILITIES = { sampling: {}, elicitation: { form: {} }, roots: {} };
/** At most this many of the survey's requests are asked again. */
const MAX_TARGETS = 5;

export const subCapabilityInputChecks = defineChecks({ page: 'basic/patterns/mrtr', revisions: RANGE.modern, needs: ['own-session', 'fresh-session'] }, [
  // mrtr#server-requirements-basic-workflow: "Servers MUST NOT send an inputRequests that the
  // client has not declared support for in its capabilities." client/sampling#capabilities:
  // "Servers MUST NOT send tool-enabled sampling requests to Clients that have not declared
  // support for tool use via the sampling.tools capability." client/elicitation#capabilities:
  // "Servers MUST NOT send elicitation requests with modes that are not supported by the client."
  {
    id: 'input-required.declared-sub-capabilities-only',
    title: 'Input requests use only the sub-capabilities the request declared (sampling.tools, elicitation.url)',
    spec: { url: '#server-requirements-basic-workflow', level: 'MUST' },
    requirement:
      'Servers MUST NOT send an inputRequests that the client has not declared support for in its capabilities. Servers MUST NOT send tool-enabled sampling requests to Clients that have not declared support for tool use via the sampling.tools capability. Servers MUST NOT send elicitation requests with modes that are not supported by the client.',
    digest: ['MRTR-004', 'SAMP-004', 'ELIC-002'],
    faults: ['modern-sampling-tools-undeclared', 'modern-elicitation-url-undeclared'],
    long: true,
    async run(ctx) {
      const s = await survey(ctx);
      if (s.targets.length === 0) return ctx.skip('not-offered', `no request asked for input (${s.tried})`);
      // A fresh connection: capabilities other checks declared before must not count here.
      const session = await mrtrSession(ctx, SHORT_OF_SUB_CAPABILITIES, { fresh: true });
      const results: { label: string; result: Record<string, unknown>; seq?: number }[] = [];
      const other: string[] = [];
      for (const { target } of s.targets.slice(0, MAX_TARGETS)) {
        const reply = await session.request(target.method, target.params);
        const result = resultOf(reply);
        if (isInputRequired(result)) results.push({ label: target.label, result, ...(reply.kind === 'result' && reply.seq ? { seq: reply.seq } : {}) });
        else other.push(`${target.label}: ${reply.kind === 'error' ? `error ${reply.error.code}` : reply.kind === 'result' ? 'a result' : describeReply(reply)}`);
      }
      const asks = inputRequestAsks(results).filter((a) => a.method !== 'roots/list');
      const wrong = asks.flatMap((a) => {
        const beyond = beyondSubCapabilities(a.method, a.params);
        return beyond ? [{ a, ...beyond }] : [];
      });
      // A sure break fails; breaks that are all in doubt (a toolChoice without tools) warn.
      const sure = wrong.filter((w) => !w.doubt);
      const shown = (sure.length > 0 ? sure : wrong).map((w, i) => ({ text: `${w.a.where}: ${w.why}`, ...(i < 5 && w.a.seq !== undefined ? { seq: w.a.seq } : {}) }));
      return expectNone(ctx, shown, {
        expected: `input requests within ${JSON.stringify(SHORT_OF_SUB_CAPABILITIES)}`,
        judged: asks.length,
        note: `${asks.length} sampling/elicitation input request(s), all within the declared sub-capabilities`,
        nothing: { code: 'nothing-observed', detail: `no sampling or elicitation input request came with ${JSON.stringify(SHORT_OF_SUB_CAPABILITIES)} declared${other.length > 0 ? ` (${other.join('; ')})` : ''}` },
        ...(sure.length === 0 ? { doubt: 'a toolChoice without tools offers no tool: whether that is a "tool-enabled" request the text leaves open' } : {}),
      });
    },
  },
]);
