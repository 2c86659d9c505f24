// The options of the library's test functions. They mirror the CLI's flags, by the names the
// config file uses (`startupTimeout` for --startup-timeout), and go through the same parsing:
// a wrong value is the CLI's sentence with the option's name (`timeout must be a positive
// integer, got "0"`), as a UsageError, before anything starts.
import type { RunListener } from '../harness/checks/events.js';
import { suggestion } from '../harness/config/messages.js';
import type { OAuthConfig } from '../harness/config/types.js';
import type { FailOn } from '../reports/model.js';
import type { LayeredOption, OptionName, OptionSource } from './layers.js';
import { UsageError } from './usage-error.js';

/** What a server test and a client test share. */
export interface TestOptions {
  /** Only these spec revisions (default: every revision the target accepts). */
  spec?: string | readonly string[];
  /** Only checks of these areas (`ping`, `tools`, ...). */
  suite?: string | readonly string[];
  /** Only these check ids; `*` is a wildcard (`"ping.*"`). */
  check?: string | readonly string[];
  /** The least time each request is given, in ms (default 5000); a slow target gets three times its slowest answer. */
  timeout?: number;
  /** The most checks at once (default 16): the ceiling of the window the pacing moves. */
  concurrency?: number;
  /** Tools the checks may call: `none`, `readonly` (default: annotated readOnlyHint and not destructive), `all`, or their names. */
  callTools?: 'none' | 'readonly' | 'all' | readonly string[];
  /** Fuzzing seed; a report's `settings.seed` replays its run (default: random). */
  seed?: number;
  /** Fuzzing inputs per property (default 25). */
  fuzzRuns?: number;
  /** `false` skips the fuzzing checks. */
  fuzz?: boolean;
  /** Environment variables of the process the tool starts (a stdio server, a client). */
  env?: Record<string, string>;
  /** Working directory of the process the tool starts. */
  cwd?: string;
  /** What fails the run, for `exitCodeOf` (default `must`); recorded in the report. */
  failOn?: FailOn;
  /** A baseline file of known failures: listed failures are marked expected, listed passes stale. */
  baseline?: string;
  /** Stop the run: the promise resolves with the report of what ran, `aborted` set. */
  signal?: AbortSignal;
  /** Hear the run as it goes: revisions probed, checks done, pace cuts, retries. */
  listener?: RunListener;
}

/** Options of `testServer`: one of `server` or `url`. */
export interface ServerTestOptions extends TestOptions {
  /** The command that starts a stdio server, e.g. `node build/server.js`. */
  server?: string;
  /** The URL of an HTTP server (Streamable HTTP or HTTP+SSE, detected). */
  url?: string;
  /** The most a start or new connection may take to answer its first request, in ms (default 30000). */
  startupTimeout?: number;
  /** The most requests per second sent to the server, every connection together (default: no cap). */
  maxRate?: number;
  /** HTTP headers sent on every request. */
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`. */
  authToken?: string;
  /** A token the authorization server issued for another resource: the server must refuse it. */
  foreignToken?: string;
  /** Force the HTTP transport (default: detect). */
  transport?: 'streamable-http' | 'sse';
  /** Get the token by OAuth, as --oauth (true: the defaults; the fields as a config file's `oauth`). */
  oauth?: true | OAuthConfig;
}

/** Options of `testClient`. */
export interface ClientTestOptions extends TestOptions {
  /** The client's command: `{url}` becomes a scripted HTTP server, `{server}` a stdio server command. */
  client: string;
}

const COMMON = ['spec', 'suite', 'check', 'timeout', 'concurrency', 'callTools', 'seed', 'fuzzRuns', 'fuzz', 'env', 'cwd', 'failOn', 'baseline', 'signal', 'listener'] as const;
export const SERVER_OPTIONS: readonly string[] = [...COMMON, 'server', 'url', 'startupTimeout', 'maxRate', 'headers', 'authToken', 'foreignToken', 'transport', 'oauth'];
export const CLIENT_OPTIONS: readonly string[] = [...COMMON, 'client'];

/** `{ PORT: 3000 }` reaches a process as text; anything but a flat object is a mistake. */
function record(name: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new UsageError(`${name} must be an object of names and values`);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === null || typeof v === 'object') throw new UsageError(`${name}.${k} must be a string, got ${Array.isArray(v) ? 'a list' : String(v)}`);
    out[k] = String(v);
  }
  return out;
}

/** The caller's options as a source of values for the shared parsing (plan.ts). */
export function optionSource(fn: string, options: object, known: readonly string[]): OptionSource {
  if (options === null || typeof options !== 'object') throw new UsageError(`${fn} takes an object of options`);
  const given = options as Record<string, unknown>;
  const unknown = Object.keys(given).find((k) => given[k] !== undefined && !known.includes(k));
  if (unknown !== undefined) throw new UsageError(`${fn} has no option "${unknown}"${suggestion(unknown, known)}`);
  if (given.fuzz !== undefined && typeof given.fuzz !== 'boolean') throw new UsageError(`fuzz must be true or false, got "${String(given.fuzz)}"`);
  const maps = { env: record('env', given.env), headers: record('headers', given.headers) };
  return {
    value: (option: LayeredOption) => given[option],
    name: (option: OptionName) => option,
    map: (kind) => ({ ...maps[kind] }),
    fuzz: () => given.fuzz as boolean | undefined,
    sets: (option: OptionName) => (option === 'env' || option === 'headers' ? Object.keys(maps[option]).length > 0 : Boolean(given[option])),
  };
}
