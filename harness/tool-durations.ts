// Slow tools and their duration argument. A "slow" tool is a guess: a name like slow, sleep,
// wait, delay or long, with a numeric duration argument whose unit can be read from its name or
// description. Its duration is then set by us, so a call takes only as long as a check needs.
import { compile, type Dialect } from './arguments.js';
import { revisionInfo } from './revisions.js';

type Json = Record<string, unknown>;

const SLOW_NAME = /slow|sleep|wait|delay|long|pause/i;
const DURATION_ARG = /^(ms|millis(econds)?|seconds?|secs?|duration|delay|sleep|wait|timeout|time)([_-]?(ms|millis(econds)?|seconds?|secs?|s))?$/i;

function dialect(revision: string): Dialect {
  return revisionInfo(revision).dialect;
}

/** The unit of a duration argument, when its name or description says it. */
function unitOf(name: string, schema: Json): 'ms' | 's' | undefined {
  if (/ms$|millis/i.test(name)) return 'ms';
  if (/sec|^s$/i.test(name)) return 's';
  const text = typeof schema.description === 'string' ? schema.description : '';
  if (/milli/i.test(text)) return 'ms';
  if (/\bsec(ond)?s?\b/i.test(text)) return 's';
  return undefined;
}

export interface SlowArgs {
  args: Json;
  durationMs: number;
  /** The duration argument. */
  arg: string;
  /** That argument's value in the base arguments, in ms (undefined when it is not a number). */
  baseMs: number | undefined;
}

/** Arguments that make `tool` take about `wantMs` (at most `capMs`), if it looks slow and they validate. */
export function slowArgs(tool: Json, base: Json, wantMs: number, revision: string, capMs = Math.min(wantMs * 3, 3000)): SlowArgs | undefined {
  const name = `${String(tool.name)} ${typeof tool.title === 'string' ? tool.title : ''}`;
  if (!SLOW_NAME.test(name)) return undefined;
  const schema = tool.inputSchema as Json | undefined;
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  for (const [arg, prop] of Object.entries(props)) {
    if ((prop.type !== 'number' && prop.type !== 'integer') || !DURATION_ARG.test(arg)) continue;
    const unit = unitOf(arg, prop);
    if (!unit) continue;
    let value = unit === 'ms' ? wantMs : wantMs / 1000;
    if (prop.type === 'integer') value = Math.max(1, Math.round(value));
    if (typeof prop.minimum === 'number') value = Math.max(value, prop.minimum);
    if (typeof prop.maximum === 'number') value = Math.min(value, prop.maximum);
    const durationMs = unit === 'ms' ? value : value * 1000;
    if (durationMs > capMs) continue;
    const args = { ...base, [arg]: value };
    const validate = schema ? compile(schema, dialect(revision)) : null;
    const was = base[arg];
    if (validate && validate(args)) return { args, durationMs, arg, baseMs: typeof was === 'number' ? (unit === 'ms' ? was : was * 1000) : undefined };
  }
  return undefined;
}

/** How long an ordinary call of a slow-looking tool is asked to take. */
const QUICK_MS = 100;

/**
 * Arguments for an ordinary call of `tool` (generated: `base`): a slow-looking tool is asked for
 * about QUICK_MS instead of a longer generated duration, when that fits well within `patienceMs`.
 * Its answer then comes in time to be judged, where a long default (server-everything's
 * long-running operation runs 10 s) would outlast the patience and be cancelled unjudged.
 */
export function quickArgs(tool: Json, base: Json, revision: string, patienceMs: number): Json {
  const quick = slowArgs(tool, base, QUICK_MS, revision, patienceMs / 2);
  return quick && (quick.baseMs === undefined || quick.baseMs > quick.durationMs) ? quick.args : base;
}
