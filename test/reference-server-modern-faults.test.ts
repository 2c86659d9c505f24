// A sample of the reference server's 2026-07-28 faults: each probe observes one behaviour on
// a clean process and on a process with the fault, which must differ exactly as the fault
// says. (test/self-proof.test.ts proves them all through the suite once checks claim them.)
// Needs dist/ (built by `npm test`).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODERN_FAULTS } from '../reference/server/faults/modern.js';

const MAIN = resolve('dist/reference/server/main.js');
type Msg = Record<string, unknown>;
const V = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const SUB = 'io.modelcontextprotocol/subscriptionId';
const meta = (extra: Msg = {}, caps: Msg = {}): Msg => ({ [V]: '2026-07-28', [CAPS]: caps, ...extra });

const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function spawnRef(args: string[]): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, MCP_REF_FAULTS: '' } });
  children.push(child);
  return child;
}

/** A stdio process: `rpc` answers a request, `open` sends one without waiting; `frames` holds everything read. */
function stdio(args: string[]): {
  rpc(method: string, params?: Msg, id?: string | number): Promise<Msg>;
  open(method: string, params: Msg, id: string | number): void;
  frames: Msg[];
  end(): Promise<void>;
} {
  const child = spawnRef(args);
  const frames: Msg[] = [];
  const waiting = new Map<string, (m: Msg) => void>();
  let buf = '';
  let next = 1;
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    buf += d;
    for (let i = buf.indexOf('\n'); i !== -1; i = buf.indexOf('\n')) {
      const m = JSON.parse(buf.slice(0, i)) as Msg;
      buf = buf.slice(i + 1);
      frames.push(m);
      if (!('method' in m)) waiting.get(JSON.stringify(m.id))?.(m);
    }
  });
  const rpc = (method: string, params: Msg = { _meta: meta() }, id: string | number = next++): Promise<Msg> => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return new Promise((done, fail) => {
      waiting.set(JSON.stringify(id), done);
      setTimeout(() => fail(new Error(`no answer to ${method}`)), 10_000);
    });
  };
  const open = (method: string, params: Msg, id: string | number): void => void child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  const end = (): Promise<void> => new Promise((r) => (child.stdin.end(), child.once('exit', () => r())));
  return { rpc, open, frames, end };
}

async function http(args: string[]): Promise<string> {
  const child = spawnRef(['--http', '--port', '0', ...args]);
  let out = '';
  for await (const chunk of child.stdout) {
    out += String(chunk);
    const m = /listening (\S+)/.exec(out);
    if (m?.[1]) return m[1];
  }
  throw new Error(out);
}

/** One POST read to its end: status, headers, body. */
function post(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((done, fail) => {
    const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', fail);
    req.end(JSON.stringify(body));
  });
}

/** A POST whose body is collected as it streams (a listen), and one dropped after `ms` (a cancellation). */
function streaming(url: string, headers: Record<string, string>, payload: unknown, dropAfterMs?: number): { text: () => string } {
  let text = '';
  const req = request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } }, (r) => {
    r.setEncoding('utf8');
    r.on('data', (d: string) => (text += d));
    r.on('error', () => undefined);
  });
  req.on('error', () => undefined);
  req.end(JSON.stringify(payload));
  if (dropAfterMs !== undefined) setTimeout(() => req.destroy(), dropAfterMs);
  return { text: () => text };
}

const H = (method: string, name?: string): Record<string, string> => ({ 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method, ...(name ? { 'Mcp-Name': name } : {}) });
const body = (method: string, params: Msg = {}): Msg => ({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta(), ...params } });
const res = (m: Msg): Msg => (m.result ?? {}) as Msg;
const err = (m: Msg): Msg => (m.error ?? {}) as Msg;

