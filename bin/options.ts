// The option table: one entry per flag, from which both the parser and --help are made.
import { parseArgs } from 'node:util';
import { DEFAULTS } from '../api/defaults.js';
import { UsageError } from '../api/usage-error.js';
import { DEFAULT_LOGIN_TIMEOUT_MS } from '../harness/oauth/types.js';

export { UsageError };

export const OAUTH_FLAGS = ['oauth-grant', 'oauth-client-id', 'oauth-client-secret', 'oauth-client-metadata-url', 'oauth-open', 'oauth-cache', 'oauth-login-timeout'] as const;
export type OAuthFlag = (typeof OAUTH_FLAGS)[number];

export interface CliOptions {
  server?: string;
  url?: string;
  client?: string;
  spec?: string;
  suite?: string;
  check?: string;
  list: boolean;
  timeout: string;
  startupTimeout?: string;
  maxRate?: string;
  concurrency: string;
  env: string[];
  cwd?: string;
  header: string[];
  report: string;
  out?: string;
  baseline?: string;
  writeBaseline?: string;
  badge?: string;
  failOn: string;
  callTools: string;
  transport?: string;
  authToken?: string;
  foreignToken?: string;
  /** --oauth and its --oauth-* flags, as given (bin/flag-source.ts reads them). */
  oauth: boolean;
  oauthFlags: Partial<Record<OAuthFlag, string>>;
  seed?: string;
  fuzzRuns?: string;
  fuzz: boolean;
  color: boolean;
  verbose: boolean;
  quiet: boolean;
  version: boolean;
  help: boolean;
  config?: string;
  target?: string;
  shard?: string;
  /** The flags given on the command line (by table name), so that they override a config file. */
  given: ReadonlySet<string>;
}

interface OptionSpec {
  type: 'string' | 'boolean';
  arg?: string;
  multiple?: boolean;
  short?: string;
  default?: string;
  help: string;
}

