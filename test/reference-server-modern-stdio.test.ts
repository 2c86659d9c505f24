// The reference server's 2026-07-28 era over stdio, through a tiny hand-written client (no
// harness): discover, per-request _meta validation and its error codes, result decoration,
// logging and progress placement, cancellation, subscriptions/listen, and the era flags.
// Needs dist/ (built by `npm test`).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => void;

const MAIN = resolve('dist/reference/server/main.js');
type Msg = Record<string, unknown>;
const V = 'io.modelcontextprotocol/protocolVersion';
const CAPS = 'io.modelcontextprotocol/clientCapabilities';
const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
const SUB_ID = 'io.modelcontextprotocol/subscriptionId';

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Modern per-request _meta (extra keys merged in). */
function meta(extra: Msg = {}, caps: Msg = {}): Msg {
  return { [V]: '2026-07-28', [CAPS]: caps, 'io.modelcontextprotocol/clientInfo': { name: 'modern-test', version: '1' }, ...extra };
}

/** A stdio client: every frame it read, in order, and a waiter over them. */
class Client {
  readonly child: ChildProcessWithoutNullStreams;
  readonly frames: Msg[] = [];
  private buf = '';
  private wake: (() => void)[] = [];

  constructor(args: string[] = []) {
    this.child = spawn(process.execPath, [MAIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, MCP_REF_FAULTS: '' } });
    children.push(this.child);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d: string) => {
      this.buf += d;
      for (let i = this.buf.indexOf('\n'); i !== -1; i = this.buf.indexOf('\n')) {
        this.frames.push(JSON.parse(this.buf.slice(0, i)) as Msg);
        this.buf = this.buf.slice(i + 1);
        for (const w of this.wake.splice(0)) w();
      }
    });
  }

  send(msg: Msg): void {
    this.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
  }

  async request(id: string | number, method: string, params: Msg = { _meta: meta() }): Promise<Msg> {
    this.send({ id, method, params });
    return this.waitFor((f) => f.id === id && !('method' in f));
  }

  async waitFor(pred: (f: Msg) => boolean, ms = 10_000): Promise<Msg> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.frames.find(pred);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(0, 600)}`);
      await new Promise<void>((r) => {
        this.wake.push(r);
        setTimeout(r, 50);
      });
    }
  }
}

const result = (m: Msg): Msg => m.result as Msg;

/** The 2026-07-28 result type of each method (an input_required answer is an InputRequiredResult). */
const RESULTS: Record<string, string> = {
  'server/discover': 'DiscoverResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
};

/** Problems of every frame against the official 2026-07-28 schema. */
function schemaProblems(frames: Msg[], methodOf: Map<unknown, string>): string[] {
  const local = resolve('schema/official/2026-07-28/schema.json');
  const path = existsSync(local) ? local : resolve(process.env.MCP_SCHEMA_DIR ?? '../shared/mcp-schema', '2026-07-28', 'schema.json');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(JSON.parse(readFileSync(path, 'utf8')) as Msg, 'mcp');
  const problems: string[] = [];
  const run = (name: string, value: unknown, m: Msg): void => {
    const check = ajv.getSchema(`mcp#/$defs/${name}`);
    if (!check) throw new Error(`no ${name}`);
    if (!check(value)) problems.push(`${name}: ${JSON.stringify(m).slice(0, 160)}: ${ajv.errorsText(check.errors)}`);
  };
  for (const m of frames) {
    run('JSONRPCMessage', m, m);
    if ('method' in m && !('id' in m)) run('ServerNotification', m, m);
    const method = 'result' in m ? methodOf.get(m.id) : undefined;
    if (method === undefined) continue;
    run(result(m).resultType === 'input_required' ? 'InputRequiredResult' : (RESULTS[method] as string), m.result, m);
  }
  return problems;
}
const error = (m: Msg): Msg => m.error as Msg;

