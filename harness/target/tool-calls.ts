// Calling tools for the tools suite: which tools the user's policy allows, valid generated
// arguments for them, and one call per tool per revision (memoized on the revision's shared
// session, so every check that needs a tool's result shares the one call).
import { isDeepStrictEqual } from 'node:util';
import { argumentsFor, compile, dialectOf, type Dialect } from '../arguments.js';
import type { CheckContext, Verdict } from '../checks/check.js';
import type { Reply } from '../jsonrpc/types.js';
import { REVISIONS } from '../revisions.js';
import { describeReply } from '../jsonrpc/types.js';
import type { Session } from '../sessions/session.js';
import { describePolicy, mayCallTool } from '../settings.js';
import { quickArgs } from '../tool-durations.js';

export type Tool = Record<string, unknown>;
export type Obj = Record<string, unknown>;
/** At most this many tools are called per revision. */
const MAX_CALLS = 20;
/**
 * How long a call with generated arguments may run before it is cancelled and left unjudged
 * (never longer than --timeout). Tools may legitimately take long (server-everything's
 * trigger-long-running-operation runs 10 s by default); a conformance run does not wait for them,
 * and asks a slow-looking tool for a short run (quickArgs).
 */
const CALL_PATIENCE_MS = 2000;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The default dialect of tool schemas at a revision (BASE-040: 2020-12 from 2025-11-25). */
export function defaultDialect(revision: string): Dialect {
  return REVISIONS.find((r) => r.id === revision)?.dialect === '2020-12' ? '2020-12' : 'draft-07';
}

/** Discovered tools, first of each name (a duplicate is tools.unique-names' business). */
export async function listedTools(ctx: CheckContext): Promise<Tool[] | Verdict> {
  const { tools } = await ctx.discovery();
  if (!tools) return ctx.skip('not-declared', 'no tools capability');
  if (tools.items.length === 0) return ctx.skip('not-offered', `no tools listed${tools.problem ? ` (${tools.problem})` : ''}`);
  const seen = new Set<unknown>();
  return tools.items.filter((t) => typeof t.name === 'string' && !seen.has(t.name) && seen.add(t.name));
}

export interface Callable {
  tool: Tool;
  name: string;
  args: Obj;
}

/** The tools the policy allows, with valid generated arguments; why the others are left out. */
export function callable(ctx: CheckContext, tools: Tool[]): { ok: Callable[]; left: string[]; allowed: number } {
  const allowed = tools.filter((t) => mayCallTool(ctx.settings.callTools, t as { name?: unknown }));
  const ok: Callable[] = [];
  const left: string[] = [];
  for (const tool of allowed.slice(0, MAX_CALLS)) {
    const generated = argumentsFor(tool.inputSchema, defaultDialect(ctx.revision));
    if (generated.ok) ok.push({ tool, name: tool.name as string, args: quickArgs(tool, generated.value, ctx.revision, CALL_PATIENCE_MS) });
    else left.push(`${String(tool.name)}: ${generated.reason ?? 'no valid arguments'}`);
  }
  if (allowed.length > MAX_CALLS) left.push(`${allowed.length - MAX_CALLS} more allowed tool(s) not called (at most ${MAX_CALLS})`);
  return { ok, left, allowed: allowed.length };
}

export function noSafeTool(ctx: CheckContext, what = 'no listed tool'): Verdict {
  return ctx.skip('not-allowed', `${what} may be called under ${describePolicy(ctx.settings.callTools)} (allow more with --call-tools)`);
}

let callCounter = 0;

/** One call per tool per revision (on the shared session), shared by every check that needs it. */
export async function callOnce(ctx: CheckContext, c: Callable): Promise<Reply> {
  const got = await ctx.once(`tools/call:${c.name}`, async () => callTool(ctx, await ctx.shared(), c.name, c.args));
  if ((got.kind === 'result' || got.kind === 'error') && got.seq) ctx.cite(got.seq);
  return got;
}

/** tools/call; a call that outlives the timeout is cancelled (basic/utilities/cancellation). */
async function callTool(ctx: CheckContext, session: Session, name: string, args: Obj): Promise<Reply> {
  const id = `mcp-conformance-call-${++callCounter}`;
  const timeoutMs = Math.min(ctx.timeoutMs, CALL_PATIENCE_MS);
  const reply = await session.request('tools/call', { name, arguments: args }, { id, timeoutMs });
  if (reply.kind === 'timeout') {
    await session.notify('notifications/cancelled', { requestId: id, reason: 'no answer within the timeout' });
  }
  return reply;
}

