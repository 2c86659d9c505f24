// A sample of the server's results, for checks about what every result carries (resultType,
// _meta keys, serverInfo, trace context): the opening result, the fence, the first page of
// every declared list and, when asked, one call of each tool the user allows (a slow-looking
// one asked for a short run), the first prompt and the first resource. Read-only by the spec
// or by the user's --call-tools.
import { argumentsFor } from '../arguments.js';
import type { CheckContext } from '../checks/check.js';
import type { Reply } from '../jsonrpc/types.js';
import type { Session } from '../sessions/session.js';
import { mayCallTool } from '../settings.js';
import { quickArgs } from '../tool-durations.js';

type Json = Record<string, unknown>;

export interface SampledResult {
  /** "tools/list", "tools/call echo", ... */
  what: string;
  result: Json;
  seq?: number;
}

const LISTS = [
  { capability: 'tools', method: 'tools/list' },
  { capability: 'prompts', method: 'prompts/list' },
  { capability: 'resources', method: 'resources/list' },
  { capability: 'resources', method: 'resources/templates/list' },
] as const;
const MAX_TOOL_CALLS = 10;

export interface SampleOptions {
  /** Also call tools, get a prompt, read a resource. */
  calls?: boolean;
  /** Extra `_meta` members for every request (e.g. a traceparent). */
  meta?: Json;
}

export async function sampleResults(ctx: CheckContext, session: Session, opts: SampleOptions = {}): Promise<SampledResult[]> {
  // The opening result, unless there was none (a modern server whose server/discover failed).
  const opening: SampledResult[] = !session.server.capabilitiesUnknown ? [{ what: session.era === 'modern' ? 'server/discover (opening)' : 'initialize', result: session.server.result, ...seqOf(session.server.resultSeq) }] : [];
  const out: SampledResult[] = [...opening];
  const withMeta = (params: Json): Json => (opts.meta ? { ...params, _meta: { ...opts.meta } } : params);
  const take = (what: string, reply: Reply): void => {
    if (reply.kind === 'result' && typeof reply.result === 'object' && reply.result !== null) out.push({ what, result: reply.result as Json, ...seqOf(reply.seq) });
  };
  take(session.rev.fence, await session.request(session.rev.fence, withMeta({})));
  const caps = session.server.capabilities;
  for (const list of LISTS) if (caps[list.capability] !== undefined) take(list.method, await session.request(list.method, withMeta({})));
  if (!opts.calls) return out;
  const { tools, prompts, resources } = await ctx.discovery();
  const allowed = (tools?.items ?? []).filter((t) => typeof t.name === 'string' && mayCallTool(ctx.settings.callTools, t)).slice(0, MAX_TOOL_CALLS);
  for (const t of allowed) {
    const args = argumentsFor(t.inputSchema, ctx.rev.dialect);
    if (args.ok) take(`tools/call ${String(t.name)}`, await session.request('tools/call', withMeta({ name: t.name, arguments: quickArgs(t, args.value, ctx.revision, ctx.timeoutMs) })));
  }
  const prompt = (prompts?.items ?? []).find((p) => typeof p.name === 'string' && !(Array.isArray(p.arguments) && (p.arguments as Json[]).some((a) => a.required === true)));
  if (prompt) take(`prompts/get ${String(prompt.name)}`, await session.request('prompts/get', withMeta({ name: prompt.name })));
  const resource = (resources?.items ?? []).find((r) => typeof r.uri === 'string');
  if (resource) take(`resources/read ${String(resource.uri)}`, await session.request('resources/read', withMeta({ uri: resource.uri })));
  return out;
}

const seqOf = (seq: number | undefined): { seq?: number } => (seq !== undefined ? { seq } : {});

/** Members whose content is the server's own data or a JSON Schema: a `_meta` in there is not MCP's. */
const FREE_FORM = new Set(['inputSchema', 'outputSchema', 'requestedSchema', 'structuredContent', 'properties', '$defs', 'definitions']);

/** Every `_meta` object in a value (results nest them: tools, contents, messages), with where it is. */
export function metaObjects(value: unknown, path = 'result', depth = 0): { path: string; meta: Json }[] {
  if (depth > 12 || typeof value !== 'object' || value === null) return [];
  if (Array.isArray(value)) return value.slice(0, 200).flatMap((v, i) => metaObjects(v, `${path}[${i}]`, depth + 1));
  const out: { path: string; meta: Json }[] = [];
  for (const [key, v] of Object.entries(value as Json)) {
    if (FREE_FORM.has(key)) continue;
    if (key === '_meta' && typeof v === 'object' && v !== null && !Array.isArray(v)) out.push({ path: `${path}._meta`, meta: v as Json });
    else out.push(...metaObjects(v, `${path}.${key}`, depth + 1));
  }
  return out;
}
