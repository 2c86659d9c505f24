// server/resources#error-handling: reading a resource that does not exist. Up to 2025-11-25:
// "Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found:
// -32002". 2026-07-28: "If the requested resource does not exist, servers MUST return a
// JSON-RPC error with code -32602 (Invalid Params)" and "MUST NOT return an empty contents
// array for a non-existent resource". The code is the revision's (ctx.rev.resourceNotFoundCode).
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { noShapeToJudge, unanswered } from '../../../../harness/rules/no-answer.js';
import { isObj } from '../../../../harness/target/tool-calls.js';

export const resourceNotFoundChecks = defineChecks({ page: 'server/resources', revisions: RANGE.all, needs: ['shared-session'], requires: ['resources'] }, [
  {
    id: 'resources.read-unknown-uri',
    title: 'Reading a resource that does not exist gets the resource-not-found error of the revision',
    spec: [
      { url: '#error-handling', level: 'SHOULD' },
      { from: '2026-07-28', url: '#error-handling', level: 'MUST' },
    ],
    requirement: 'If the requested resource does not exist, servers MUST return a JSON-RPC error with code -32602 (Invalid Params). (up to 2025-11-25: Servers SHOULD return standard JSON-RPC errors for common failure cases: Resource not found: -32002)',
    digest: ['RES-020', 'RES-030'],
    fix: 'Answer resources/read of an unknown URI with a JSON-RPC error carrying the revision\'s resource-not-found code, never a result',
    faults: ['resources-unknown-uri-result', 'modern-resource-not-found-32002'],
    async run(ctx) {
      const code = ctx.rev.resourceNotFoundCode;
      const uri = `mcp-conformance://missing/${Math.random().toString(36).slice(2, 12)}`;
      const reply = await ctx.request('resources/read', { uri });
      const expected = `${uri}: error ${code}`;
      if (reply.kind === 'error') {
        if (reply.error.code === code) return ctx.pass();
        return ctx.fail({ expected, actual: `error ${ctx.brief(reply.error.code)} ${ctx.brief(reply.error.message, 100)}` });
      }
      if (unanswered(reply)) return ctx.skip('no-answer', noShapeToJudge(`resources/read of ${uri}`, reply));
      if (reply.kind !== 'result') return ctx.fail({ expected, actual: describeReply(reply) });
      const empty = isObj(reply.result) && Array.isArray(reply.result.contents) && reply.result.contents.length === 0;
      return ctx.fail({
        expected,
        actual: `a result: ${ctx.brief(reply.result, 160)}`,
        ...(empty ? { reason: 'an empty contents array for a resource that does not exist is ambiguous (2026-07-28: MUST NOT)' } : {}),
      });
    },
  },
]);
