// client/sampling#capabilities (and client/elicitation#capabilities), the server side: server
// requests within the client's sub-capabilities (2025-11-25): tool-enabled sampling only
// to a client that declared `sampling.tools`, elicitation only in a mode the client declared.
// A session declares sampling without tools and elicitation in form mode only, calls the tools
// the user allows, and judges every request the server sends it. (At 2026-07-28 the same rule
// is judged on input requests: basic/patterns/mrtr/sub-capabilities.ts.)
import { defineChecks } from '../../../harness/checks/define.js';
import { only } from '../../../harness/revisions.js';
import type { Json } from '../../../harness/rules/json.js';
import { citingFirst, expectNoneOrDoubt } from '../../../harness/verify/features.js';
import { askedDuringCalls } from './server-asks.js';

/** What the session declares: enough to be asked, short of the sub-capabilities judged. */
export const SHORT_OF_SUB_CAPABILITIES = { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } };

/**
 * Why a request exceeds a declaration of sampling without tools and elicitation in form mode
 * only, or undefined. `doubt` marks a toolChoice without tools: it offers no tool to use, so
 * whether it is "tool-enabled" is left open by the text (a warn, not a fail).
 */
export function beyondSubCapabilities(method: unknown, params: Json): { why: string; doubt?: true } | undefined {
  if (method === 'sampling/createMessage') {
    if (Array.isArray(params.tools) && params.tools.length > 0) return { why: 'a tool-enabled sampling/createMessage (with tools) to a client that declared sampling without tools' };
    if (params.toolChoice !== undefined) return { why: 'a sampling/createMessage with a toolChoice (but no tools) to a client that declared sampling without tools', doubt: true };
  }
  if (method === 'elicitation/create') {
    const mode = params.mode ?? 'form';
    if (mode !== 'form') return { why: `an elicitation/create in ${JSON.stringify(mode)} mode to a client that declared form mode only` };
  }
  return undefined;
}

export const subCapabilityChecks = defineChecks({ page: 'client/sampling', revisions: only('2025-11-25'), needs: ['own-session'] }, [
  // client/sampling#capabilities: "Servers MUST NOT send tool-enabled sampling requests to
  // Clients that have not declared support for tool use via the sampling.tools capability."
  // client/elicitation#capabilities: "Servers MUST NOT send elicitation requests with modes
  // that are not supported by the client."
  {
    id: 'capabilities.sub-capabilities-respected',
    title: 'Tool-enabled sampling only with sampling.tools, elicitation only in a declared mode',
    spec: { url: '#capabilities', level: 'MUST' },
    requirement:
      'Servers MUST NOT send tool-enabled sampling requests to Clients that have not declared support for tool use via the sampling.tools capability. Servers MUST NOT send elicitation requests with modes that are not supported by the client.',
    digest: ['SAMP-004', 'ELIC-002'],
    faults: ['sampling-tools-undeclared', 'elicitation-mode-undeclared'],
    long: true,
    async run(ctx) {
      const { asks, tried } = await askedDuringCalls(ctx, SHORT_OF_SUB_CAPABILITIES, 'sub-capabilities');
      const judged = asks.filter((a) => a.method !== 'roots/list');
      const wrong = judged.flatMap((a) => {
        const beyond = beyondSubCapabilities(a.method, a.params);
        if (!beyond) return [];
        return [{
          text: beyond.why,
          ...(a.seq !== undefined ? { seq: a.seq } : {}),
          ...(beyond.doubt ? { doubt: 'a toolChoice without tools offers no tool: whether that is a "tool-enabled" request the text leaves open' } : {}),
        }];
      });
      return expectNoneOrDoubt(ctx, citingFirst(wrong), {
        expected: `server requests within ${JSON.stringify(SHORT_OF_SUB_CAPABILITIES)}`,
        judged: judged.length,
        note: `${judged.length} sampling/elicitation request(s), all within the declared capabilities`,
        nothing: { code: 'nothing-observed', detail: `nothing to judge: no sampling or elicitation request came ${tried}` },
        show: 1,
      });
    },
  },
]);
