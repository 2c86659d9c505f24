// server/utilities/completion#error-handling: "Servers SHOULD return standard JSON-RPC errors
// for common failure cases: ... Invalid prompt name: -32602 (Invalid params)"
import { defineChecks } from '../../../../../harness/checks/define.js';
import { since } from '../../../../../harness/revisions.js';
import { replyLine } from '../../../../../harness/target/tool-plan.js';

export const completionUnknownPromptChecks = defineChecks({ page: 'server/utilities/completion', revisions: since('2025-03-26'), needs: ['shared-session'], requires: ['completions'] }, [
  {
    id: 'completion.unknown-prompt',
    title: 'completion/complete for a prompt that does not exist gets -32602',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Invalid prompt name: -32602 (Invalid params)',
    digest: ['COMP-004'],
    faults: ['completion-unknown-prompt-accepted'],
    async run(ctx) {
      const reply = await ctx.request('completion/complete', { ref: { type: 'ref/prompt', name: 'mcp-conformance-missing-prompt' }, argument: { name: 'x', value: '' } });
      if (reply.kind === 'error' && reply.error.code === -32602) return ctx.pass();
      // No answer (or a refused exchange) is nothing to judge.
      if (reply.kind !== 'error' && reply.kind !== 'result') return ctx.skip('no-answer', `no answer to judge: ${replyLine(ctx, reply)}`);
      return ctx.fail({
        expected: 'error -32602 for prompt "mcp-conformance-missing-prompt"',
        actual: replyLine(ctx, reply),
      });
    },
  },
]);
