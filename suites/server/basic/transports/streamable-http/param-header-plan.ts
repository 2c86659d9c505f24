// A call of a tool with x-mcp-header parameters (SHTTP-132), for the checks of Mcp-Param-*
// headers: only a tool the user allows (--call-tools), with arguments that validate against its
// inputSchema and give each annotated parameter a value. The headers are computed here, so a
// check can drop or change one.
import { argumentsFor, compile, dialectOf } from '../../../../../harness/arguments.js';
import type { CheckContext, Verdict } from '../../../../../harness/checks/check.js';
import { encodeHeaderValue, headerParams, isHeaderNamePart, type HeaderOverrides } from '../../../../../harness/checks/http-access.js';
import { isObject, type Json } from '../../../../../harness/rules/json.js';
import { describePolicy, mayCallTool } from '../../../../../harness/settings.js';
import type { Own } from './own-http-session.js';

export interface AnnotatedParam {
  /** The header is Mcp-Param-{name}. */
  name: string;
  path: string[];
  type: unknown;
}

export interface ParamPlan {
  tool: string;
  schema: Json;
  args: Json;
  params: AnnotatedParam[];
}

const SAMPLE: Record<string, unknown> = { string: 'mcp-conformance', integer: 7, boolean: true };

export function valueAt(args: unknown, path: string[]): unknown {
  let v: unknown = args;
  for (const key of path) {
    if (!isObject(v)) return undefined;
    v = v[key];
  }
  return v;
}

/** A copy of `args` with `value` at `path` (objects created on the way). */
export function withValue(args: Json, path: string[], value: unknown): Json {
  const copy = structuredClone(args);
  let at: Json = copy;
  for (const key of path.slice(0, -1)) {
    if (!isObject(at[key])) at[key] = {};
    at = at[key] as Json;
  }
  at[path[path.length - 1] as string] = value;
  return copy;
}

/** Do the arguments validate against the tool's inputSchema? */
export function valid(ctx: CheckContext, plan: Pick<ParamPlan, 'schema'>, args: Json): boolean {
  const dialect = dialectOf(plan.schema, ctx.rev.dialect);
  const validate = dialect ? compile(plan.schema, dialect) : null;
  return validate ? validate(args) : false;
}

/** The tool to call with header parameters, or the skip that says why there is none. */
export async function paramPlan(ctx: CheckContext): Promise<ParamPlan | Verdict> {
  const { tools } = await ctx.discovery();
  if (!tools) return ctx.skip('not-declared', 'the server declares no tools');
  // A tool whose annotation breaks the token syntax is invalid: a conforming client drops it
  // (http.modern-x-mcp-header-* judge that), so it makes no plan here.
  const declaring = tools.items.filter((t) => headerParams(t.inputSchema).length > 0);
  const annotated = declaring.filter((t) => headerParams(t.inputSchema).every((p) => isHeaderNamePart(p.name)));
  if (annotated.length === 0) return ctx.skip('not-offered', declaring.length === 0 ? 'no tool has x-mcp-header parameters' : `no tool with valid x-mcp-header parameters (${declaring.length} with an invalid annotation)`);
  const allowed = annotated.filter((t) => mayCallTool(ctx.settings.callTools, t));
  if (allowed.length === 0) return ctx.skip('not-allowed', `no tool with x-mcp-header parameters the user allowed (${describePolicy(ctx.settings.callTools)}) among ${annotated.length}`);
  for (const tool of allowed) {
    const schema = tool.inputSchema as Json;
    const generated = argumentsFor(schema, ctx.rev.dialect);
    if (!generated.ok) continue;
    let args = generated.value as Json;
    const params = headerParams(schema);
    for (const p of params) {
      const sample = typeof p.type === 'string' ? SAMPLE[p.type] : undefined;
      if (valueAt(args, p.path) === undefined && sample !== undefined) args = withValue(args, p.path, sample);
    }
    const plan = { tool: String(tool.name), schema, args, params };
    if (valid(ctx, plan, args) && params.some((p) => present(valueAt(args, p.path)))) return plan;
  }
  return ctx.skip('cannot-set-up', `no valid arguments with header parameters could be built for ${allowed.map((t) => String(t.name)).join(', ')}`);
}

const present = (v: unknown): boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The Mcp-Param-* headers a conforming client sends for these arguments. */
export function paramHeaders(plan: Pick<ParamPlan, 'params' | 'args'>, args: Json = plan.args): HeaderOverrides {
  const headers: HeaderOverrides = {};
  for (const p of plan.params) {
    const v = valueAt(args, p.path);
    if (present(v)) headers[`Mcp-Param-${p.name}`] = encodeHeaderValue(String(v));
  }
  return headers;
}

/** The parameters with a value in the plan's arguments. */
export const presentParams = (plan: ParamPlan, args: Json = plan.args): AnnotatedParam[] => plan.params.filter((p) => present(valueAt(args, p.path)));

/** The tools/call message of the plan (arguments replaceable). */
export function callMessage(o: Own, plan: ParamPlan, id: string, args: Json = plan.args) {
  return o.session.build('tools/call', { name: plan.tool, arguments: args }, { id });
}
