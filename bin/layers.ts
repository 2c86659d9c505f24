// Where each option's value comes from: a flag on the command line, else the target's own
// field in the config file, else the config file's top-level field, else the default. A
// mistake in a value names where it came from: `--timeout` or `file: target "x": field "timeout"`.
import { sentence } from '../harness/config/messages.js';
import type { ConfigOptions, LoadedConfig, TargetConfig } from '../harness/config/types.js';
import { OPTION_TABLE, UsageError, type CliOptions } from './options.js';

/** Flags (by their table name) that a config file can also set, with the config field's name. */
const CONFIG_FIELD = {
  spec: 'spec',
  suite: 'suite',
  check: 'check',
  timeout: 'timeout',
  'startup-timeout': 'startupTimeout',
  concurrency: 'concurrency',
  'call-tools': 'callTools',
  'fail-on': 'failOn',
  report: 'report',
  out: 'out',
  seed: 'seed',
  'fuzz-runs': 'fuzzRuns',
  baseline: 'baseline',
  cwd: 'cwd',
  'auth-token': 'authToken',
  'foreign-token': 'foreignToken',
  transport: 'transport',
} as const;

export type LayeredFlag = keyof typeof CONFIG_FIELD;

const FLAG_VALUE: Record<LayeredFlag, (o: CliOptions) => string | undefined> = {
  spec: (o) => o.spec,
  suite: (o) => o.suite,
  check: (o) => o.check,
  timeout: (o) => o.timeout,
  'startup-timeout': (o) => o.startupTimeout,
  concurrency: (o) => o.concurrency,
  'call-tools': (o) => o.callTools,
  'fail-on': (o) => o.failOn,
  report: (o) => o.report,
  out: (o) => o.out,
  seed: (o) => o.seed,
  'fuzz-runs': (o) => o.fuzzRuns,
  baseline: (o) => o.baseline,
  cwd: (o) => o.cwd,
  'auth-token': (o) => o.authToken,
  'foreign-token': (o) => o.foreignToken,
  transport: (o) => o.transport,
};

/** One option's value, as the command line would spell it, and how to name where it came from. */
export interface Picked {
  value: string;
  /** `--timeout`, or `file: target "x": field "timeout"`. */
  label: string;
  fromConfig: boolean;
}

const text = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

export class Layers {
  constructor(
    private readonly opts: CliOptions,
    private readonly config?: LoadedConfig,
    private readonly target?: TargetConfig,
  ) {}

  private fieldLabel(field: string, ofTarget: boolean): string {
    const where = ofTarget && this.target ? { target: `target "${this.target.name}"`, field } : { field };
    return sentence(this.config?.display ?? 'config', where, '').trimEnd();
  }

  /** The value of a flag after layering; undefined when nobody set it and it has no default. */
  pick(flag: LayeredFlag): Picked | undefined {
    const fromFlag = FLAG_VALUE[flag](this.opts);
    if (this.opts.given.has(flag) && fromFlag !== undefined) return { value: fromFlag, label: `--${flag}`, fromConfig: false };
    const field = CONFIG_FIELD[flag];
    const own = (this.target as Record<string, unknown> | undefined)?.[field];
    if (own !== undefined) return { value: text(own), label: this.fieldLabel(field, true), fromConfig: true };
    const top = (this.config?.options as Record<string, unknown> | undefined)?.[field];
    if (top !== undefined) return { value: text(top), label: this.fieldLabel(field, false), fromConfig: true };
    const fallback = fromFlag ?? OPTION_TABLE[flag]?.default;
    return fallback === undefined ? undefined : { value: fallback, label: `--${flag}`, fromConfig: false };
  }

  /** --no-fuzz, else `fuzz` of the config file, else on. */
  fuzz(): boolean {
    if (this.opts.given.has('no-fuzz')) return false;
    return (this.config?.options as ConfigOptions | undefined)?.fuzz ?? true;
  }

  /** A target's env or headers with --env / --header entries added (a flag wins per key). */
  map(kind: 'env' | 'header'): Record<string, string> {
    const own = (kind === 'env' ? this.target?.env : this.target?.headers) ?? {};
    const flags = kind === 'env' ? this.opts.env : this.opts.header;
    return { ...own, ...keyValues(kind, flags, kind === 'env' ? '=' : ':') };
  }

  /**
   * Run a parser over a picked value; its UsageError ("unknown suite ...") is prefixed with the
   * place in the config file when the value came from there.
   */
  parse<T>(picked: Picked, parser: (value: string) => T): T {
    try {
      return parser(picked.value);
    } catch (error) {
      if (error instanceof UsageError && picked.fromConfig && !error.message.startsWith(picked.label)) {
        throw new UsageError(`${picked.label}: ${error.message}`);
      }
      throw error;
    }
  }
}

export function keyValues(flag: string, items: readonly string[], sep: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const i = item.indexOf(sep);
    if (i <= 0) throw new UsageError(`--${flag} takes "KEY${sep}VALUE", got "${item}"`);
    out[item.slice(0, i).trim()] = item.slice(i + sep.length).trim();
  }
  return out;
}

export function positiveInt(label: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${label} must be a positive integer, got "${value}"`);
  return n;
}
