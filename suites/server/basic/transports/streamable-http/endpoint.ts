// basic/transports/streamable-http (2026-07-28): the MCP endpoint takes POST. Judged on the
// revision's probe (no request of its own): its POST server/discover, with the full request
// headers, was answered; or it was refused at the HTTP level by a server that names 2026-07-28
// itself (probe.ts: its error to a legacy initialize lists it), which the probe then counts as
// offered with a broken opening so that this check runs there. A server that never names the
// revision is not judged by its rules: a refusal from it only means it speaks an older one.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { MODERN, onlyModernAt } from './transport-spec.js';

export const endpointChecks = defineChecks({ page: 'basic/transports/streamable-http', revisions: MODERN, transports: ['streamable-http'], needs: ['opening-answer'] }, [
  {
    id: 'http.modern-post-supported',
    title: 'The MCP endpoint supports POST: server/discover with the full headers gets a JSON-RPC answer',
    spec: onlyModernAt('security--endpoint', 'MUST'),
    requirement: 'The server MUST provide a single HTTP endpoint path (hereafter referred to as the MCP endpoint) that supports POST.',
    digest: ['SHTTP-100'],
    faults: ['modern-post-refused'],
    async run(ctx) {
      const { postRefused, resultSeq, capabilitiesUnknown } = ctx.facts.server;
      const expected = 'POST server/discover (with MCP-Protocol-Version, Mcp-Method and _meta) answered with a JSON-RPC response';
      if (postRefused) {
        ctx.cite(...postRefused.seqs);
        return expectNone(ctx, [{ text: `${postRefused.refusal}, though ${postRefused.claim}`, ...(postRefused.seqs[0] !== undefined ? { seq: postRefused.seqs[0] } : {}) }], { expected, judged: 1 });
      }
      if (resultSeq !== undefined) ctx.cite(resultSeq);
      // Answered: with a DiscoverResult (resultSeq), or with an error while the revision was still
      // served (capabilitiesUnknown: modern.ts opened on a tools/list then). Either is POST supported.
      const how = resultSeq !== undefined ? 'a result' : capabilitiesUnknown ? `a JSON-RPC answer (${capabilitiesUnknown})` : undefined;
      if (!how) return ctx.skip('nothing-observed', 'the probe kept no answer to its POST server/discover');
      return expectNone(ctx, [], { expected, judged: 1, note: `POST server/discover was answered with ${how}` });
    },
  },
]);
