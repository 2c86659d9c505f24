// A request the server is likely to answer as an SSE stream at 2026-07-28: a call of an
// allowed tool (a slow one when there is one) asking for progress. The stream is read by the
// session's own transport; the checks judge its headers and events.
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { headerParams, type HttpResponseInfo, type WatchedStream } from '../../../../../harness/checks/http-access.js';
import type { JsonRpcId, Reply } from '../../../../../harness/jsonrpc/types.js';
import { mayCallTool } from '../../../../../harness/settings.js';
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

/** The tool to call, or the skip that says why there is none (with the code of the reason). */
async function plan(ctx: CheckContext): Promise<ToolPlan | Verdict> {
  const planned = await planToolCall(ctx, 300, true);
  if (typeof planned !== 'string') return planned;
  const why = `no streamed answer to observe: ${planned.replace(/^not-declared: /, '')}`;
  const { tools } = await ctx.discovery();
  if (!tools) return ctx.skip('not-declared', why);
  if (tools.items.length === 0) return ctx.skip('not-offered', why);
  if (!tools.items.some((t) => mayCallTool(ctx.settings.callTools, t))) return ctx.skip('not-allowed', why);
  // Tools the user allows, but no arguments that validate could be built for any.
  return ctx.skip('cannot-set-up', why);
}

/** Call an allowed tool with a progress token; a skip (a Verdict) says why no call could be made. */
export async function toolStream(ctx: CheckContext): Promise<ToolStream | Verdict> {
  const planned = await plan(ctx);
  if ('status' in planned) return planned;
  const o = await open(ctx);
  const watch = o.t.watch();
  // Tools with x-mcp-header parameters need their schema known to the session (Mcp-Param-* headers).
  const tool = (await ctx.discovery()).tools?.items.find((t) => t.name === planned.name);
  if (headerParams(tool?.inputSchema).length > 0) await o.session.request('tools/list');
  const token = newProgressToken(o.session);
  const id = `tool-stream-${token.slice(-8)}`;
  const reply = await o.session.request('tools/call', { name: planned.name, arguments: planned.args, _meta: { progressToken: token } }, { id, timeoutMs: ctx.timeoutMs + (planned.durationMs ?? 0) });
  const info = o.t.lastResponse;
  const stream = info?.label !== undefined ? watch.streams.get(info.label) : undefined;
  return { ...o, plan: planned, id, token, reply, info, stream };
}

/** The call answered as an SSE stream, or the skip that says why it cannot be judged as one. */
export function streamed(ctx: CheckContext, call: ToolStream): (ToolStream & { stream: WatchedStream }) | Verdict {
  if (call.reply.kind !== 'result' && call.reply.kind !== 'error') return ctx.skip('no-answer', `the call of ${call.plan.describe} got no response`);
  if (call.info?.contentType !== 'text/event-stream' || !call.stream) {
    // The rules are about SSE answers; answering in JSON is the server's choice.
    const answer = call.info ? `HTTP ${call.info.status} ${call.info.contentType || '(no Content-Type)'}` : 'nothing';
    return ctx.skip('not-applicable', `the call of ${call.plan.describe} was answered with ${answer}, not an SSE stream`);
  }
  return { ...call, stream: call.stream };
}