/** [fault, probe]: the probe's observation on the clean process must differ from the faulty one's. */
const STDIO_PROBES: [string, (s: ReturnType<typeof stdio>) => Promise<unknown>][] = [
  ['modern-result-type-missing', async (s) => res(await s.rpc('prompts/list')).resultType],
  ['modern-result-type-unknown', async (s) => res(await s.rpc('tools/call', { name: 'echo', arguments: { message: 'x' }, _meta: meta() })).resultType],
  ['modern-resource-not-found-legacy-code', async (s) => err(await s.rpc('resources/read', { uri: 'test://x/none', _meta: meta() })).code],
  ['modern-meta-capabilities-optional', async (s) => 'result' in (await s.rpc('tools/list', { _meta: { [V]: '2026-07-28' } }))],
  ['modern-unsupported-version-wrong-requested', async (s) => (err(await s.rpc('tools/list', { _meta: meta({ [V]: '1900-01-01' }) })).data as Msg).requested],
  ['modern-discover-omits-version', async (s) => (res(await s.rpc('server/discover')).supportedVersions as string[]).includes('2026-07-28')],
  ['modern-no-server-info', async (s) => Object.keys((res(await s.rpc('tools/call', { name: 'get_time', arguments: {}, _meta: meta() }))._meta as Msg) ?? {})],
  ['modern-capability-error-wrong-code', async (s) => err(await s.rpc('tools/call', { name: 'greet_user', _meta: meta() })).code],
  ['modern-log-without-level', async (s) => (await s.rpc('tools/call', { name: 'echo', arguments: { message: 'x' }, _meta: meta() }), s.frames.filter((f) => f.method === 'notifications/message').length)],
  ['modern-cache-scope-varies', async (s) => res(await s.rpc('tools/list', { cursor: res(await s.rpc('tools/list')).nextCursor, _meta: meta() })).cacheScope],
  ['modern-input-required-wrong-method', async (s) => res(await s.rpc('completion/complete', { ref: { type: 'ref/prompt', name: 'greeting' }, argument: { name: 'name', value: 'a' }, _meta: meta() })).resultType],
  ['modern-tools-list-side-effect', async (s) => (await s.rpc('resources/read', { uri: 'test://static/readme', _meta: meta() }), res(await s.rpc('tools/list', { cursor: 'eyJsaXN0IjoidG9vbHMiLCJvZmZzZXQiOjEwfQ==', _meta: meta() })).tools)],
  ['modern-capabilities-remembered', async (s) => (await s.rpc('tools/call', { name: 'greet_user', _meta: meta({}, { elicitation: {} }) }), Object.keys(await s.rpc('tools/call', { name: 'greet_user', _meta: meta() })))],
  ['modern-server-request', async (s) => (await s.rpc('tools/call', { name: 'greet_user', _meta: meta({}, { elicitation: {} }) }), s.frames.filter((f) => 'method' in f && 'id' in f).length)],
  ['modern-listen-ack-adds-types', async (s) => (s.open('subscriptions/listen', { notifications: { toolsListChanged: true }, _meta: meta() }, 'l'), await s.rpc('server/discover'), Object.keys((s.frames[0]?.params as Msg).notifications as Msg))],
  ['modern-listen-id-stringified', async (s) => (s.open('subscriptions/listen', { notifications: {}, _meta: meta() }, 5), await s.rpc('server/discover'), ((s.frames[0]?.params as Msg)._meta as Msg)[SUB])],
  ['modern-log-on-listen', async (s) => {
    s.open('subscriptions/listen', { notifications: {}, _meta: meta() }, 'l');
    await s.rpc('tools/call', { name: 'echo', arguments: { message: 'x' }, _meta: meta({ 'io.modelcontextprotocol/logLevel': 'info' }) });
    return s.frames.filter((f) => f.method === 'notifications/message').map((f) => ((f.params as Msg)._meta as Msg | undefined)?.[SUB] ?? 'own');
  }],
  // legacy faults whose rule holds at 2026-07-28 act in the modern path too
  ['tools-unknown-returns-result', async (s) => 'result' in (await s.rpc('tools/call', { name: 'no_such_tool', arguments: {}, _meta: meta() }))],
  ['id-coerced', async (s) => (s.open('server/discover', { _meta: meta() }, '12'), await s.rpc('server/discover'), s.frames[0]?.id)],
];

