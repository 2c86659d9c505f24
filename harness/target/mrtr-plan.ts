// Multi round-trip requests (2026-07-28, basic/patterns/mrtr): which requests of the server
// ask for input, and how to answer them. The survey runs once per revision on its own
// session that declares every client capability: each prompt (prompts/get is always allowed),
// each tool the user allows, and the first listed resources are asked once; those answering
// with an InputRequiredResult are the targets the MRTR checks retry in their own ways.
import { argumentsFor } from '../arguments.js';
import type { CheckContext, OwnConnectionOptions } from '../checks/check.js';
import type { Reply } from '../jsonrpc/types.js';
import type { Session } from '../sessions/session.js';
import { mayCallTool } from '../settings.js';
import { quickArgs } from '../tool-durations.js';
import { learnTools } from './tool-plan.js';

type Json = Record<string, unknown>;

/** Every client capability 2026-07-28 defines, with every sub-feature: the server may ask anything. */
export const ASK_ALL: Json = { elicitation: { form: {}, url: {} }, sampling: { context: {}, tools: {} }, roots: {} };

export const INPUT_METHODS = ['elicitation/create', 'sampling/createMessage', 'roots/list'];
const CAP = 30;

export interface Target {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  params: Json;
  /** e.g. `tool greet_user`. */
  label: string;
}

/** An InputRequiredResult, with the request that got it. */
export interface Asked {
  target: Target;
  result: Json;
  seq?: number;
  /** The client capabilities that request declared. */
  capabilities: Json;
}