/** Keyed by flag name; the order is the order of --help. */
export const OPTION_TABLE: Record<string, OptionSpec> = {
  server: { type: 'string', arg: '<cmd>', help: 'launch this command and test it as a stdio MCP server' },
  url: { type: 'string', arg: '<url>', help: 'test the MCP server at this HTTP URL (Streamable HTTP)' },
  client: {
    type: 'string',
    arg: '<cmd>',
    help: 'test the MCP client this command runs (`mcp-conformance client --client ...`): {url} becomes a scripted HTTP server, {server} a stdio server command; without either the URL is appended',
  },
  config: { type: 'string', arg: '<file>', help: 'config file (default: mcp-conformance.config.json, .yaml or .yml in the working directory)' },
  target: { type: 'string', arg: '<name,...>', help: 'only these targets of the config file' },
  shard: { type: 'string', arg: '<i/n>', help: "run the i-th of n shares of the config's targets (merge with merge-reports)" },
  spec: { type: 'string', arg: '<rev,...>', help: 'only these spec revisions (default: every revision the server accepts)' },
  suite: { type: 'string', arg: '<area,...>', help: 'only checks of these areas (see --list)' },
  check: { type: 'string', arg: '<id,...>', help: 'only these check ids; `*` is a wildcard (e.g. "base.*")' },
  list: { type: 'boolean', help: 'list every check (id, level, revisions, title) and exit' },
  timeout: { type: 'string', arg: '<ms>', default: String(DEFAULTS.timeout), help: 'least time allowed for each request (a slow target is given a few times its slowest answer)' },
  'startup-timeout': { type: 'string', arg: '<ms>', default: String(DEFAULTS.startupTimeout), help: 'most time a server start or new connection may take to answer its first request (ends as soon as it answers)' },
  concurrency: { type: 'string', arg: '<n>', default: String(DEFAULTS.concurrency), help: 'checks run at once (with several targets: targets at once x checks at once)' },
  'max-rate': {
    type: 'string',
    arg: '<requests/s>',
    help: 'most requests per second sent to the server, all connections together (default: no cap; a 429 or 503 with Retry-After is waited out either way)',
  },
  env: { type: 'string', arg: '<K=V>', multiple: true, help: 'environment variable for the server process (repeatable)' },
  cwd: { type: 'string', arg: '<dir>', help: 'working directory of the server process' },
  header: { type: 'string', arg: '<"K: V">', multiple: true, help: 'HTTP header sent on every request (repeatable)' },
  'auth-token': { type: 'string', arg: '<token>', help: 'send "Authorization: Bearer <token>" (HTTP)' },
  'foreign-token': { type: 'string', arg: '<token>', help: 'a token the authorization server issued for another resource: it must be refused (HTTP)' },
  oauth: { type: 'boolean', help: 'get the token by OAuth: discover the authorization server, register or use --oauth-client-id, log in through a loopback redirect; renewed when it expires (HTTP)' },
  'oauth-grant': { type: 'string', arg: '<grant>', default: 'authorization_code', help: '--oauth grant: authorization_code (PKCE, a login) or client_credentials (a confidential client)' },
  'oauth-client-id': { type: 'string', arg: '<id>', help: '--oauth: a pre-registered client id (default: dynamic client registration)' },
  'oauth-client-secret': { type: 'string', arg: '<secret>', help: "--oauth: the pre-registered client's secret (a confidential client)" },
  'oauth-client-metadata-url': { type: 'string', arg: '<url>', help: '--oauth: the client ID metadata document URL to use as client_id' },
  'oauth-open': { type: 'string', arg: '<"cmd {url}">', help: '--oauth: run this command with the authorization URL instead of printing it (a browser, or a script for CI)' },
  'oauth-cache': { type: 'string', arg: '<file>', help: '--oauth: keep the tokens in this file (mode 0600) between runs; nowhere else' },
  'oauth-login-timeout': { type: 'string', arg: '<ms>', default: String(DEFAULT_LOGIN_TIMEOUT_MS), help: '--oauth: the most time the login may take' },
  transport: { type: 'string', arg: '<kind>', help: 'force the HTTP transport: streamable-http or sse (default: detect)' },
  'call-tools': {
    type: 'string',
    arg: '<policy>',
    default: DEFAULTS.callTools,
    help: 'tools the suite may call: none, readonly (annotated readOnlyHint and not destructive), all, or name,name',
  },
  seed: { type: 'string', arg: '<n>', help: 'fuzzing seed (a reported seed replays the run)' },
  'fuzz-runs': { type: 'string', arg: '<n>', help: 'fuzzing inputs per property (default: 25; 10000 for a deep run)' },
  'no-fuzz': { type: 'boolean', help: 'skip the fuzzing suite' },
  report: {
    type: 'string',
    arg: '<kinds>',
    default: DEFAULTS.report,
    help: 'reports to produce, comma-separated: console, json, html, junit, markdown (or md) (any file report also writes report.json)',
  },
  out: { type: 'string', arg: '<dir>', help: 'folder for file reports (default: mcp-conformance-report)' },
  baseline: { type: 'string', arg: '<file.yml>', help: 'known failures (check ids, id@revision): expected, not failing; a listed check that passes fails the run' },
  'write-baseline': { type: 'string', arg: '<file.yml>', help: "write this run's failures as a baseline file" },
  badge: { type: 'string', arg: '<file.svg>', help: 'write an SVG badge of the result (newest revision, MUST compliance) for a README' },
  'fail-on': { type: 'string', arg: '<level>', default: DEFAULTS.failOn, help: 'what fails the run: must (a broken MUST), should (also warnings), none' },
  'no-color': { type: 'boolean', help: 'no colours in the console (NO_COLOR is honoured too)' },
  verbose: { type: 'boolean', short: 'v', help: 'print the wire excerpt of every failure' },
  quiet: { type: 'boolean', short: 'q', help: 'print only failures and the closing line' },
  version: { type: 'boolean', short: 'V', help: 'print the version and exit' },
  help: { type: 'boolean', short: 'h', help: 'print this help and exit' },
};

export const EXIT_CODES = [
  [0, 'no MUST-level check failed and every check decided (see --fail-on), or no regression (diff)'],
  [1, "a MUST-level check failed or could not decide, or a revision's probe got no answer even when tried again alone (see --fail-on); a baseline entry is stale; or a regression (diff)"],
  [2, 'usage error (unknown flag, bad value, bad config, baseline or report file)'],
  [3, 'a target could not be started or reached (with several targets, this wins over 4 and 1)'],
  [4, 'nothing was tested: no revision accepted, or every check skipped'],
  [130, 'interrupted (Ctrl-C); the report of what ran is still written'],
] as const;

