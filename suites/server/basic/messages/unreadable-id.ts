// basic#error-responses at 2026-07-28: an error about input whose id could not be read leaves
// `id` out. The shape is `id?: string | number` and the schema's RequestId is string | integer
// with no null, so JSON-RPC 2.0's `"id": null` is no MCP message there; absence is the one
// shape the revision allows. (2025-11-25 has the same shape and schema: see the report of issue
// 32 before widening this; up to 2025-06-18 the schema requires an id and has no shape for it.)
// Judged on the error that unparsable JSON draws, over stdio and Streamable HTTP alike.
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { sendMalformed } from '../../../../harness/target/as-built.js';
import { expectNone } from '../../../../harness/verify/index.js';

/** Truncated JSON: no parser can read its id. */
const UNPARSABLE = '{"jsonrpc":"2.0","id":"unreadable","method":"server/discover","params":{';

export const unreadableIdChecks = defineChecks({ page: 'basic/messages', revisions: RANGE.modern, transports: ['stdio', 'streamable-http'] }, [
  {
    id: 'base.unreadable-id-error-omits-id',
    title: 'An error about input whose id could not be read leaves id out (never "id": null)',
    spec: { url: 'basic#error-responses', level: 'MUST' },
    requirement:
      'Error responses MUST include the same ID as the request they correspond to (except in error cases where the ID could not be read due a malformed request). (Shape: id?: string | number; schema: RequestId is string | integer.)',
    fix: 'Answer unparsable input with {"jsonrpc": "2.0", "error": {"code": {code:ParseError}, "message": ...}} and no id member',
    digest: ['BASE-008'],
    needs: ['own-session', 'raw-http'],
    faults: ['unreadable-id-error-id-null'],
    async run(ctx) {
      const session = await ctx.session();
      const { answer, answerSeq, fence, status } = await sendMalformed(ctx, session, UNPARSABLE, ctx.rev.fence);
      if (fence.kind !== 'result' && fence.kind !== 'error') return ctx.skip('no-answer', `the server did not answer the ${ctx.rev.fence} after unparsable JSON (see base.parse-error-survived): ${describeReply(fence)}`);
      const http = status === undefined ? '' : ` (HTTP ${status})`;
      if (!answer) return ctx.skip('nothing-observed', `unparsable JSON drew no JSON-RPC error${http}: no id to judge`);
      // A server that still picked the id out of the broken text and echoed it has read it.
      const read = answer.id === 'unreadable';
      const wrongId = 'id' in answer && !read ? [{ text: `an error response with id ${JSON.stringify(answer.id)}${http}: ${ctx.brief(answer, 160)}`, ...(answerSeq !== undefined ? { seq: answerSeq } : {}) }] : [];
      return expectNone(ctx, wrongId, {
        expected: 'an error response with no id member (id?: string | number: null is not a RequestId)',
        judged: 1,
        note: read ? `error carrying the id it still read from the broken text${http}` : `error without an id${http}`,
      });
    },
  },
]);
