// server/utilities/completion#error-handling: "Servers SHOULD return standard JSON-RPC errors
// for common failure cases: ... Invalid prompt name: InvalidParams"
import { defineChecks } from '../../../../../harness/checks/define.js';
import { since } from '../../../../../harness/revisions.js';
import { exchange, expectError, replyLine } from '../../../../../harness/verify/index.js';

export const completionUnknownPromptChecks = defineChecks({ page: 'server/utilities/completion', revisions: since('2025-03-26'), needs: ['shared-session'], requires: ['completions'] }, [
  {
    id: 'completion.unknown-prompt',
    title: 'completion/complete for a prompt that does not exist gets {code:InvalidParams}',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid prompt name: {code:InvalidParams} (Invalid params)',
    digest: ['COMP-004'],
    faults: ['completion-unknown-prompt-accepted'],
    async run(ctx) {
      const reply = await ctx.request('completion/complete', { ref: { type: 'ref/prompt', name: 'mcp-conformance-missing-prompt' }, argument: { name: 'x', value: '' } });
      // No answer (or a refused exchange) is nothing to judge.
      if (reply.kind !== 'error' && reply.kind !== 'result') return ctx.skip('no-answer', `no answer to judge: ${replyLine(ctx, reply)}`);
      return expectError(ctx, exchange('completion/complete for prompt "mcp-conformance-missing-prompt"', reply), ['InvalidParams']);
    },
  },
]);