describe('2026-07-28 over stdio', () => {
  it('answers server/discover with versions, capabilities, instructions, cache hints and serverInfo', async () => {
    const c = new Client();
    const r = result(await c.request('d-1', 'server/discover'));
    expect(r.resultType).toBe('complete');
    expect(r.supportedVersions).toEqual(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);
    expect(Object.keys(r.capabilities as Msg)).toEqual(expect.arrayContaining(['tools', 'resources', 'prompts', 'completions']));
    expect(typeof r.instructions).toBe('string');
    expect(r).toMatchObject({ ttlMs: 3_600_000, cacheScope: 'public' });
    expect((r._meta as Msg)[SERVER_INFO]).toMatchObject({ name: 'mcp-conformance-reference' });
  });

  it('serves a first-frame tools/call on a fresh process, with resultType and serverInfo', async () => {
    const c = new Client();
    const r = result(await c.request(1, 'tools/call', { name: 'echo', arguments: { message: 'hi' }, _meta: meta() }));
    expect(r).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hi' }] });
    expect((r._meta as Msg)[SERVER_INFO]).toBeDefined();
    expect('ttlMs' in r).toBe(false); // tools/call is not cacheable
  });

  it('refuses missing _meta fields with -32602 and unknown versions with -32022 naming the supported ones', async () => {
    const c = new Client();
    expect(error(await c.request(1, 'tools/list', { _meta: { [V]: '2026-07-28' } })).code).toBe(-32602);
    expect(error(await c.request(2, 'tools/list', { _meta: { [CAPS]: {} } })).code).toBe(-32602);
    expect(error(await c.request(3, 'server/discover', {})).code).toBe(-32602);
    const e = error(await c.request(4, 'tools/list', { _meta: meta({ [V]: '1900-01-01' }) }));
    expect(e.code).toBe(-32022);
    expect(e.data).toEqual({ supported: expect.arrayContaining(['2026-07-28']) as unknown, requested: '1900-01-01' });
    expect(error(await c.request(5, 'tools/list', { _meta: meta({ 'io.modelcontextprotocol/logLevel': 'verbose' }) })).code).toBe(-32602);
  });

  it('has only the methods of 2026-07-28, and answers a missing resource with -32602', async () => {
    const c = new Client();
    for (const [i, m] of ['ping', 'logging/setLevel', 'resources/subscribe', 'initialize', 'x-conformance/unknown'].entries()) {
      expect(error(await c.request(i, m, { uri: 'test://static/readme', level: 'info', _meta: meta() })).code, m).toBe(-32601);
    }
    const e = error(await c.request(9, 'resources/read', { uri: 'test://static/nothing', _meta: meta() }));
    expect(e.code).toBe(-32602);
  });

  it('decorates every page of every list with the same cache scope, in a stable order', async () => {
    const c = new Client();
    const names: string[] = [];
    let cursor: unknown;
    let n = 0;
    do {
      const r = result(await c.request(`t-${n++}`, 'tools/list', { ...(cursor ? { cursor } : {}), _meta: meta() }));
      expect(r).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'public' });
      names.push(...(r.tools as Msg[]).map((t) => t.name as string));
      cursor = r.nextCursor;
    } while (cursor !== undefined && n < 5);
    expect(names).toEqual(expect.arrayContaining(['greet_user', 'touch_resource', 'route']));
    const again = result(await c.request('t-again', 'tools/list', { _meta: meta() }));
    expect((again.tools as Msg[]).map((t) => t.name)).toEqual(names.slice(0, 5));
    const read = result(await c.request('r', 'resources/read', { uri: 'test://static/readme', _meta: meta() }));
    expect(read).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
  });

  it('logs only at the requested level, before the response; progress only for a token, before the response', async () => {
    const c = new Client();
    await c.request(1, 'tools/call', { name: 'fail', arguments: {}, _meta: meta() });
    expect(c.frames.filter((f) => f.method === 'notifications/message')).toEqual([]);
    const answer = await c.request(2, 'tools/call', { name: 'fail', arguments: {}, _meta: meta({ 'io.modelcontextprotocol/logLevel': 'error' }) });
    const logs = c.frames.filter((f) => f.method === 'notifications/message');
    expect(logs.map((l) => (l.params as Msg).level)).toEqual(['error']); // the info log is below the level
    expect(c.frames.indexOf(logs[0] as Msg)).toBeLessThan(c.frames.indexOf(answer));
    const slow = await c.request(3, 'tools/call', { name: 'slow', arguments: { ms: 300 }, _meta: meta({ progressToken: 'p-1' }) });
    const progress = c.frames.filter((f) => f.method === 'notifications/progress');
    expect(progress.length).toBe(3);
    expect(progress.map((p) => (p.params as Msg).progress)).toEqual([1, 2, 3]);
    expect(c.frames.indexOf(progress[2] as Msg)).toBeLessThan(c.frames.indexOf(slow));
  });

  it('stops a cancelled request: nothing more is sent for it', async () => {
    const c = new Client();
    c.send({ id: 'slow-1', method: 'tools/call', params: { name: 'slow', arguments: { ms: 2000 }, _meta: meta({ progressToken: 'tok' }) } });
    await c.waitFor((f) => f.method === 'notifications/progress');
    c.send({ method: 'notifications/cancelled', params: { requestId: 'slow-1', reason: 'test' } });
    const fence = await c.request('fence', 'server/discover');
    const sent = c.frames.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(c.frames.slice(sent)).toEqual([]);
    expect(c.frames.some((f) => f.id === 'slow-1')).toBe(false);
    expect(c.frames.some((f) => f.method === 'notifications/cancelled')).toBe(false);
    expect(fence.result).toBeDefined();
  });

  it('acknowledges a listen first with the honoured filter, tags every frame, and delivers only what was asked', async () => {
    const c = new Client();
    const filter = { resourceSubscriptions: ['test://static/readme'], toolsListChanged: true, unknownKind: true };
    c.send({ id: 7, method: 'subscriptions/listen', params: { notifications: filter, _meta: meta() } });
    c.send({ id: 'sub-b', method: 'subscriptions/listen', params: { notifications: { promptsListChanged: true }, _meta: meta() } });
    const ack = await c.waitFor((f) => f.method === 'notifications/subscriptions/acknowledged' && (f.params as Msg)._meta !== undefined && ((f.params as Msg)._meta as Msg)[SUB_ID] === 7);
    expect((ack.params as Msg).notifications).toEqual({ toolsListChanged: true, resourceSubscriptions: ['test://static/readme'] });
    await c.waitFor((f) => f.method === 'notifications/subscriptions/acknowledged' && ((f.params as Msg)._meta as Msg)[SUB_ID] === 'sub-b');
    await c.request('touch', 'tools/call', { name: 'touch_resource', arguments: { uri: 'test://static/readme' }, _meta: meta({ progressToken: 'x', 'io.modelcontextprotocol/logLevel': 'debug' }) });
    const updated = c.frames.filter((f) => f.method === 'notifications/resources/updated');
    expect(updated).toEqual([{ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: 'test://static/readme', _meta: { [SUB_ID]: 7 } } }]);
    // Request-scoped notifications never carry a subscription id.
    for (const f of c.frames.filter((x) => x.method === 'notifications/message' || x.method === 'notifications/progress')) {
      expect(JSON.stringify(f)).not.toContain(SUB_ID);
    }
    // Ended by the client: nothing more for it, even a later touch.
    c.send({ method: 'notifications/cancelled', params: { requestId: 7 } });
    await c.request('touch-2', 'tools/call', { name: 'touch_resource', arguments: { uri: 'test://static/readme' }, _meta: meta() });
    expect(c.frames.filter((f) => f.method === 'notifications/resources/updated').length).toBe(1);
    expect(c.frames.some((f) => f.id === 7)).toBe(false);
    // At shutdown, the other subscription ends with its result, tagged.
    c.child.stdin.end();
    const end = await c.waitFor((f) => f.id === 'sub-b');
    expect(end.result).toEqual({ resultType: 'complete', _meta: { [SUB_ID]: 'sub-b', [SERVER_INFO]: expect.anything() as unknown } });
  });

  it('writes only messages valid under the 2026-07-28 schema', async () => {
    const c = new Client();
    const sent = new Map<unknown, string>();
    const ask = (id: string, method: string, params: Msg = {}, extra: Msg = {}, caps: Msg = {}): Promise<Msg> => {
      sent.set(id, method);
      return c.request(id, method, { ...params, _meta: meta(extra, caps) });
    };
    const debug = { 'io.modelcontextprotocol/logLevel': 'debug' };
    await ask('d', 'server/discover');
    c.send({ id: 'l', method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions: ['test://static/readme'], toolsListChanged: true }, _meta: meta() } });
    sent.set('l', 'subscriptions/listen');
    for (const [i, list] of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'].entries()) await ask(`list-${i}`, list);
    await ask('add', 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } }, debug);
    await ask('slow', 'tools/call', { name: 'slow', arguments: { ms: 30 } }, { progressToken: 'p', ...debug });
    await ask('img', 'tools/call', { name: 'get_image', arguments: {} });
    await ask('touch', 'tools/call', { name: 'touch_resource', arguments: { uri: 'test://static/readme' } });
    await ask('route', 'tools/call', { name: 'route', arguments: { region: 'eu', shard: 3, dryRun: true } });
    const state = result(await ask('greet', 'tools/call', { name: 'greet_user', arguments: {} }, {}, { elicitation: {} })).requestState;
    await ask('greet-2', 'tools/call', { name: 'greet_user', arguments: {}, requestState: state, inputResponses: { user_name: { action: 'accept', content: { name: 'Ada' } } } });
    await ask('blob', 'resources/read', { uri: 'test://static/blob.bin' });
    await ask('item', 'resources/read', { uri: 'test://template/item/7' });
    await ask('prompt', 'prompts/get', { name: 'code_review', arguments: { code: 'x' } });
    await ask('prompt-mrtr', 'prompts/get', { name: 'personal_greeting' }, {}, { elicitation: {} });
    await ask('complete', 'completion/complete', { ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'language', value: '' } });
    await ask('err', 'resources/read', { uri: 'test://static/nothing' });
    c.child.stdin.end();
    await c.waitFor((f) => f.id === 'l');
    expect(c.frames.length).toBeGreaterThan(20);
    expect(schemaProblems(c.frames, sent)).toEqual([]);
    // The validator is live: a result without resultType and tools is refused.
    expect(schemaProblems([{ jsonrpc: '2.0', id: 'x', result: {} }], new Map([['x', 'tools/list']])).length).toBeGreaterThan(0);
  });

  it('serves both eras in one dual-era process', async () => {
    const c = new Client();
    const init = result(await c.request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(init.protocolVersion).toBe('2025-06-18');
    c.send({ method: 'notifications/initialized' });
    const legacy = result(await c.request(2, 'tools/list', {}));
    expect('resultType' in legacy).toBe(false);
    expect((legacy.tools as Msg[]).some((t) => t.name === 'greet_user')).toBe(false);
    const modern = result(await c.request(3, 'tools/list'));
    expect(modern.resultType).toBe('complete');
    expect(result(await c.request(4, 'ping', {}))).toEqual({});
    const missing = error(await c.request(5, 'resources/read', { uri: 'test://static/nothing' }));
    expect(missing.code).toBe(-32002); // legacy code in the legacy session
  });

  it('--modern-only refuses initialize naming its versions; --legacy-only has no modern handling', async () => {
    const m = new Client(['--modern-only']);
    const e = error(await m.request(1, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } }));
    expect(e.code).toBe(-32022);
    expect(e.data).toEqual({ supported: ['2026-07-28'], requested: '2025-11-25' });
    expect(String(e.message)).toContain('2026-07-28');
    expect(result(await m.request(2, 'server/discover')).supportedVersions).toEqual(['2026-07-28']);
    const l = new Client(['--legacy-only']);
    expect(error(await l.request(1, 'server/discover')).code).toBe(-32600); // not initialized: a legacy answer
  });
});
