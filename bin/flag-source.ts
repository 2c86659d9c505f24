// The command line as a source of option values for the library's planning (api/plan.ts):
// a flag counts only when it was given, so that a config file's value shows through otherwise,
// and every sentence names the option as the user typed it (`--auth-token`).
import type { LayeredOption, OptionName, OptionSource } from '../api/layers.js';
import type { RunRequest } from '../api/plan.js';
import { DEFAULT_LOGIN_TIMEOUT_MS, type OAuthSettings } from '../harness/oauth/types.js';
import { UsageError, type CliOptions } from './options.js';

/** Each option's flag (its name in OPTION_TABLE); the docs' option table reads it too. */
export const FLAG: Record<OptionName, string> = {
  spec: 'spec',
  suite: 'suite',
  check: 'check',
  timeout: 'timeout',
  startupTimeout: 'startup-timeout',
  maxRate: 'max-rate',
  concurrency: 'concurrency',
  callTools: 'call-tools',
  failOn: 'fail-on',
  report: 'report',
  out: 'out',
  seed: 'seed',
  fuzzRuns: 'fuzz-runs',
  baseline: 'baseline',
  cwd: 'cwd',
  authToken: 'auth-token',
  foreignToken: 'foreign-token',
  transport: 'transport',
  server: 'server',
  url: 'url',
  client: 'client',
  headers: 'header',
  env: 'env',
  fuzz: 'no-fuzz',
};

const VALUE: Record<LayeredOption, (o: CliOptions) => string | undefined> = {
  spec: (o) => o.spec,
  suite: (o) => o.suite,
  check: (o) => o.check,
  timeout: (o) => o.timeout,
  startupTimeout: (o) => o.startupTimeout,
  maxRate: (o) => o.maxRate,
  concurrency: (o) => o.concurrency,
  callTools: (o) => o.callTools,
  failOn: (o) => o.failOn,
  report: (o) => o.report,
  out: (o) => o.out,
  seed: (o) => o.seed,
  fuzzRuns: (o) => o.fuzzRuns,
  baseline: (o) => o.baseline,
  cwd: (o) => o.cwd,
  authToken: (o) => o.authToken,
  foreignToken: (o) => o.foreignToken,
  transport: (o) => o.transport,
};

export function keyValues(flag: string, items: readonly string[], sep: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const i = item.indexOf(sep);
    if (i <= 0) throw new UsageError(`--${flag} takes "KEY${sep}VALUE", got "${item}"`);
    out[item.slice(0, i).trim()] = item.slice(i + sep.length).trim();
  }
  return out;
}

export function flagSource(opts: CliOptions): OptionSource {
  const given = (option: LayeredOption): string | undefined => (opts.given.has(FLAG[option]) ? VALUE[option](opts) : undefined);
  return {
    value: given,
    name: (option) => `--${FLAG[option]}`,
    map: (kind) => (kind === 'env' ? keyValues('env', opts.env, '=') : keyValues('header', opts.header, ':')),
    fuzz: () => (opts.given.has('no-fuzz') ? false : undefined),
    sets: (option) => {
      if (option === 'headers') return opts.header.length > 0;
      if (option === 'env') return opts.env.length > 0;
      if (option === 'fuzz') return opts.given.has('no-fuzz');
      if (option === 'server' || option === 'url' || option === 'client') return Boolean(opts[option]);
      return Boolean(given(option));
    },
  };
}

/** What the command line asks for, for api/plan.ts. */
export function requestOf(opts: CliOptions): RunRequest {
  checkOAuthFlags(opts);
  return {
    options: flagSource(opts),
    ...(opts.server !== undefined ? { server: opts.server } : {}),
    ...(opts.url !== undefined ? { url: opts.url } : {}),
    ...(opts.client !== undefined ? { client: opts.client } : {}),
    ...(opts.target !== undefined ? { targets: opts.target } : {}),
    ...(opts.shard !== undefined ? { shard: opts.shard } : {}),
    ...(opts.writeBaseline !== undefined ? { writesBaseline: true } : {}),
    ...(opts.oauth ? { oauth: oauthOf(opts) } : {}),
  };
}

/** --oauth and its flags as settings; an --oauth-* flag without --oauth is a mistake. */
export function oauthOf(opts: CliOptions): OAuthSettings {
  const f = opts.oauthFlags;
  const grant = f['oauth-grant'] ?? 'authorization_code';
  if (grant !== 'authorization_code' && grant !== 'client_credentials') throw new UsageError(`--oauth-grant must be authorization_code or client_credentials, got "${grant}"`);
  if (f['oauth-client-secret'] !== undefined && f['oauth-client-id'] === undefined) throw new UsageError('--oauth-client-secret needs --oauth-client-id');
  if (f['oauth-client-metadata-url'] !== undefined && f['oauth-client-id'] !== undefined) throw new UsageError('give one of --oauth-client-id or --oauth-client-metadata-url');
  const timeout = f['oauth-login-timeout'];
  const loginTimeoutMs = timeout !== undefined ? Number(timeout) : DEFAULT_LOGIN_TIMEOUT_MS;
  if (!Number.isInteger(loginTimeoutMs) || loginTimeoutMs <= 0) throw new UsageError(`--oauth-login-timeout must be a positive number of ms, got "${timeout}"`);
  return {
    grant,
    ...(f['oauth-client-id'] !== undefined ? { clientId: f['oauth-client-id'] } : {}),
    ...(f['oauth-client-secret'] !== undefined ? { clientSecret: f['oauth-client-secret'] } : {}),
    ...(f['oauth-client-metadata-url'] !== undefined ? { clientMetadataUrl: f['oauth-client-metadata-url'] } : {}),
    ...(f['oauth-open'] !== undefined ? { open: f['oauth-open'] } : {}),
    ...(f['oauth-cache'] !== undefined ? { cache: f['oauth-cache'] } : {}),
    loginTimeoutMs,
  };
}

/** The --oauth-* flags go with --oauth only. */
export function checkOAuthFlags(opts: CliOptions): void {
  const stray = Object.keys(opts.oauthFlags)[0];
  if (stray !== undefined && !opts.oauth) throw new UsageError(`--${stray} needs --oauth`);
}
