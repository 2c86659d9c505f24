// From what the caller asked for (flags or library options, over a config file, over the
// defaults) to what runs: one plan per target and the run-wide choices (reports, folder,
// concurrency budget, shard). Every mistake is a UsageError here, before any process starts.
import { resolve } from 'node:path';
import type { Check } from '../harness/checks/check.js';
import type { ClientCommand } from '../harness/client/client-process.js';
import type { ClientCheck } from '../harness/client/scenario.js';
import type { LaunchSpec } from '../harness/config/launch.js';
import { parseShard, shardOf, type Shard } from '../harness/config/shard.js';
import type { LoadedConfig, OAuthConfig, TargetConfig } from '../harness/config/types.js';
import { REVISION_IDS } from '../harness/revisions.js';
import { defaultSettings, parseToolPolicy, type RunSettings } from '../harness/settings.js';
import { DEFAULT_LOGIN_TIMEOUT_MS, type OAuthSettings } from '../harness/oauth/types.js';
import type { Target } from '../harness/transport.js';
import { BaselineError, type BaselineEntry } from '../reports/baseline.js';
import { FAIL_ON, type FailOn } from '../reports/model.js';
import { DEFAULT_READY_TIMEOUT_MS, DEFAULTS } from './defaults.js';
import { Layers, positiveInt, positiveRate, type OptionSource } from './layers.js';
import { parseReportKinds, type ReportKind } from './reports.js';
import { selectChecks, selectRevisions } from './select.js';
import { UsageError } from './usage-error.js';

/** A check of either side: server checks run against servers, client checks against clients. */
export type AnyCheck = Check | ClientCheck;

export type Reach =
  | { kind: 'target'; target: Target }
  /** A client the tool runs against its scripted servers. */
  | { kind: 'client'; command: ClientCommand }
  /** An HTTP server the tool launches; its Target is known once it is ready. */
  | { kind: 'start'; launch: Omit<LaunchSpec, 'signal'>; headers: Record<string, string>; transport?: 'streamable-http' | 'sse' };

export interface TargetPlan {
  /** The config file's name for it; absent for a target given directly. */
  name?: string;
  reach: Reach;
  checks: AnyCheck[];
  revisions?: string[];
  timeoutMs: number;
  /** The startup timeout (undefined: the runner's default). */
  startupTimeoutMs?: number;
  /** --max-rate: the most requests per second sent to the target (undefined: no cap). */
  maxRate?: number;
  settings: RunSettings;
  failOn: FailOn;
  baseline?: { file: string; entries: BaselineEntry[] };
  /** --oauth: log in before the checks and hand the transports the tokens (HTTP targets). */
  oauth?: OAuthSettings;
}

export interface RunPlan {
  /** Several targets (a config file), or one given directly. */
  many: boolean;
  targets: TargetPlan[];
  reports: ReportKind[];
  out?: string;
  /** The budget of checks at once, split between targets (see run-targets.ts). */
  concurrency: number;
  failOn: FailOn;
  shard?: Shard;
  config?: LoadedConfig;
}

/**
 * What the caller asked for: its options, and either one target (server, url or client) or a
 * choice among the config file's targets.
 */
export interface RunRequest {
  options: OptionSource;
  server?: string;
  url?: string;
  client?: string;
  /** Config targets by name, comma-separated (--target). */
  targets?: string;
  /** This share of the config's targets, "i/n" (--shard). */
  shard?: string;
  /** A baseline will be written: it needs exactly one target. */
  writesBaseline?: boolean;
  /** --oauth: tokens by OAuth for the HTTP targets, instead of a fixed token. */
  oauth?: OAuthSettings;
}

/** The checks of each side: a config file may mix server and client targets. */
export interface CheckSets {
  server: readonly Check[];
  client: readonly ClientCheck[];
}

function failOnFrom(layers: Layers): FailOn {
  const picked = layers.pick('failOn');
  const value = picked?.value ?? DEFAULTS.failOn;
  const found = FAIL_ON.find((f) => f === value);
  if (!found) throw new UsageError(`${picked?.label ?? layers.name('failOn')} must be ${FAIL_ON.join(', ')}, got "${value}"`);
  return found;
}

