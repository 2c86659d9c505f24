// The config file: where it is found, JSON and YAML, every mistake as one sentence naming the
// file, the target and the field (exit 2 through the CLI), and which value wins: a flag over
// the target's field over the file's top-level field over the default.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findConfigFile, loadConfig } from '../harness/config/load.js';
import { readyMatcher } from '../harness/config/ready.js';
import { ConfigError } from '../harness/config/types.js';
import { UsageError } from '../api/index.js';
import { planRun, type RunPlan, type TargetPlan } from '../api/plan.js';
import { requestOf } from '../bin/flag-source.js';
import { parseCli } from '../bin/options.js';
import { clientChecks } from '../suites/client/index.js';
import { allChecks } from '../suites/index.js';
import { runCli } from './helpers/cli.js';

const CHECKS = { server: allChecks, client: clientChecks };

/** The plan the CLI makes of these flags over this config file (flags parsed as the CLI does). */
const planOf = (argv: string[], config: Awaited<ReturnType<typeof loadConfig>>): Promise<RunPlan> => planRun(requestOf(parseCli(argv)), config, CHECKS);

const dirs: string[] = [];
async function folder(files: Record<string, string> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpc-config-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const YAML = `
spec: [2025-06-18, 2025-11-25]
timeout: 3000
callTools: none
report: [console, json]
out: reports
targets:
  - name: local
    server: node build/server.js
    env: { DEBUG: "1", PORT: 3000 }
  - name: started
    start: node build/http.js --port 0
    ready: /listening on (?<url>http\\S+)/
    startTimeout: 9000
    cwd: server
    spec: 2025-11-25
    callTools: [echo, add]
  - name: remote
    url: http://127.0.0.1:3001/sse
    transport: sse
    authToken: \${MCPC_TEST_TOKEN}
    headers: { X-Trace: "on" }
    baseline: remote-baseline.yml
`;

async function loadError(text: string, name = 'mcp-conformance.config.yaml'): Promise<string> {
  const dir = await folder({ [name]: text });
  try {
    await loadConfig(name, { cwd: dir, env: {} });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('loading', () => {
  it('finds the file in the working directory, in any of its three names, and refuses two', async () => {
    expect(findConfigFile(await folder())).toBeUndefined();
    for (const name of ['mcp-conformance.config.json', 'mcp-conformance.config.yaml', 'mcp-conformance.config.yml']) {
      const dir = await folder({ [name]: '{}' });
      expect(findConfigFile(dir)).toBe(join(dir, name));
    }
    const both = await folder({ 'mcp-conformance.config.json': '{}', 'mcp-conformance.config.yml': '{}' });
    expect(() => findConfigFile(both)).toThrow('found both mcp-conformance.config.json and mcp-conformance.config.yml; keep one, or choose with --config');
  });

  it('reads YAML: paths against the file, commands run in its folder, ${NAME} from the environment', async () => {
    const dir = await folder({ 'conf/mcp-conformance.config.yaml': YAML });
    const config = await loadConfig('conf/mcp-conformance.config.yaml', { cwd: dir, env: { MCPC_TEST_TOKEN: 's3cret' } });
    const conf = join(dir, 'conf');
    expect(config.display).toBe(join('conf', 'mcp-conformance.config.yaml'));
    expect(config.options).toEqual({ spec: ['2025-06-18', '2025-11-25'], timeout: 3000, callTools: 'none', report: ['console', 'json'], out: join(conf, 'reports') });
    const [local, started, remote] = config.targets;
    expect(local).toEqual({ name: 'local', server: 'node build/server.js', env: { DEBUG: '1', PORT: '3000' }, cwd: conf });
    expect(started).toMatchObject({ name: 'started', cwd: join(conf, 'server'), startTimeout: 9000, callTools: ['echo', 'add'] });
    expect(remote).toMatchObject({ authToken: 's3cret', headers: { 'X-Trace': 'on' }, baseline: join(conf, 'remote-baseline.yml') });
    expect(remote?.cwd).toBeUndefined();
  });

  it("loads docs/configuration.md's example as documented", async () => {
    const readme = await readFile('docs/configuration.md', 'utf8');
    const example = /```yaml\n(# mcp-conformance\.config\.yaml\n[\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const dir = await folder({ 'mcp-conformance.config.yaml': example ?? '' });
    const config = await loadConfig('mcp-conformance.config.yaml', { cwd: dir, env: { MCP_TOKEN: 't' } });
    await expect(planOf([], config)).rejects.toThrow(
      `mcp-conformance.config.yaml: target "stdio": field "baseline": cannot read baseline ${join(dir, 'conformance', 'stdio-baseline.yml')}: no such file`,
    );
    await mkdir(join(dir, 'conformance'));
    await writeFile(join(dir, 'conformance', 'stdio-baseline.yml'), '- ping.empty-result\n');
    expect(config.targets.map((t) => t.name)).toEqual(['stdio', 'streamable-http', 'legacy-sse', 'my-client']);
    expect(readyMatcher(config.targets[1]?.ready ?? '').match('listening on http://127.0.0.1:4321/mcp')).toEqual({ url: 'http://127.0.0.1:4321/mcp' });
    const plan = await planOf([], config);
    expect(plan.targets.map((t) => t.reach.kind)).toEqual(['target', 'start', 'target', 'client']);
    expect(plan.reports).toEqual(['console', 'json', 'html', 'junit', 'markdown']);
  });

  it('reads JSON with a $schema key for editors', async () => {
    const dir = await folder({
      'mcp-conformance.config.json': JSON.stringify({ $schema: './node_modules/mcp-conformance/harness/config/config.schema.json', targets: [{ name: 'a', url: 'http://127.0.0.1:1/mcp' }] }),
    });
    const config = await loadConfig('mcp-conformance.config.json', { cwd: dir });
    expect(config.targets).toEqual([{ name: 'a', url: 'http://127.0.0.1:1/mcp' }]);
  });
});

describe('mistakes: one sentence naming the file, the target and the field', () => {
  const F = 'mcp-conformance.config.yaml';
  const cases: [string, string, string][] = [
    ['a misspelt field', 'targets:\n  - name: a\n    sever: node s.js\n', `${F}: target "a" has an unknown field "sever" (did you mean "server"?)`],
    ['a misspelt option', 'tiemout: 5\n', `${F}: has an unknown field "tiemout" (did you mean "timeout"?)`],
    ['a wrong type', 'timeout: soon\n', `${F}: field "timeout" must be a whole number`],
    ['a bad enum', 'targets:\n  - name: a\n    url: http://x/mcp\n    transport: ws\n', `${F}: target "a": field "transport" must be one of streamable-http, sse`],
    ['a bad revision', 'spec: [2025-11-25, "2025"]\n', `${F}: field "spec[2]" must be a revision date such as 2025-11-25`],
    ['no name', 'targets:\n  - server: x\n', `${F}: target #1 is missing the field "name"`],
    ['a name unfit for a folder', 'targets:\n  - name: "../up"\n    server: x\n', `${F}: target #1: field "name" must be letters, digits, ".", "_" or "-" (at most 64; it names the report folder)`],
    ['two names alike', 'targets:\n  - name: a\n    server: x\n  - name: a\n    server: y\n', `${F}: targets 1 and 2 are both named "a"; names must be unique`],
    ['no kind', 'targets:\n  - name: a\n    env: { A: b }\n', `${F}: target "a" needs one of the fields "server" (a stdio command), "url" (an HTTP server), "start" (an HTTP server the tool launches) or "client" (a client command with {url} or {server})`],
    ['two kinds', 'targets:\n  - name: a\n    server: x\n    url: http://x\n', `${F}: target "a": field "url" cannot go with "server": a target is either a stdio server (server) or an HTTP server (url, or start)`],
    ['headers on stdio', 'targets:\n  - name: a\n    server: x\n    headers: { A: b }\n', `${F}: target "a": field "headers" applies to HTTP targets (url or start), not to a stdio server`],
    ['a foreign token on stdio', 'targets:\n  - name: a\n    server: x\n    foreignToken: t\n', `${F}: target "a": field "foreignToken" applies to HTTP targets (url or start), not to a stdio server`],
    ['env on a url', 'targets:\n  - name: a\n    url: http://x\n    env: { A: b }\n', `${F}: target "a": field "env" applies to servers the tool launches (server or start), not to a url`],
    ['start without ready', 'targets:\n  - name: a\n    start: x\n', `${F}: target "a": field "ready" is missing: say what the started server prints once it is ready`],
    ['ready without start', 'targets:\n  - name: a\n    url: http://x\n    ready: up\n', `${F}: target "a": field "ready" only applies with "start"`],
    [
      'a ready that cannot give the URL',
      'targets:\n  - name: a\n    start: x\n    ready: listening\n',
      `${F}: target "a": field "ready" must capture the URL, since the target has no "url": write a /regex/ with a group, e.g. "/listening on (?<url>http\\S+)/"`,
    ],
    ['a broken regex', 'targets:\n  - name: a\n    start: x\n    ready: "/on (/"\n', `${F}: target "a": field "ready" is not a valid /regular expression/: Invalid regular expression: /on (/: Unterminated group`],
    ['an unset variable', 'targets:\n  - name: a\n    url: http://x\n    authToken: ${MCPC_NOT_SET}\n', `${F}: target "a": field "authToken" uses \${MCPC_NOT_SET}, which is not set in the environment`],
    ['a client target that is also a server', 'targets:\n  - name: a\n    client: "node client.js {url}"\n    url: http://x\n', `${F}: target "a": field "url" cannot go with "client": a target is either a client the tool tests, or a server`],
    ['broken YAML', 'targets:\n  - name: a\n   server: x\n', `${F} is not valid YAML: Sequence item without - indicator at line 3, column 1`],
    ['an empty file', '', `${F} is empty`],
  ];
  it.each(cases)('%s', async (_, text, message) => {
    expect(await loadError(text)).toBe(message);
  });

  it('broken JSON names the file', async () => {
    expect(await loadError('{"targets": [', 'mcp-conformance.config.json')).toMatch(/^mcp-conformance\.config\.json is not valid JSON: /);
  });

  it('through the CLI: exit 2 and the sentence, for the file found and for --config', async () => {
    const dir = await folder({ 'mcp-conformance.config.yaml': 'targets:\n  - name: a\n    client: "node c.js {url}"\n    headers: { X: y }\n' });
    const found = await runCli([], { cwd: dir });
    expect(found.code).toBe(2);
    expect(found.stderr).toBe('mcp-conformance: mcp-conformance.config.yaml: target "a": field "headers" applies to HTTP servers (url or start), not to a client\n');
    const missing = await runCli(['--config', 'nope.yaml'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('mcp-conformance: config file nope.yaml not found\n');
    const unknownTarget = await runCli(['--config', 'ok.json', '--target', 'b'], { cwd: await folder({ 'ok.json': '{"targets":[{"name":"a","server":"x"}]}' }) });
    expect(unknownTarget.stderr).toBe('mcp-conformance: --target: ok.json has no target "b" (targets: a)\n');
  });
});

describe('ready lines', () => {
  it('a substring, or a /regex/ whose url group or first group is the URL', () => {
    expect(readyMatcher('ready').match('server ready on 3000')).toEqual({});
    expect(readyMatcher('ready').match('starting')).toBeUndefined();
    expect(readyMatcher('/listening (http\\S+)/').match('listening http://127.0.0.1:5/mcp')).toEqual({ url: 'http://127.0.0.1:5/mcp' });
    expect(readyMatcher('/(\\w+) at (?<url>http\\S+)/i').match('Listening at http://h/x')).toEqual({ url: 'http://h/x' });
    expect(readyMatcher('/up/').capturesUrl).toBe(false);
    expect(() => readyMatcher('/up/g')).toThrow('the flags g and y are not allowed');
  });
});

describe('precedence: flag, then the target, then the file, then the default', () => {
  async function plans(argv: string[], yaml: string): Promise<TargetPlan[]> {
    const dir = await folder({ 'mcp-conformance.config.yaml': yaml });
    const config = await loadConfig('mcp-conformance.config.yaml', { cwd: dir });
    return (await planOf(argv, config)).targets;
  }
  const yaml = 'timeout: 3000\ncallTools: none\nspec: 2025-06-18\ntargets:\n  - name: a\n    server: x\n    timeout: 1500\n    env: { A: "1", B: "1" }\n  - name: b\n    url: http://127.0.0.1:1/mcp\n    headers: { X-One: "1" }\n';

  it('without flags, a target field beats the top level, which beats the default', async () => {
    const [a, b] = await plans([], yaml);
    expect(a?.timeoutMs).toBe(1500);
    expect(b?.timeoutMs).toBe(3000);
    expect(a?.revisions).toEqual(['2025-06-18']);
    expect(b?.settings.callTools).toEqual({ kind: 'none' });
    expect(a?.failOn).toBe('must');
    expect(a?.settings.fuzz.enabled).toBe(true);
    expect(b?.settings.foreignToken).toBeUndefined();
  });

  it("a target's foreignToken (with ${NAME} from the environment) reaches its run settings, and the flag beats it", async () => {
    const withToken = 'targets:\n  - name: b\n    url: http://127.0.0.1:1/mcp\n    foreignToken: ${MCPC_FOREIGN}\n';
    const dir = await folder({ 'mcp-conformance.config.yaml': withToken });
    const config = await loadConfig('mcp-conformance.config.yaml', { cwd: dir, env: { MCPC_FOREIGN: 'other-aud' } });
    expect((await planOf([], config)).targets[0]?.settings.foreignToken).toBe('other-aud');
    expect((await planOf(['--foreign-token', 'flag'], config)).targets[0]?.settings.foreignToken).toBe('flag');
  });

  it('flags override both, and --env / --header add to a target\'s maps', async () => {
    const [a, b] = await plans(['--timeout', '800', '--call-tools', 'all', '--spec', '2025-11-25', '--env', 'B=2', '--header', 'X-Two: 2', '--no-fuzz', '--auth-token', 't', '--foreign-token', 'f'], yaml);
    expect([a?.timeoutMs, b?.timeoutMs]).toEqual([800, 800]);
    expect(b?.settings.foreignToken).toBe('f');
    expect(b?.settings.callTools).toEqual({ kind: 'all' });
    expect(a?.revisions).toEqual(['2025-11-25']);
    expect(a?.settings.fuzz.enabled).toBe(false);
    expect(a?.reach).toEqual({ kind: 'target', target: expect.objectContaining({ kind: 'stdio', env: { A: '1', B: '2' } }) });
    expect(b?.reach).toEqual({ kind: 'target', target: expect.objectContaining({ kind: 'http', headers: { 'X-One': '1', 'X-Two': '2', Authorization: 'Bearer t' } }) });
  });

  it('--server uses the file\'s options but not its targets', async () => {
    const dir = await folder({ 'mcp-conformance.config.yaml': yaml });
    const config = await loadConfig('mcp-conformance.config.yaml', { cwd: dir });
    const plan = await planOf(['--server', 'node s.js'], config);
    expect(plan.many).toBe(false);
    expect(plan.targets).toHaveLength(1);
    expect(plan.targets[0]?.timeoutMs).toBe(3000);
  });

  it('a bad value names where it came from', async () => {
    await expect(plans([], 'suite: nosuch\ntargets:\n  - name: a\n    server: x\n')).rejects.toThrow(/^mcp-conformance\.config\.yaml: field "suite": unknown suite "nosuch"/);
    await expect(plans([], 'targets:\n  - name: a\n    server: x\n    spec: 1999-01-01\n')).rejects.toThrow(/^mcp-conformance\.config\.yaml: target "a": field "spec": unknown spec revision "1999-01-01"/);
    await expect(plans(['--spec', '1999-01-01'], yaml)).rejects.toThrow(/^unknown spec revision "1999-01-01"/);
    await expect(plans([], 'report: [console, pdf]\ntargets:\n  - name: a\n    server: x\n')).rejects.toThrow(/must be one of console, json, html, junit, markdown/);
    await expect(plans(['--target', 'a', '--server', 'x'], yaml)).rejects.toThrow(UsageError);
  });
});