/** Non-error results of calls to allowed tools that declare an outputSchema. */
export async function structuredResults(ctx: CheckContext): Promise<{ judged: { c: Callable; result: Obj }[]; notes: string[] } | Verdict> {
  const tools = await listedTools(ctx);
  if (!Array.isArray(tools)) return tools;
  const withSchema = tools.filter((t) => isObj(t.outputSchema));
  if (withSchema.length === 0) return ctx.skip('not-offered', 'no listed tool declares an outputSchema');
  const { ok, left, allowed } = callable(ctx, withSchema);
  if (allowed === 0) return noSafeTool(ctx, 'no tool with an outputSchema');
  const notes = [...left];
  const judged: { c: Callable; result: Obj }[] = [];
  for (const [i, reply] of (await Promise.all(ok.map((c) => callOnce(ctx, c)))).entries()) {
    const c = ok[i] as Callable;
    if (reply.kind !== 'result') notes.push(`${c.name}: ${describeReply(reply)}`);
    else if (!isObj(reply.result) || reply.result.isError === true) notes.push(`${c.name}: a tool error (isError)`);
    else judged.push({ c, result: reply.result });
  }
  if (judged.length === 0) return ctx.skip('nothing-observed', `no successful call to judge: ${notes.join('; ')}`);
  return { judged, notes };
}

/** Arguments a tool's inputSchema really forbids, and what is wrong with them, in words. */
export interface InvalidProbe {
  name: string;
  args: Obj;
  /** e.g. `without its required "query"`, `with "count" as a string`. */
  what: string;
}

/**
 * A callable tool (read-only ones first) with arguments its inputSchema really forbids: its
 * valid arguments less a required member, or else with a member of another type. A required
 * member that has a default is never left out: generators (zod) list such fields as required,
 * and a server that applies the default does what the schema's default says (issue 38).
 * Leaving out is tried on every tool before a wrong type on any: the plainer probe first.
 */
export function invalidProbe(ctx: CheckContext, ok: Callable[]): InvalidProbe | undefined {
  const ordered = [...ok].sort((a, b) => readOnlyRank(a.tool) - readOnlyRank(b.tool)).flatMap((c) => {
    const schema = c.tool.inputSchema as Obj;
    const validate = compile(schema, dialectOf(schema, defaultDialect(ctx.revision)) ?? 'draft-07');
    return validate ? [{ c, schema, validate }] : [];
  });
  for (const { c, schema, validate } of ordered) {
    for (const missing of requiredOf(schema)) {
      if (hasDefault(propertyOf(schema, missing), schema)) continue;
      const { [missing]: _dropped, ...args } = c.args;
      if (!validate(args)) return { name: c.name, args, what: `without its required "${missing}"` };
    }
  }
  for (const { c, schema, validate } of ordered) {
    const props = isObj(schema.properties) ? Object.keys(schema.properties) : [];
    for (const member of [...new Set([...requiredOf(schema), ...props])]) {
      const wrong = wrongTyped(propertyOf(schema, member));
      if (!wrong) continue;
      const args = { ...c.args, [member]: wrong.value };
      if (!validate(args)) return { name: c.name, args, what: `with "${member}" as ${wrong.as} (the inputSchema says ${wrong.type})` };
    }
  }
  return undefined;
}

const requiredOf = (schema: Obj): string[] => (Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);

/** The schema of a member (through one local $ref), or undefined. */
function propertyOf(schema: Obj, name: string): Obj | undefined {
  const prop = isObj(schema.properties) ? schema.properties[name] : undefined;
  return isObj(prop) ? deref(prop, schema) : undefined;
}

function deref(node: Obj, root: Obj): Obj {
  if (typeof node.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
  let at: unknown = root;
  for (const part of node.$ref.slice(2).split('/')) at = isObj(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObj(at) ? { ...at, ...node } : node;
}

/** Does the member's schema give a default (directly, or in one of its allOf parts)? */
function hasDefault(prop: Obj | undefined, root: Obj): boolean {
  if (!prop) return false;
  if ('default' in prop) return true;
  return Array.isArray(prop.allOf) && prop.allOf.some((p) => isObj(p) && 'default' in deref(p, root));
}

/**
 * A value of another type than the member's one declared type, which no lenient validator takes
 * for it (an object for a string, a word for a number or a boolean); undefined when the member
 * declares no single type (a union, an enum without type) that a value can surely break.
 */
function wrongTyped(prop: Obj | undefined): { value: unknown; as: string; type: string } | undefined {
  if (!prop || 'const' in prop || Array.isArray(prop.anyOf) || Array.isArray(prop.oneOf)) return undefined;
  const type = prop.type;
  if (typeof type !== 'string' || type === 'null') return undefined;
  if (type === 'string') return { value: { 'mcp-conformance': 'not a string' }, as: 'an object', type: 'string' };
  return { value: `mcp-conformance-not-a-${type}`, as: 'a string', type };
}

/** Read-only first, then declared non-destructive, then the rest (--call-tools all/names). */
function readOnlyRank(tool: Tool): number {
  const a = isObj(tool.annotations) ? tool.annotations : {};
  return a.readOnlyHint === true ? 0 : a.destructiveHint === false ? 1 : 2;
}

/** Is this content item a text block holding the JSON of `value`? */
export function sameJson(item: unknown, value: unknown): boolean {
  if (!isObj(item) || item.type !== 'text' || typeof item.text !== 'string') return false;
  try {
    return isDeepStrictEqual(JSON.parse(item.text), value);
  } catch {
    return false;
  }
}
