// Which tools the tasks checks may run as tasks, and with what. Only tools the user allowed
// (--call-tools) are considered; arguments are generated from the inputSchema, and a tool with
// an argument that plainly names milliseconds (ms, durationMs, delay_ms, ...) is asked to take
// a known time, so a check can watch its task work and end.
import { argumentsFor, compile } from '../arguments.js';
import type { CheckContext } from '../checks/check.js';
import type { Reply } from '../jsonrpc/types.js';
import { describePolicy, mayCallTool } from '../settings.js';
import { defaultDialect, isObj, type Obj, type Tool } from './tool-calls.js';

export type TaskSupport = 'forbidden' | 'optional' | 'required';

export interface TaskToolPlan {
  tool: Tool;
  name: string;
  /** Arguments for a call of about `durationMs` (when the tool has a millisecond argument). */
  args(durationMs: number): Obj;
  /** The call takes a known time (a millisecond argument was found). */
  timed: boolean;
  describe(durationMs: number): string;
}

const MILLIS_ARG = /^(ms|millis(econds)?|(duration|delay|sleep|wait|time)[_-]?ms|(duration|delay|sleep|wait|time)Ms)$/;

/** The tool's execution.taskSupport (2025-11-25 tools#tool; absent means "forbidden"). */
export function taskSupportOf(tool: Tool): TaskSupport {
  const support = isObj(tool.execution) ? tool.execution.taskSupport : undefined;
  return support === 'optional' || support === 'required' ? support : 'forbidden';
}

/** A plan for calling `tool`, or why there is none. */
export function planTaskTool(ctx: CheckContext, tool: Tool): TaskToolPlan | string {
  const name = String(tool.name);
  const generated = argumentsFor(tool.inputSchema, defaultDialect(ctx.revision));
  if (!generated.ok) return `${name}: ${generated.reason ?? 'no valid arguments'}`;
  const schema = isObj(tool.inputSchema) ? tool.inputSchema : {};
  const props = isObj(schema.properties) ? schema.properties : {};
  const validate = compile(schema, defaultDialect(ctx.revision));
  const arg = Object.keys(props).find((key) => {
    const p = props[key];
    return MILLIS_ARG.test(key) && isObj(p) && (p.type === 'integer' || p.type === 'number');
  });
  const args = (durationMs: number): Obj => {
    if (!arg) return generated.value;
    const p = props[arg] as Obj;
    let value = Math.round(durationMs);
    if (typeof p.minimum === 'number') value = Math.max(value, p.minimum);
    if (typeof p.maximum === 'number') value = Math.min(value, p.maximum);
    const timed = { ...generated.value, [arg]: value };
    return validate && validate(timed) ? timed : generated.value;
  };
  const timed = arg !== undefined && args(100) !== generated.value;
  return { tool, name, args, timed, describe: (ms) => (timed ? `${name} with ${arg}=${String(args(ms)[arg as string])}` : `${name} (its duration is not known)`) };
}

/** Allowed tools that declare task support (optional first), planned; or why there are none. */
export async function taskTools(ctx: CheckContext, supports: TaskSupport[] = ['optional', 'required']): Promise<TaskToolPlan[] | string> {
  const { tools } = await ctx.discovery();
  if (!tools) return 'not-declared: the server declares no tools';
  const capable = tools.items.filter((t) => supports.includes(taskSupportOf(t)));
  if (capable.length === 0) return `no listed tool declares execution.taskSupport ${supports.map((s) => `"${s}"`).join(' or ')}`;
  const allowed = capable.filter((t) => mayCallTool(ctx.settings.callTools, t));
  if (allowed.length === 0) return `no-safe-tool: none of the ${capable.length} task-capable tool(s) may be called under ${describePolicy(ctx.settings.callTools)} (allow more with --call-tools)`;
  const ordered = [...allowed].sort((a, b) => supports.indexOf(taskSupportOf(a)) - supports.indexOf(taskSupportOf(b)));
  const plans = ordered.map((t) => planTaskTool(ctx, t));
  const ok = plans.filter((p): p is TaskToolPlan => typeof p !== 'string');
  return ok.length > 0 ? ok : `no valid arguments for any allowed task-capable tool: ${plans.join('; ')}`;
}

/** A reply's result object, if it is one. */
export const resultOf = (r: Reply | undefined): Obj | undefined => (r?.kind === 'result' && isObj(r.result) ? r.result : undefined);

/** The wire sequence numbers of replies, for ctx.cite. */
export const seqsOf = (...replies: (Reply | undefined)[]): number[] => replies.map((r) => (r && (r.kind === 'result' || r.kind === 'error') ? (r.seq ?? 0) : 0)).filter((s) => s > 0);

/** ISO 8601 date-time, as RFC 3339 section 5.6 writes it. */
export function isIsoDateTime(v: unknown): boolean {
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/.test(v) && !Number.isNaN(Date.parse(v));
}