describe('2026-07-28 faults change exactly what they name', () => {
  it('lists every modern fault with a digest id, transports and a one-sentence description', () => {
    const out = spawnSync(process.execPath, [MAIN, '--list-faults'], { encoding: 'utf8' }).stdout;
    for (const f of MODERN_FAULTS) {
      expect(out).toContain(`${f.id}\t${f.description}`);
      expect(f.description).toMatch(/^[A-Z]+-\d{3}(\/[A-Z]+-\d{3})*: /);
      expect(f.transports.length).toBeGreaterThan(0);
    }
    expect(MODERN_FAULTS.length).toBeGreaterThanOrEqual(60);
  });

  for (const [fault, probe] of STDIO_PROBES) {
    it.concurrent(`${fault} (stdio)`, async () => {
      const [clean, faulty] = await Promise.all([probe(stdio([])), probe(stdio(['--fault', fault]))]);
      expect(faulty).not.toEqual(clean);
    });
  }

  it('modern-only-initialize-unnamed (stdio, --modern-only)', async () => {
    const init = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } };
    const clean = err(await stdio(['--modern-only']).rpc('initialize', init));
    const faulty = err(await stdio(['--modern-only', '--fault', 'modern-only-initialize-unnamed']).rpc('initialize', init));
    expect([clean.code, faulty.code]).toEqual([-32022, -32601]);
    expect(String(faulty.message)).not.toContain('2026-07-28');
  });

  const HTTP_PROBES: [string, (url: string) => Promise<unknown>][] = [
    ['modern-http-session-id', async (u) => (await post(u, H('server/discover'), body('server/discover'))).headers['mcp-session-id'] !== undefined],
    ['modern-http-version-mismatch-accepted', async (u) => (await post(u, { ...H('tools/list'), 'MCP-Protocol-Version': '2025-11-25' }, body('tools/list'))).status],
    ['modern-http-unknown-method-200', async (u) => (await post(u, H('x/unknown'), body('x/unknown'))).status],
    ['modern-http-param-integer-as-string', async (u) => (await post(u, { ...H('tools/call', 'route'), 'Mcp-Param-Region': 'eu', 'Mcp-Param-Shard': '42.0' }, body('tools/call', { name: 'route', arguments: { region: 'eu', shard: 42 } }))).status],
    ['modern-http-header-names-case-sensitive', async (u) => (await post(u, { 'MCP-PROTOCOL-VERSION': '2026-07-28', 'MCP-METHOD': 'tools/list' }, body('tools/list'))).status],
    ['modern-http-header-invalid-chars-accepted', async (u) => (await post(u, { ...H('tools/call', 'route'), 'Mcp-Param-Region': 'é' }, body('tools/call', { name: 'route', arguments: { region: 'é' } }))).status],
    ['modern-http-no-accel-buffering', async (u) => (await post(u, H('tools/call', 'slow'), body('tools/call', { name: 'slow', arguments: { ms: 1 }, _meta: meta({ progressToken: 1 }) }))).headers['x-accel-buffering']],
    ['modern-http-close-not-cancel', async (u) => {
      const listen = streaming(u, H('subscriptions/listen'), body('subscriptions/listen', { notifications: { resourceSubscriptions: ['test://static/lorem'] } }));
      await new Promise((r) => setTimeout(r, 200));
      streaming(u, H('tools/call', 'touch_resource'), body('tools/call', { name: 'touch_resource', arguments: { uri: 'test://static/lorem', delayMs: 300 } }), 100);
      await new Promise((r) => setTimeout(r, 700));
      return listen.text().includes('notifications/resources/updated');
    }],
    ['modern-http-unrelated-notification', async (u) => (await post(u, H('tools/call', 'echo'), body('tools/call', { name: 'echo', arguments: { message: 'x' } }))).body.includes('list_changed')],
  ];
  for (const [fault, probe] of HTTP_PROBES) {
    it.concurrent(`${fault} (http)`, async () => {
      const [clean, faulty] = await Promise.all([http([]).then(probe), http(['--fault', fault]).then(probe)]);
      expect(faulty).not.toEqual(clean);
    });
  }
});