/** node:util's parse errors, as one sentence of ours. */
function parseArgsMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: string }).code;
  const quoted = /'([^']+)'/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && quoted) return `unknown option ${quoted} (see --help)`;
  if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && quoted) return `unexpected argument "${quoted}" (options start with --; see --help)`;
  const missing = /^Option '(-[\w-]+(?:, --[\w-]+)?)(?: <value>)?' argument missing/.exec(message)?.[1];
  if (missing) return `${missing} needs a value (see --help)`;
  const first = message.split('\n')[0] ?? message;
  return first.replace(/\.\s.*$/, '').replace(/\.$/, '');
}

export function parseCli(argv: string[]): CliOptions {
  const options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }> = {};
  for (const [name, spec] of Object.entries(OPTION_TABLE)) {
    options[name] = { type: spec.type, ...(spec.multiple ? { multiple: true } : {}), ...(spec.short ? { short: spec.short } : {}) };
  }
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(parseArgsMessage(error));
  }
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const list = (k: string) => (Array.isArray(values[k]) ? (values[k] as string[]) : []);
  const opts: CliOptions = {
    list: values.list === true,
    timeout: str('timeout') ?? String(DEFAULTS.timeout),
    concurrency: str('concurrency') ?? String(DEFAULTS.concurrency),
    env: list('env'),
    header: list('header'),
    report: str('report') ?? DEFAULTS.report,
    failOn: str('fail-on') ?? DEFAULTS.failOn,
    callTools: str('call-tools') ?? DEFAULTS.callTools,
    fuzz: values['no-fuzz'] !== true,
    color: values['no-color'] !== true,
    verbose: values.verbose === true,
    quiet: values.quiet === true,
    version: values.version === true,
    help: values.help === true,
    oauth: values.oauth === true,
    oauthFlags: Object.fromEntries(OAUTH_FLAGS.flatMap((f) => (str(f) !== undefined ? [[f, str(f) as string]] : []))),
    given: new Set(Object.keys(values)),
  };
  for (const k of ['server', 'url', 'client', 'spec', 'suite', 'check', 'cwd', 'out', 'transport', 'seed', 'config', 'target', 'shard'] as const) {
    const v = str(k);
    if (v !== undefined) opts[k] = v;
  }
  if (str('auth-token') !== undefined) opts.authToken = str('auth-token');
  if (str('foreign-token') !== undefined) opts.foreignToken = str('foreign-token');
  if (str('fuzz-runs') !== undefined) opts.fuzzRuns = str('fuzz-runs');
  if (str('startup-timeout') !== undefined) opts.startupTimeout = str('startup-timeout');
  if (str('max-rate') !== undefined) opts.maxRate = str('max-rate');
  if (str('baseline') !== undefined) opts.baseline = str('baseline');
  if (str('write-baseline') !== undefined) opts.writeBaseline = str('write-baseline');
  if (str('badge') !== undefined) opts.badge = str('badge');
  return opts;
}

export function helpText(): string {
  const lines = [
    'mcp-conformance: test an MCP server against the Model Context Protocol specification',
    '',
    'Usage:',
    '  mcp-conformance --server "<command>" [options]   test a stdio server',
    '  mcp-conformance --url <url> [options]            test an HTTP server',
    '  mcp-conformance client --client "<cmd> {url}"    test an MCP client (HTTP; {server} for stdio)',
    '  mcp-conformance [--config <file>] [options]      test every target of the config file',
    '  mcp-conformance --list                           list the checks',
    '  mcp-conformance diff <old.json> <new.json>       compare two runs: regressions and fixes',
    '  mcp-conformance merge-reports <dir>... [--out <dir>]   combine the combined.json of shards',
    '',
    'Options:',
  ];
  for (const [name, spec] of Object.entries(OPTION_TABLE)) {
    const flag = `${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.arg ? ` ${spec.arg}` : ''}`;
    lines.push(`  ${flag.padEnd(30)} ${spec.help}${spec.default ? ` (default: ${spec.default})` : ''}`);
  }
  lines.push('', 'Exit codes:');
  for (const [code, meaning] of EXIT_CODES) lines.push(`  ${String(code).padEnd(4)} ${meaning}`);
  return lines.join('\n');
}
