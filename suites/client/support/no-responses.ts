// The one judgement of stdio.no-responses and http.no-responses (2026-07-28): the client sends
// no JSON-RPC response, even to the request the asking scenario's server sends during a tool call.
import type { ClientCheckContext } from '../../../harness/client/context.js';
import type { Verdict } from '../../../harness/checks/check.js';

export function judgeNoResponses(ctx: ClientCheckContext, how: string): Verdict {
  const responses = ctx.recording.responses();
  if (responses.length > 0) {
    ctx.cite(...responses.slice(0, 3).map((m) => m.seq));
    return ctx.fail({ expected: 'no responses from the client', actual: `${responses.length} response(s)${how}: ${ctx.brief(responses[0]?.message, 200)}` });
  }
  const asked = ctx.recording.toClient().some((m) => typeof m.message.method === 'string' && 'id' in m.message);
  return asked ? ctx.pass() : ctx.skip('nothing-observed', 'the client never called the tool during which the server sends a request');
}