function settingsFrom(layers: Layers): RunSettings {
  const defaults = defaultSettings();
  const seedPick = layers.pick('seed');
  const seed = seedPick === undefined ? defaults.fuzz.seed : Number(seedPick.value);
  if (!Number.isInteger(seed)) throw new UsageError(`${seedPick?.label} must be an integer, got "${seedPick?.value}"`);
  const runsPick = layers.pick('fuzzRuns');
  const runs = runsPick === undefined ? defaults.fuzz.runs : positiveInt(runsPick.label, runsPick.value);
  const tools = layers.pick('callTools');
  if (!tools || tools.value.trim() === '') throw new UsageError(`${tools?.label ?? layers.name('callTools')} needs none, readonly, all or a list of tool names`);
  const foreign = layers.pick('foreignToken');
  return { callTools: parseToolPolicy(tools.value), fuzz: { enabled: layers.fuzz(), seed, runs }, ...(foreign ? { foreignToken: foreign.value } : {}) };
}

async function baselineFrom(layers: Layers, checks: readonly AnyCheck[]): Promise<TargetPlan['baseline']> {
  const picked = layers.pick('baseline');
  if (!picked) return undefined;
  const file = resolve(picked.value);
  const { loadBaseline } = await import('../reports/baseline-file.js');
  try {
    return { file: picked.value, entries: await loadBaseline(file, { ids: checks.map((c) => c.id), revisions: REVISION_IDS }) };
  } catch (error) {
    if (error instanceof BaselineError) throw new UsageError(picked.fromConfig ? `${picked.label}: ${error.message}` : error.message);
    throw error;
  }
}

/** What every target shares the parsing of: checks, revisions, timeouts, settings, baseline. */
async function common(layers: Layers, all: readonly AnyCheck[], name: string | undefined, reach: Reach): Promise<TargetPlan> {
  const suite = layers.pick('suite');
  const check = layers.pick('check');
  let checks = suite ? layers.parse(suite, (v) => selectChecks(all, v)) : [...all];
  if (check) {
    const wanted = new Set(layers.parse(check, (v) => selectChecks(all, undefined, v)));
    checks = checks.filter((c) => wanted.has(c));
  }
  const spec = layers.pick('spec');
  const revisions = spec ? layers.parse(spec, (v) => selectRevisions(v)) : undefined;
  const timeout = layers.pick('timeout');
  const timeoutMs = timeout ? positiveInt(timeout.label, timeout.value) : DEFAULTS.timeout;
  const startup = layers.pick('startupTimeout');
  const startupTimeoutMs = startup ? positiveInt(startup.label, startup.value) : undefined;
  const rate = layers.pick('maxRate');
  const maxRate = rate ? positiveRate(rate.label, rate.value) : undefined;
  const baseline = await baselineFrom(layers, all);
  return {
    ...(name !== undefined ? { name } : {}),
    reach,
    checks,
    ...(revisions ? { revisions } : {}),
    timeoutMs,
    ...(startupTimeoutMs !== undefined ? { startupTimeoutMs } : {}),
    ...(maxRate !== undefined ? { maxRate } : {}),
    settings: settingsFrom(layers),
    failOn: failOnFrom(layers),
    ...(baseline ? { baseline } : {}),
  };
}

