// Where each option's value comes from: what the caller gave (a flag on the command line, or
// an option of the library call), else the target's own field in the config file, else the
// config file's top-level field, else the default. A mistake in a value names where it came
// from, as the caller spells it: `--timeout`, `timeout`, or `file: target "x": field "timeout"`.
import { sentence } from '../harness/config/messages.js';
import type { ConfigOptions, LoadedConfig, TargetConfig } from '../harness/config/types.js';
import { DEFAULTS } from './defaults.js';
import { UsageError } from './usage-error.js';

/** The options that layer, by their config-file name (which is also the library's option name). */
export type LayeredOption =
  | 'spec'
  | 'suite'
  | 'check'
  | 'timeout'
  | 'startupTimeout'
  | 'maxRate'
  | 'concurrency'
  | 'callTools'
  | 'failOn'
  | 'report'
  | 'out'
  | 'seed'
  | 'fuzzRuns'
  | 'baseline'
  | 'cwd'
  | 'authToken'
  | 'foreignToken'
  | 'transport';

/** Every option a sentence may name: the layered ones and those only the caller gives. */
export type OptionName = LayeredOption | 'server' | 'url' | 'client' | 'headers' | 'env' | 'fuzz';

/**
 * What the caller gave: the command line's flags, or the options of a library call. Values are
 * as given (text from a command line, numbers and lists from code); a parser reads their text.
 */
export interface OptionSource {
  value(option: LayeredOption): unknown;
  /** How a sentence names the option to this caller: `--auth-token`, or `authToken`. */
  name(option: OptionName): string;
  /** Environment variables or HTTP headers given (may throw a UsageError on a malformed entry). */
  map(kind: 'env' | 'headers'): Record<string, string>;
  /** false when fuzzing was turned off, undefined when the caller did not say. */
  fuzz(): boolean | undefined;
  /** Whether the caller set this option to something (a non-empty value or list). */
  sets(option: OptionName): boolean;
}

/** One option's value, as the command line would spell it, and how to name where it came from. */
export interface Picked {
  value: string;
  /** `--timeout`, `timeout`, or `file: target "x": field "timeout"`. */
  label: string;
  fromConfig: boolean;
}

const text = (value: unknown): string => (Array.isArray(value) ? value.join(',') : String(value));

export class Layers {
  constructor(
    readonly given: OptionSource,
    private readonly config?: LoadedConfig,
    private readonly target?: TargetConfig,
  ) {}

  private fieldLabel(field: string, ofTarget: boolean): string {
    const where = ofTarget && this.target ? { target: `target "${this.target.name}"`, field } : { field };
    return sentence(this.config?.display ?? 'config', where, '').trimEnd();
  }

  /** How a sentence names an option to the caller. */
  name(option: OptionName): string {
    return this.given.name(option);
  }

  /** The value of an option after layering; undefined when nobody set it and it has no default. */
  pick(option: LayeredOption): Picked | undefined {
    const given = this.given.value(option);
    if (given !== undefined) return { value: text(given), label: this.given.name(option), fromConfig: false };
    const own = (this.target as Record<string, unknown> | undefined)?.[option];
    if (own !== undefined) return { value: text(own), label: this.fieldLabel(option, true), fromConfig: true };
    const top = (this.config?.options as Record<string, unknown> | undefined)?.[option];
    if (top !== undefined) return { value: text(top), label: this.fieldLabel(option, false), fromConfig: true };
    const fallback = (DEFAULTS as Record<string, string | number>)[option];
    return fallback === undefined ? undefined : { value: String(fallback), label: this.given.name(option), fromConfig: false };
  }

  /** Turned off by the caller, else `fuzz` of the config file, else on. */
  fuzz(): boolean {
    return this.given.fuzz() ?? (this.config?.options as ConfigOptions | undefined)?.fuzz ?? true;
  }

  /** A target's env or headers with the caller's entries added (the caller wins per key). */
  map(kind: 'env' | 'headers'): Record<string, string> {
    const own = (kind === 'env' ? this.target?.env : this.target?.headers) ?? {};
    return { ...own, ...this.given.map(kind) };
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

/** A rate in requests per second: a positive number (fractions allowed: 0.5 is one request every 2 s). */
export function positiveRate(label: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`${label} must be a positive number of requests per second, got "${value}"`);
  return n;
}

export function positiveInt(label: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${label} must be a positive integer, got "${value}"`);
  return n;
}