export interface Survey {
  /** Requests that asked for input, each with its first InputRequiredResult. */
  targets: { target: Target; first: Asked }[];
  /** Every InputRequiredResult of the survey. */
  asked: Asked[];
  /** What was tried, for skip reasons. */
  tried: string;
  /**
   * The requests that got no answer in time, with the reply that says so: a check that finds too
   * few targets may owe that to the run's own load, and a look holding a timeout makes the checks
   * that read it try again alone (harness/checks/look-timeouts.ts).
   */
  unanswered: { label: string; reply: Reply }[];
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const resultOf = (reply: Reply): Json | undefined => (reply.kind === 'result' && isObject(reply.result) ? reply.result : undefined);
export const isInputRequired = (result: unknown): result is Json => isObject(result) && result.resultType === 'input_required';
export const inputRequestsOf = (result: Json): Record<string, Json> =>
  isObject(result.inputRequests) ? (Object.fromEntries(Object.entries(result.inputRequests).filter(([, v]) => isObject(v))) as Record<string, Json>) : {};

/** Candidate requests: every prompt, every allowed tool, the first listed resources. */
async function candidates(ctx: CheckContext): Promise<{ list: Target[]; tried: string }> {
  const d = await ctx.discovery();
  const list: Target[] = [];
  for (const p of (d.prompts?.items ?? []).slice(0, CAP)) {
    const args: Json = {};
    for (const a of Array.isArray(p.arguments) ? (p.arguments as Json[]) : []) if (a.required === true && typeof a.name === 'string') args[a.name] = 'mcp-conformance';
    list.push({ method: 'prompts/get', params: { name: p.name, arguments: args }, label: `prompt ${String(p.name)}` });
  }
  const tools = (d.tools?.items ?? []).filter((t) => mayCallTool(ctx.settings.callTools, t));
  for (const t of tools.slice(0, CAP)) {
    const args = argumentsFor(t.inputSchema, ctx.rev.dialect);
    if (args.ok) list.push({ method: 'tools/call', params: { name: t.name, arguments: quickArgs(t, args.value, ctx.revision, ctx.timeoutMs) }, label: `tool ${String(t.name)}` });
  }
  const resources = (d.resources?.items ?? []).filter((r) => typeof r.uri === 'string').slice(0, 10);
  for (const r of resources) list.push({ method: 'resources/read', params: { uri: r.uri }, label: `resource ${String(r.uri)}` });
  const tried = `${d.prompts?.items.length ?? 0} prompt(s), ${tools.length} allowed tool(s) and ${resources.length} resource(s) tried with every client capability declared`;
  return { list, tried };
}

/** An own session declaring `capabilities` that has seen every tool (for Mcp-Param-* headers over HTTP). */
export async function mrtrSession(ctx: CheckContext, capabilities: Json, opts: OwnConnectionOptions = {}): Promise<Session> {
  const session = await ctx.session({ clientCapabilities: capabilities, ...opts });
  await learnTools(session);
  return session;
}

/** The survey of the revision (the first MRTR check to ask runs it on its own session). */
export function survey(ctx: CheckContext): Promise<Survey> {
  return ctx.once('mrtr-survey', () => runSurvey(ctx));
}

async function runSurvey(ctx: CheckContext): Promise<Survey> {
  const { list, tried } = await candidates(ctx);
  const session = await mrtrSession(ctx, ASK_ALL);
  const out: Survey = { targets: [], asked: [], tried, unanswered: [] };
  await Promise.all(
    list.map(async (target) => {
      const reply = await session.request(target.method, target.params);
      if (reply.kind === 'timeout') out.unanswered.push({ label: target.label, reply });
      const result = resultOf(reply);
      if (!isInputRequired(result)) return;
      const asked: Asked = { target, result, capabilities: ASK_ALL, ...(reply.kind === 'result' && reply.seq ? { seq: reply.seq } : {}) };
      out.asked.push(asked);
      out.targets.push({ target, first: asked });
    }),
  );
  return out;
}

/** The capability an input request needs, as `elicitation.form`, `sampling.tools`, ... */
export function neededCapability(request: Json): string | undefined {
  const params = isObject(request.params) ? request.params : {};
  switch (request.method) {
    case 'elicitation/create':
      return params.mode === 'url' ? 'elicitation.url' : 'elicitation.form';
    case 'sampling/createMessage':
      return params.tools !== undefined ? 'sampling.tools' : 'sampling';
    case 'roots/list':
      return 'roots';
    default:
      return undefined;
  }
}

/** Did `capabilities` declare `needed`? (An empty elicitation object means form mode.) */
export function declares(capabilities: Json, needed: string): boolean {
  const [top, sub] = needed.split('.') as [string, string | undefined];
  const cap = capabilities[top];
  if (!isObject(cap)) return false;
  if (sub === undefined) return true;
  if (top === 'elicitation' && sub === 'form' && Object.keys(cap).length === 0) return true;
  return isObject(cap[sub]);
}

/** An answer to one input request: accept, with content valid for a form's schema. */
export function answerFor(request: Json, dialect: '2020-12' | 'draft-07'): Json {
  const params = isObject(request.params) ? request.params : {};
  switch (request.method) {
    case 'elicitation/create':
      return params.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: argumentsFor(params.requestedSchema, dialect).value };
    case 'sampling/createMessage':
      return { role: 'assistant', content: { type: 'text', text: 'mcp-conformance' }, model: 'mcp-conformance' };
    case 'roots/list':
      return { roots: [] };
    default:
      return {};
  }
}

/**
 * Can a client answer every input request of this result? A request for a method outside
 * INPUT_METHODS (a server fault) has no well-formed answer, so checks that answer skip it.
 */
export const answerable = (result: Json): boolean => Object.values(inputRequestsOf(result)).every((r) => INPUT_METHODS.includes(String(r.method)));

export function answersFor(result: Json, dialect: '2020-12' | 'draft-07'): Json {
  return Object.fromEntries(Object.entries(inputRequestsOf(result)).map(([k, r]) => [k, answerFor(r, dialect)]));
}

/** The original request again with MRTR fields (`requestState` only when given). */
export function retry(session: Session, target: Target, extra: { inputResponses?: unknown; requestState?: unknown }, malformed?: string): Promise<Reply> {
  return session.request(target.method, { ...target.params, ...extra }, malformed !== undefined ? { malformed } : {});
}

/** The state changed in one character in its middle (a letter or digit, so any encoding notices). */
export function tamper(state: string): string {
  const chars = [...state];
  for (let i = Math.floor(chars.length / 2), n = 0; n < chars.length; n++, i = (i + 1) % chars.length) {
    const c = chars[i]!;
    if (!/[A-Za-z0-9]/.test(c)) continue;
    chars[i] = c === 'A' ? 'B' : /[0-9]/.test(c) ? String((Number(c) + 1) % 10) : 'A';
    return chars.join('');
  }
  return `x${state}`;
}