function httpUrl(label: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${label} "${value}" is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${label} must be http or https, got "${url.protocol}"`);
  return url.href;
}

function transportOf(layers: Layers): 'streamable-http' | 'sse' | undefined {
  const picked = layers.pick('transport');
  if (!picked) return undefined;
  if (picked.value !== 'streamable-http' && picked.value !== 'sse') throw new UsageError(`${picked.label} must be streamable-http or sse, got "${picked.value}"`);
  return picked.value;
}

function headersOf(layers: Layers): Record<string, string> {
  const headers = layers.map('headers');
  const token = layers.pick('authToken');
  if (token) headers.Authorization = `Bearer ${token.value}`;
  return headers;
}

/** Options that only mean something for an HTTP server the caller named. */
const HTTP_ONLY = ['headers', 'authToken', 'foreignToken', 'transport'] as const;

/** One target the caller named (--server / --url / --client); a config file, if any, lends its options. */
function reachFromRequest(request: RunRequest, layers: Layers): Reach {
  const n = (o: Parameters<Layers['name']>[0]) => layers.name(o);
  if ([request.server, request.url, request.client].filter((x) => x !== undefined).length > 1) throw new UsageError(`give one of ${n('server')}, ${n('url')} or ${n('client')}`);
  const httpOnly = () => new UsageError(`${HTTP_ONLY.slice(0, -1).map(n).join(', ')} and ${n('transport')} apply to ${n('url')} targets only`);
  const cwd = layers.pick('cwd')?.value;
  const place = cwd !== undefined ? { cwd: resolve(cwd) } : {};
  if (request.client !== undefined) {
    if (request.client.trim() === '') throw new UsageError(`${n('client')} needs the command that runs the client, with {url} or {server} where the server goes`);
    if (HTTP_ONLY.some((o) => request.options.sets(o))) throw httpOnly();
    return { kind: 'client', command: { template: request.client, env: layers.map('env'), ...place } };
  }
  if (request.server) {
    if (HTTP_ONLY.some((o) => request.options.sets(o))) throw httpOnly();
    return { kind: 'target', target: { kind: 'stdio', command: request.server, env: layers.map('env'), ...place } };
  }
  const url = httpUrl(n('url'), request.url ?? '');
  const transport = transportOf(layers);
  return { kind: 'target', target: { kind: 'http', url, headers: headersOf(layers), ...(transport ? { transport } : {}) } };
}

/** A target of the config file; the caller's options override its fields where they apply to its kind. */
function reachFromConfig(t: TargetConfig, layers: Layers): Reach {
  const picked = layers.pick('cwd')?.value;
  const cwd = picked !== undefined ? resolve(picked) : undefined;
  if (t.client !== undefined) return { kind: 'client', command: { template: t.client, env: layers.map('env'), ...(cwd ? { cwd } : {}) } };
  if (t.server !== undefined) return { kind: 'target', target: { kind: 'stdio', command: t.server, env: layers.map('env'), ...(cwd ? { cwd } : {}) } };
  const transport = transportOf(layers);
  if (t.start !== undefined) {
    const launch: Omit<LaunchSpec, 'signal'> = {
      command: t.start,
      ready: t.ready ?? '',
      env: layers.map('env'),
      timeoutMs: t.startTimeout ?? DEFAULT_READY_TIMEOUT_MS,
      ...(t.url !== undefined ? { url: t.url } : {}),
      ...(cwd ? { cwd } : {}),
    };
    return { kind: 'start', launch, headers: headersOf(layers), ...(transport ? { transport } : {}) };
  }
  return { kind: 'target', target: { kind: 'http', url: t.url ?? '', headers: headersOf(layers), ...(transport ? { transport } : {}) } };
}

const isHttp = (reach: Reach): boolean => reach.kind === 'start' || (reach.kind === 'target' && reach.target.kind === 'http');

/** A config target's oauth field (or the library's oauth option) as settings; the loader checked a file's. */
export function oauthOfConfig(o: OAuthConfig): OAuthSettings {
  if (o.grant !== undefined && o.grant !== 'authorization_code' && o.grant !== 'client_credentials') throw new UsageError(`oauth.grant must be authorization_code or client_credentials, got "${String(o.grant)}"`);
  if (o.clientSecret !== undefined && o.clientId === undefined) throw new UsageError('oauth.clientSecret needs oauth.clientId');
  return {
    grant: o.grant ?? 'authorization_code',
    ...(o.clientId !== undefined ? { clientId: o.clientId } : {}),
    ...(o.clientSecret !== undefined ? { clientSecret: o.clientSecret } : {}),
    ...(o.clientMetadataUrl !== undefined ? { clientMetadataUrl: o.clientMetadataUrl } : {}),
    ...(o.open !== undefined ? { open: o.open } : {}),
    ...(o.cache !== undefined ? { cache: o.cache } : {}),
    loginTimeoutMs: o.loginTimeout ?? DEFAULT_LOGIN_TIMEOUT_MS,
  };
}

/**
 * --oauth (else a config target's oauth field) for an HTTP target; with a server the caller
 * named directly, only an HTTP one may have it. A token given by hand and OAuth exclude each other.
 */
function withOAuth(plan: TargetPlan, request: RunRequest, layers: Layers, named: boolean, t?: TargetConfig): TargetPlan {
  const oauth = request.oauth ?? (t?.oauth ? oauthOfConfig(t.oauth) : undefined);
  if (!oauth) return plan;
  if (!isHttp(plan.reach)) {
    if (named) throw new UsageError(`--oauth applies to ${layers.name('url')} targets only`);
    return plan;
  }
  if (layers.pick('authToken')) throw new UsageError(`give one of ${layers.name('authToken')} or ${request.oauth ? '--oauth' : `the oauth field of target "${t?.name ?? ''}"`}, not both`);
  return { ...plan, oauth };
}

/** The configured targets the request names (all of them by default), then this shard's share. */
function chosenTargets(request: RunRequest, config: LoadedConfig, shard: Shard | undefined): TargetConfig[] {
  let targets = config.targets;
  if (request.targets !== undefined) {
    const names = request.targets.split(',').map((s) => s.trim()).filter(Boolean);
    if (names.length === 0) throw new UsageError('--target needs one or more target names');
    const unknown = names.find((n) => !targets.some((t) => t.name === n));
    if (unknown !== undefined) throw new UsageError(`--target: ${config.display} has no target "${unknown}" (targets: ${targets.map((t) => t.name).join(', ')})`);
    targets = targets.filter((t) => names.includes(t.name));
  }
  return shard ? shardOf(targets, shard) : targets;
}

function reportsFrom(layers: Layers, forceJson: boolean): { reports: ReportKind[]; out?: string } {
  const picked = layers.pick('report');
  const reports = parseReportKinds(picked?.value ?? DEFAULTS.report, picked?.fromConfig ? `${picked.label}: ` : '');
  const out = layers.pick('out')?.value;
  if ((out || forceJson) && !reports.includes('json')) reports.push('json');
  return { reports, ...(out ? { out } : {}) };
}

function concurrencyOf(layers: Layers): number {
  const picked = layers.pick('concurrency');
  return picked ? positiveInt(picked.label, picked.value) : DEFAULTS.concurrency;
}

/** One target the caller named, with no config file: what the library's test functions run. */
export async function planTarget(request: RunRequest, checks: CheckSets): Promise<{ target: TargetPlan; concurrency: number }> {
  const layers = new Layers(request.options);
  const concurrency = concurrencyOf(layers);
  const reach = reachFromRequest(request, layers);
  return { target: withOAuth(await common(layers, reach.kind === 'client' ? checks.client : checks.server, undefined, reach), request, layers, true), concurrency };
}

export async function planRun(request: RunRequest, config: LoadedConfig | undefined, checks: CheckSets): Promise<RunPlan> {
  const all = (reach: Reach): readonly AnyCheck[] => (reach.kind === 'client' ? checks.client : checks.server);
  const runLayers = new Layers(request.options, config);
  const concurrency = concurrencyOf(runLayers);
  const failOn = failOnFrom(runLayers);
  if (request.server !== undefined || request.url !== undefined || request.client !== undefined) {
    if (request.targets !== undefined || request.shard !== undefined) throw new UsageError('--target and --shard choose targets of the config file; they do not go with --server or --url');
    const { reports, out } = reportsFrom(runLayers, false);
    const reach = reachFromRequest(request, runLayers);
    const target = withOAuth(await common(runLayers, all(reach), undefined, reach), request, runLayers, true);
    return { many: false, targets: [target], reports, ...(out ? { out } : {}), concurrency, failOn, ...(config ? { config } : {}) };
  }
  if (!config) {
    if (request.targets !== undefined || request.shard !== undefined) throw new UsageError('--target and --shard need a config file with targets (mcp-conformance.config.json, or --config)');
    throw new UsageError('nothing to test: give --server "<command>", --url <url>, client --client "<command> {url}", or a config file (see --help)');
  }
  if (config.targets.length === 0) throw new UsageError(`${config.display} lists no targets: add "targets", or give --server or --url`);
  let shard: Shard | undefined;
  if (request.shard !== undefined) {
    const parsed = parseShard(request.shard);
    if ('error' in parsed) throw new UsageError(parsed.error);
    shard = parsed;
  }
  const chosen = chosenTargets(request, config, shard);
  if (request.writesBaseline && chosen.length !== 1) throw new UsageError("--write-baseline writes one target's baseline: pick one with --target");
  const { reports, out } = reportsFrom(runLayers, shard !== undefined);
  const targets: TargetPlan[] = [];
  for (const t of chosen) {
    const layers = new Layers(request.options, config, t);
    const reach = reachFromConfig(t, layers);
    targets.push(withOAuth(await common(layers, all(reach), t.name, reach), request, layers, false, t));
  }
  return { many: true, targets, reports, ...(out ? { out } : {}), concurrency, failOn, ...(shard ? { shard } : {}), config };
}
