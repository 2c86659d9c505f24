// Requests whose answer may depend on what the client declares (2026-07-28): each prompt
// (prompts/get is read-only by the spec) and each tool the user allows (--call-tools), with
// generated arguments. A server that needs the client (elicitation, sampling, roots) answers
// them with an InputRequiredResult (basic/patterns/mrtr) when the capability is declared, and
// with MissingRequiredClientCapability (-32021) when it is not (basic#meta).
import { argumentsFor } from '../arguments.js';
import type { CheckContext } from '../checks/check.js';
import { describeReply, type Reply } from '../jsonrpc/types.js';
import { mayCallTool } from '../settings.js';
import { quickArgs } from '../tool-durations.js';

type Json = Record<string, unknown>;

export interface ClientRequest {
  method: 'prompts/get' | 'tools/call';
  params: Json;
  /** "prompts/get greeting", for evidence. */
  what: string;
}

/** Enough to reach the few prompts and tools that ask the client, without calling everything a large server has. */
const MAX_PROMPTS = 10;
const MAX_TOOLS = 10;

/** The server requests an InputRequiredResult may carry, and the capability each needs (mrtr#server-requirements). */
export const CAPABILITY_OF: Record<string, string> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/** Every client capability the revision defines, declared (elicitation in form mode). */
export function allCapabilities(ctx: CheckContext): Json {
  return Object.fromEntries(ctx.rev.clientCapabilities.map((c) => [c, {}]));
}

export async function clientRequests(ctx: CheckContext): Promise<ClientRequest[]> {
  const { prompts, tools } = await ctx.discovery();
  const out: ClientRequest[] = [];
  for (const p of (prompts?.items ?? []).slice(0, MAX_PROMPTS)) {
    if (typeof p.name !== 'string') continue;
    const args = Array.isArray(p.arguments) ? (p.arguments as Json[]) : [];
    const values = Object.fromEntries(args.filter((a) => a.required === true && typeof a.name === 'string').map((a) => [a.name as string, 'mcp-conformance']));
    out.push({ method: 'prompts/get', params: { name: p.name, arguments: values }, what: `prompts/get ${p.name}` });
  }
  const allowed = (tools?.items ?? []).filter((t) => typeof t.name === 'string' && mayCallTool(ctx.settings.callTools, t));
  for (const t of allowed.slice(0, MAX_TOOLS)) {
    const args = argumentsFor(t.inputSchema, ctx.rev.dialect);
    if (args.ok) out.push({ method: 'tools/call', params: { name: t.name, arguments: quickArgs(t, args.value, ctx.revision, ctx.timeoutMs) }, what: `tools/call ${String(t.name)}` });
  }
  return out;
}

/** What a reply is, coarsely: the same request should get the same kind whatever came before. */
export function kindOf(reply: Reply): string {
  if (reply.kind === 'error') return `error ${String(reply.error.code)}`;
  if (reply.kind !== 'result') return describeReply(reply);
  const type = (reply.result as Json | undefined)?.resultType;
  return type === 'input_required' ? 'an InputRequiredResult' : 'a complete result';
}

export function isInputRequired(reply: Reply): reply is Extract<Reply, { kind: 'result' }> {
  return reply.kind === 'result' && (reply.result as Json | undefined)?.resultType === 'input_required';
}

/** The inputRequests of an InputRequiredResult (key -> {method, params}). */
export function inputRequestsOf(reply: Reply): Record<string, Json> {
  if (reply.kind !== 'result') return {};
  const requests = (reply.result as Json | undefined)?.inputRequests;
  return typeof requests === 'object' && requests !== null && !Array.isArray(requests) ? (requests as Record<string, Json>) : {};
}

export function requestStateOf(reply: Reply): string | undefined {
  const state = reply.kind === 'result' ? (reply.result as Json | undefined)?.requestState : undefined;
  return typeof state === 'string' ? state : undefined;
}

/** The most neutral valid answer to each input request: a declined elicitation, a fixed text, no roots. */
export function neutralResponses(requests: Record<string, Json>): Json {
  const answer = (method: unknown): Json =>
    method === 'sampling/createMessage'
      ? { role: 'assistant', content: { type: 'text', text: 'mcp-conformance: no model behind this test client' }, model: 'mcp-conformance', stopReason: 'endTurn' }
      : method === 'roots/list'
        ? { roots: [] }
        : { action: 'decline' };
  return Object.fromEntries(Object.entries(requests).map(([key, r]) => [key, answer(r.method)]));
}
