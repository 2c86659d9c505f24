// Sending a hand-built message (odd ids, spoiled envelopes, a modern request on a connection
// without a session) exactly as a check built it. At 2026-07-28 over Streamable HTTP every
// POST carries the request metadata headers mirrored from its body (MCP-Protocol-Version,
// Mcp-Method, Mcp-Name): only ctx.http's raw POST adds them to a hand-built message, so there
// the message goes that way and its answer is read from the POST's own response. Elsewhere
// the conversation sends it as is (legacy HTTP adds its session headers itself).
import type { TransportKind } from '../transport.js';
import type { CheckContext } from '../checks/check.js';
import { isResponseTo, messageOf } from '../checks/http-access.js';
import type { JsonRpcError, JsonRpcId, Reply } from '../jsonrpc/types.js';
import { CLIENT_INFO, META_KEYS, type Conversation } from '../sessions/session.js';

type Json = Record<string, unknown>;

/** Does a hand-built message need ctx.http's raw POST (2026-07-28 over Streamable HTTP)? */
function needsMirroredHeaders(ctx: CheckContext): boolean {
  return ctx.era === 'modern' && ctx.http?.kind === 'streamable-http';
}

/** The per-request `_meta` of 2026-07-28 for a hand-built request (no session to add it). */
export function modernMeta(ctx: CheckContext, capabilities: Json = {}): Json {
  return { [META_KEYS.protocolVersion]: ctx.revision, [META_KEYS.clientCapabilities]: capabilities, [META_KEYS.clientInfo]: CLIENT_INFO };
}

/**
 * Send `message` as built; the reply to it. Over HTTP an error status without a JSON-RPC
 * response is `refused` (the server said no); no HTTP answer, or a 2xx one that never carried
 * the response, is `closed` (nothing answered), with the reason.
 */
export async function sendAsBuilt(ctx: CheckContext, conv: Conversation, message: Json & { id: JsonRpcId; method: string }): Promise<Reply> {
  const http = ctx.http;
  if (!http || !needsMirroredHeaders(ctx)) return conv.requestMessage(message);
  const res = await http.of(conv).post(message);
  if (res.status === 0) return { kind: 'closed', reason: res.problem ?? 'no HTTP answer' };
  const found = responseIn(res.events ? res.events.map(messageOf) : Array.isArray(res.json) ? (res.json as unknown[]) : [res.json], message.id);
  if (found) return toReply(found);
  const ok = res.status >= 200 && res.status < 300;
  if (!ok) return { kind: 'refused', status: res.status, detail: res.body ? res.body.slice(0, 200) : 'no body' };
  return { kind: 'closed', reason: `HTTP ${res.status} without a JSON-RPC response to the request` };
}

/** What became of text that is not a valid message. */
export interface MalformedOutcome {
  /** The JSON-RPC response it drew (id null), if any. */
  answer?: Json;
  /** The wire entry of `answer`, where known. */
  answerSeq?: number;
  /** The answer to the era's fence sent right after it. */
  fence: Reply;
  /** Over HTTP: the status of the POST that carried it (0: no HTTP answer). */
  status?: number;
}

/**
 * Send text that is not a valid message as one frame; the response it drew, if any. On stdio
 * and legacy HTTP, whatever the server says about it arrives before the answer to the fence
 * sent right after; at 2026-07-28 over HTTP the POST (with the headers a request of `method`
 * would carry) answers it itself. Only a response to the text is its answer: the connection is
 * settled by a fence first (a reply the server still owes, or wrongly gives, to earlier input
 * such as notifications/initialized comes before that fence's answer), and of what came between
 * the text and the fence's answer only an error response without an id can be its answer
 * (JSON-RPC answers unparsable or invalid input with an error whose id is null): a
 * notification (it has a method) or an id-less result answers nothing sent.
 */
export async function sendMalformed(ctx: CheckContext, conv: Conversation & { fence(): Promise<Reply> }, text: string, method: string): Promise<MalformedOutcome> {
  const http = ctx.http;
  if (http && needsMirroredHeaders(ctx)) {
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': ctx.revision, 'Mcp-Method': method };
    const res = await http.of(conv).raw({ method: 'POST', headers, body: text });
    const answer = responseIn(res.events ? res.events.map(messageOf) : Array.isArray(res.json) ? (res.json as unknown[]) : [res.json]);
    return { ...(answer ? { answer } : {}), fence: await conv.fence(), status: res.status };
  }
  await conv.fence();
  const mark = conv.mark();
  await conv.sendRaw(text);
  // The POST that carried it has been answered once sendRaw is done; the fence's comes later.
  const status = http?.of(conv).lastResponse?.status;
  const fence = await conv.fence();
  const fenceSeq = fence.kind === 'result' || fence.kind === 'error' ? fence.seq : undefined;
  // Only an error answers unparsable text (id null in JSON-RPC, no id at 2026-07-28): an
  // id-less result, or a notification (it has a method), is about something else.
  const errors = conv.since(mark).filter((m) => isResponse(m.message) && 'error' in m.message && (m.message.id === null || m.message.id === undefined) && (fenceSeq === undefined || m.seq === undefined || m.seq < fenceSeq));
  const found = errors[0];
  const answer = found?.message as Json | undefined;
  return { ...(answer ? { answer } : {}), ...(found?.seq !== undefined ? { answerSeq: found.seq } : {}), fence, ...(status !== undefined ? { status } : {}) };
}

/**
 * Over Streamable HTTP, refused by its status alone: a client error status (4xx) with no
 * JSON-RPC body. That is a correct refusal of input no response can answer: "The HTTP response
 * body MAY comprise a JSON-RPC error response" (basic/transports#sending-messages-to-the-server,
 * a sentence of Streamable HTTP only: over HTTP+SSE the answer is owed on the stream, and a 5xx
 * is the server failing, not refusing).
 */
export function refusedByStatus(outcome: MalformedOutcome, transport: TransportKind): boolean {
  return transport === 'streamable-http' && outcome.answer === undefined && outcome.status !== undefined && outcome.status >= 400 && outcome.status < 500;
}

function isResponse(m: unknown): m is Json {
  return typeof m === 'object' && m !== null && !Array.isArray(m) && !('method' in m) && ('result' in m || 'error' in m);
}

/** The response to `id` among what an HTTP answer carried, else (the answer is scoped to one request) any response. */
function responseIn(messages: unknown[], id?: JsonRpcId): Json | undefined {
  if (id !== undefined) {
    const exact = messages.find((m) => isResponseTo(m, id));
    if (exact) return exact as Json;
  }
  return messages.find(isResponse);
}

function toReply(m: Json): Reply {
  if (typeof m.error === 'object' && m.error !== null) return { kind: 'error', error: m.error as JsonRpcError, message: m };
  return { kind: 'result', result: m.result, message: m };
}

/** The wire sequence numbers of answered replies, for ctx.cite. */
export function seqs(...replies: Reply[]): number[] {
  return replies.flatMap((r) => ((r.kind === 'result' || r.kind === 'error') && r.seq !== undefined ? [r.seq] : []));
}
