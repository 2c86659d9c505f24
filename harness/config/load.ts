// Finding, parsing and validating the config file (config.schema.json, shipped beside this
// file), with the rules a schema says badly (which fields go together) checked first so that
// every mistake reads as one sentence naming the file, the target and the field.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { projectRoot } from '../schema.js';
import { placeOf, problemOf, sentence, suggestion, targetLabel, type Place } from './messages.js';
import { readyMatcher } from './ready.js';
import { ConfigError, type ConfigOptions, type LoadedConfig, type TargetConfig } from './types.js';

export const CONFIG_NAMES = ['mcp-conformance.config.json', 'mcp-conformance.config.yaml', 'mcp-conformance.config.yml'] as const;

/** The config file in `dir`, if there is one; two of them is a mistake. */
export function findConfigFile(dir: string): string | undefined {
  const present = CONFIG_NAMES.map((n) => join(dir, n)).filter((f) => existsSync(f));
  if (present.length > 1) {
    throw new ConfigError(`found both ${present.map((f) => relative(dir, f)).join(' and ')}; keep one, or choose with --config`);
  }
  return present[0];
}

function displayOf(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

async function parse(file: string, display: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(code === 'ENOENT' ? `config file ${display} not found` : `cannot read config file ${display}: ${code ?? String(error)}`);
  }
  if (extname(file) === '.json') {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new ConfigError(`${display} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const { parseDocument } = await import('yaml');
  const doc = parseDocument(text, { prettyErrors: true });
  const problem = doc.errors[0];
  if (problem) throw new ConfigError(`${display} is not valid YAML: ${problem.message.split('\n')[0]?.replace(/:$/, '')}`);
  return doc.toJS() as unknown;
}

const HTTP_ONLY = ['headers', 'authToken', 'foreignToken', 'transport', 'oauth'] as const;
const LAUNCHED_ONLY = ['env', 'cwd'] as const;

/** Which kind of target this is: the rules about fields that go together, before the schema. */
function checkKinds(raw: unknown, index: number, display: string, known: readonly string[]): void {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return; // the schema says it
  const t = raw as Record<string, unknown>;
  const place = (field?: string): Place => ({ target: targetLabel(raw, index), ...(field ? { field } : {}) });
  const fail = (field: string | undefined, problem: string): never => {
    throw new ConfigError(sentence(display, place(field), problem));
  };
  // A misspelt "server" must read as a typo, not as a target of no kind.
  const unknown = Object.keys(t).find((k) => !known.includes(k));
  if (unknown !== undefined) fail(undefined, `has an unknown field "${unknown}"${suggestion(unknown, known)}`);
  const kinds = (['server', 'url', 'start', 'client'] as const).filter((k) => k in t);
  if (kinds.length === 0) fail(undefined, 'needs one of the fields "server" (a stdio command), "url" (an HTTP server), "start" (an HTTP server the tool launches) or "client" (a client command with {url} or {server})');
  if ('client' in t) {
    const other = kinds.find((k) => k !== 'client');
    if (other) fail(other, 'cannot go with "client": a target is either a client the tool tests, or a server');
    const http = HTTP_ONLY.find((k) => k in t);
    if (http) fail(http, 'applies to HTTP servers (url or start), not to a client');
    for (const k of ['ready', 'startTimeout']) if (k in t) fail(k, 'only applies with "start"');
    return;
  }
  if ('server' in t) {
    const other = kinds.find((k) => k !== 'server');
    if (other) fail(other, 'cannot go with "server": a target is either a stdio server (server) or an HTTP server (url, or start)');
    const http = HTTP_ONLY.find((k) => k in t);
    if (http) fail(http, 'applies to HTTP targets (url or start), not to a stdio server');
  }
  if ('start' in t && !('ready' in t)) fail('ready', 'is missing: say what the started server prints once it is ready');
  if (!('start' in t)) {
    for (const k of ['ready', 'startTimeout']) if (k in t) fail(k, 'only applies with "start"');
    if ('url' in t) {
      const launched = LAUNCHED_ONLY.find((k) => k in t);
      if (launched) fail(launched, 'applies to servers the tool launches (server or start), not to a url');
    }
  }
}

let validator: Promise<ValidateFunction> | undefined;

async function compileSchema(): Promise<ValidateFunction> {
  const schema = JSON.parse(await readFile(join(projectRoot(), 'harness', 'config', 'config.schema.json'), 'utf8')) as object;
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  return new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true, allErrors: false }).compile(schema);
}

/** The schema's field names at a place, for "did you mean". */
function fieldsAt(schema: Record<string, unknown>): (place: Place) => readonly string[] {
  const props = (node: unknown) => Object.keys(((node as { properties?: object } | undefined)?.properties ?? {}) as object).filter((k) => k !== '$schema');
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  return (place) => (place.target ? props(defs.target) : props(schema));
}

function firstError(validate: ValidateFunction): ErrorObject {
  const errors = validate.errors ?? [];
  // ajv lists the failing branch before the if/anyOf that holds it: the first is the most precise.
  return errors.find((e) => e.keyword !== 'if' && e.keyword !== 'anyOf') ?? (errors[0] as ErrorObject);
}

const VAR = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** `${NAME}` from the environment; an unset variable is a mistake, not an empty string. */
function expand(value: string, env: NodeJS.ProcessEnv, fail: (problem: string) => never): string {
  return value.replace(VAR, (_, name: string) => env[name] ?? fail(`uses \${${name}}, which is not set in the environment`));
}

function finishTarget(t: TargetConfig, index: number, dir: string, display: string, env: NodeJS.ProcessEnv): TargetConfig {
  const fail = (field: string) => (problem: string): never => {
    throw new ConfigError(sentence(display, { target: targetLabel(t, index), field }, problem));
  };
  const out: TargetConfig = { ...t };
  if (out.url !== undefined) out.url = expand(out.url, env, fail('url'));
  if (out.authToken !== undefined) out.authToken = expand(out.authToken, env, fail('authToken'));
  if (out.foreignToken !== undefined) out.foreignToken = expand(out.foreignToken, env, fail('foreignToken'));
  if (out.oauth !== undefined) {
    const o = { ...out.oauth };
    if (o.clientSecret !== undefined) o.clientSecret = expand(o.clientSecret, env, fail('oauth.clientSecret'));
    if (o.cache !== undefined) o.cache = resolve(dir, o.cache);
    out.oauth = o;
  }
  for (const key of ['headers', 'env'] as const) {
    const map = out[key];
    // `PORT: 3000` in YAML is a number; the process and the wire want text.
    if (map) out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, expand(String(v), env, fail(`${key}.${k}`))]));
  }
  if (out.url !== undefined) {
    try {
      new URL(out.url);
    } catch {
      fail('url')(`"${out.url}" is not a valid URL`);
    }
  }
  if (out.ready !== undefined) {
    let capturesUrl = false;
    try {
      capturesUrl = readyMatcher(out.ready).capturesUrl;
    } catch (error) {
      fail('ready')(`is not a valid /regular expression/: ${(error as Error).message}`);
    }
    if (out.url === undefined && !capturesUrl) {
      fail('ready')('must capture the URL, since the target has no "url": write a /regex/ with a group, e.g. "/listening on (?<url>http\\S+)/"');
    }
  }
  if (out.cwd !== undefined) out.cwd = resolve(dir, out.cwd);
  else if (out.server !== undefined || out.start !== undefined) out.cwd = dir;
  if (out.baseline !== undefined) out.baseline = resolve(dir, out.baseline);
  return out;
}

/** Read, validate and resolve a config file; every mistake is a ConfigError. */
export async function loadConfig(file: string, options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const path = resolve(cwd, file);
  const display = displayOf(path, cwd);
  const raw = await parse(path, display);
  if (raw === null || raw === undefined) throw new ConfigError(`${display} is empty`);
  validator ??= compileSchema();
  const validate = await validator;
  const knownFields = fieldsAt(validate.schema as Record<string, unknown>);
  const targets = (raw as { targets?: unknown }).targets;
  if (Array.isArray(targets)) targets.forEach((t, i) => checkKinds(t, i, display, knownFields({ target: 'any' })));
  if (!validate(raw)) {
    const error = firstError(validate);
    const place = placeOf(error, raw);
    throw new ConfigError(sentence(display, place, problemOf(error, knownFields, place)));
  }
  const { targets: list = [], $schema: _schema, ...rest } = raw as { targets?: TargetConfig[]; $schema?: string } & ConfigOptions;
  const seen = new Map<string, number>();
  list.forEach((t, i) => {
    const before = seen.get(t.name);
    if (before !== undefined) throw new ConfigError(`${display}: targets ${before + 1} and ${i + 1} are both named "${t.name}"; names must be unique`);
    seen.set(t.name, i);
  });
  const dir = dirname(path);
  const opts: ConfigOptions = { ...rest, ...(rest.out !== undefined ? { out: resolve(dir, rest.out) } : {}) };
  return { file: path, display, dir, options: opts, targets: list.map((t, i) => finishTarget(t, i, dir, display, env)) };
}
