// A request the server is likely to answer as an SSE stream at 2026-07-28: a call of an
// allowed tool (a slow one when there is one) asking for progress. The stream is read by the
// session's own transport; the checks judge its headers and events.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import { headerParams, type HttpResponseInfo, type WatchedStream } from '../../../../../harness/checks/http-access.js';
import type { JsonRpcId, Reply } from '../../../../../harness/jsonrpc/types.js';
import { newProgressToken, planToolCall, type ToolPlan } from '../../../../../harness/target/tool-plan.js';
import { open, type Own } from './own-http-session.js';

export interface ToolStream extends Own {
  plan: ToolPlan;
  id: JsonRpcId;
  token: string;
  reply: Reply;
  /** The HTTP answer to the tools/call POST. */
  info: HttpResponseInfo | undefined;
  /** Its SSE stream, when it was one. */
  stream: WatchedStream | undefined;
}

/** Call an allowed tool with a progress token; a string says why no call could be made. */
export async function toolStream(ctx: CheckContext): Promise<ToolStream | string> {
  const plan = await planToolCall(ctx, 300, true);
  if (typeof plan === 'string') return plan;
  const o = await open(ctx);
  const watch = o.t.watch();
  // Tools with x-mcp-header parameters need their schema known to the session (Mcp-Param-* headers).
  const tool = (await ctx.discovery()).tools?.items.find((t) => t.name === plan.name);
  if (headerParams(tool?.inputSchema).length > 0) await o.session.request('tools/list');
  const token = newProgressToken(o.session);
  const id = `tool-stream-${token.slice(-8)}`;
  const reply = await o.session.request('tools/call', { name: plan.name, arguments: plan.args, _meta: { progressToken: token } }, { id, timeoutMs: ctx.timeoutMs + (plan.durationMs ?? 0) });
  const info = o.t.lastResponse;
  const stream = info?.label !== undefined ? watch.streams.get(info.label) : undefined;
  return { ...o, plan, id, token, reply, info, stream };
}

/** Why a call's answer cannot be judged as a stream, or undefined when it can. */
export function notAStream(call: ToolStream): string | undefined {
  if (call.reply.kind !== 'result' && call.reply.kind !== 'error') return `the call of ${call.plan.describe} got no response`;
  if (call.info?.contentType !== 'text/event-stream' || !call.stream) {
    return `the call of ${call.plan.describe} was answered with ${call.info ? `HTTP ${call.info.status} ${call.info.contentType || '(no Content-Type)'}` : 'nothing'}, not an SSE stream`;
  }
  return undefined;
}
