// The one judgement of stdio.no-responses and http.no-responses (2026-07-28): the client sends
// no JSON-RPC response, even to the request the asking scenario's server sends during a tool call.
import type { ClientCheckContext } from '../../../harness/client/context.js';
import type { Verdict } from '../../../harness/checks/check.js';
import { expectNone } from '../../../harness/verify/index.js';

export function judgeNoResponses(ctx: ClientCheckContext, how: string): Verdict {
  const responses = ctx.recording.responses();
  const asked = ctx.recording.toClient().some((m) => typeof m.message.method === 'string' && 'id' in m.message);
  return expectNone(
    ctx,
    responses.map((m) => ({ text: `a response${how}: ${ctx.brief(m.message, 200)}`, seq: m.seq })),
    {
      expected: 'no responses from the client',
      judged: asked ? 1 : 0,
      note: 'the server asked, and the client sent no response',
      nothing: { code: 'nothing-observed', detail: 'the client never called the tool during which the server sends a request' },
    },
  );
}
