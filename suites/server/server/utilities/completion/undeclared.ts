// A server without the completions capability asked for a completion anyway (one request per
// revision, shared by both checks): it must refuse, and should say MethodNotFound.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { defineChecks } from '../../../../../harness/checks/define.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import { since } from '../../../../../harness/revisions.js';
import { exchange, expectAnyError, expectError, replyLine } from '../../../../../harness/verify/index.js';
import { completionTargets } from './targets.js';

async function askUndeclared(ctx: CheckContext): Promise<{ reply: Reply } | ReturnType<CheckContext['skip']>> {
  if (ctx.facts.serverCapabilities.completions !== undefined) return ctx.skip('not-applicable', 'the server declares completions (see the other completion checks)');
  // The answer to completion/complete from a server that does not declare completions (one request per revision).
  const reply = await ctx.once('completion-undeclared', async () => {
    // A real prompt argument or template variable when there is one: a fair question.
    const first = (await completionTargets(ctx))[0];
    const params = first
      ? { ref: first.ref, argument: { name: first.argument, value: '' } }
      : { ref: { type: 'ref/prompt', name: 'mcp-conformance-missing-prompt' }, argument: { name: 'x', value: '' } };
    return ctx.request('completion/complete', params);
  });
  if ((reply.kind === 'result' || reply.kind === 'error') && reply.seq) ctx.cite(reply.seq);
  return { reply };
}

// Judged against what the server declares: not when that is unknown (server/discover failed).
export const completionUndeclaredChecks = defineChecks({ page: 'server/utilities/completion', revisions: since('2025-03-26'), needs: ['shared-session'] }, [
  // "Servers that support completions MUST declare the completions capability": a server
  // without it that answers completion/complete with a result fails. (The error code is
  // completion.undeclared-code's.)
  {
    id: 'completion.undeclared-refused',
    title: 'Without the completions capability, completion/complete is refused',
    spec: { url: '#capabilities', level: 'MUST' },
    requirement: 'Servers that support completions MUST declare the completions capability',
    fix: 'Declare "completions": {} in the capabilities, or refuse completion/complete with {code:MethodNotFound}',
    digest: ['COMP-001'],
    faults: ['completions-undeclared-served'],
    judgesDeclared: true,
    async run(ctx) {
      const got = await askUndeclared(ctx);
      if ('status' in got) return got;
      const { reply } = got;
      // An HTTP refusal without a JSON-RPC body is no answer to judge, as silence is.
      if (reply.kind === 'refused') return ctx.skip('no-answer', `no answer to judge: ${replyLine(ctx, reply)}`);
      // A result from a server that does not declare completions is what the MUST forbids.
      return expectAnyError(ctx, exchange('completion/complete to a server that does not declare completions (a refusal)', reply));
    },
  },

  // Error handling: "Servers SHOULD return standard JSON-RPC errors for common failure cases:
  // Method not found: MethodNotFound (Capability not supported)".
  {
    id: 'completion.undeclared-code',
    title: 'Without the completions capability, completion/complete gets {code:MethodNotFound} (Capability not supported)',
    spec: { url: '#error-handling', level: 'SHOULD' },
    requirement: 'Servers SHOULD return standard JSON-RPC errors for common failure cases: Method not found: {code:MethodNotFound} (Capability not supported)',
    digest: ['COMP-004'],
    faults: ['completions-undeclared-wrong-code'],
    judgesDeclared: true,
    async run(ctx) {
      const got = await askUndeclared(ctx);
      if ('status' in got) return got;
      const { reply } = got;
      // A result is completion.undeclared-refused's finding; here only an error's code is judged.
      if (reply.kind === 'result') return ctx.skip('nothing-observed', `no error to judge (see completion.undeclared-refused): ${replyLine(ctx, reply)}`);
      if (reply.kind !== 'error') return ctx.skip('no-answer', `no error to judge: ${replyLine(ctx, reply)}`);
      return expectError(ctx, exchange('completion/complete to a server that does not declare completions (capability not supported)', reply), ['MethodNotFound']);
    },
  },
]);
