// The reference server on its own, through a tiny hand-written client (no harness): the
// clean server over stdio and Streamable HTTP, schema-valid at every legacy revision, and
// a few faults that must visibly change behaviour. Needs dist/ (built by `npm test`).
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import { FAULTS } from '../reference/server/faults.js';

// ajv-formats is CommonJS: its default export arrives wrapped under NodeNext typing.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => void;
const MAIN = resolve('dist/reference/server/main.js');
const REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
type Msg = Record<string, unknown>;

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

function start(args: string[] = []): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, MCP_REF_FAULTS: '' } });
  children.push(child);
  return child;
}

/** A stdio client: raw stdout lines, parsed frames, request ids 1, 2, 3... */
class StdioClient {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  readonly frames: unknown[] = [];
  /** The method of each request this client sent, by id. */
  readonly methods = new Map<unknown, string>();
  private buf = '';
  private nextId = 1;
  private wake: (() => void)[] = [];

  constructor(args: string[] = []) {
    this.child = start(args);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (d: string) => {
      this.buf += d;
      for (let i = this.buf.indexOf('\n'); i !== -1; i = this.buf.indexOf('\n')) {
        const line = this.buf.slice(0, i);
        this.buf = this.buf.slice(i + 1);
        this.lines.push(line);
        try {
          this.frames.push(JSON.parse(line));
        } catch {
          this.frames.push({ unparsable: line });
        }
        for (const w of this.wake.splice(0)) w();
      }
    });
  }

  raw(line: string): void {
    this.child.stdin.write(`${line}\n`);
  }

  send(msg: unknown): void {
    this.raw(JSON.stringify(msg));
  }

  notify(method: string, params?: Msg): void {
    this.send(params ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', method });
  }

  async request(method: string, params?: Msg): Promise<Msg> {
    const id = this.nextId++;
    this.methods.set(id, method);
    this.send(params ? { jsonrpc: '2.0', id, method, params } : { jsonrpc: '2.0', id, method });
    return this.waitFor((f) => f.id === id && !('method' in f));
  }

  /** The first frame (an object) that matches, waiting up to `ms`. */
  async waitFor(pred: (f: Msg) => boolean, ms = 20_000): Promise<Msg> {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = this.frames.find((f): f is Msg => typeof f === 'object' && f !== null && !Array.isArray(f) && pred(f as Msg));
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise<void>((r) => {
        this.wake.push(r);
        setTimeout(r, 50);
      });
    }
  }

  async initialize(protocolVersion: string, capabilities: Msg = {}): Promise<Msg> {
    const reply = await this.request('initialize', { protocolVersion, capabilities, clientInfo: { name: 'test', version: '1' } });
    this.notify('notifications/initialized');
    return reply;
  }
}

describe('reference server over stdio', () => {
  it('negotiates each legacy revision, and its newest for an unknown one', async () => {
    for (const rev of [...REVISIONS, '2099-12-31']) {
      const c = new StdioClient();
      const reply = await c.initialize(rev);
      const result = reply.result as Msg;
      expect(result.protocolVersion).toBe(rev === '2099-12-31' ? '2025-11-25' : rev);
      expect((result.serverInfo as Msg).name).toBe('mcp-conformance-reference');
      expect('completions' in (result.capabilities as Msg)).toBe(rev !== '2024-11-05');
      expect('instructions' in result).toBe(rev !== '2024-11-05');
      expect(await c.request('ping')).toMatchObject({ id: 2, result: {} });
    }
  });

  it('answers ping before initialize and refuses other requests until then', async () => {
    const c = new StdioClient();
    expect(await c.request('ping')).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    expect(((await c.request('tools/list')).error as Msg).code).toBe(-32600);
  });

  it('paginates tools/list to the end with opaque cursors, and refuses an invalid cursor', async () => {
    const c = new StdioClient();
    await c.initialize('2025-06-18');
    const names: string[] = [];
    let cursor: unknown;
    let pages = 0;
    do {
      const r = (await c.request('tools/list', cursor === undefined ? {} : { cursor })).result as Msg;
      names.push(...(r.tools as Msg[]).map((t) => t.name as string));
      cursor = r.nextCursor;
      pages++;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(2);
    expect(names).toContain('echo');
    expect(new Set(names).size).toBe(names.length);
    expect(((await c.request('tools/list', { cursor: 'not-a-cursor' })).error as Msg).code).toBe(-32602);
  });

  it('answers invalid JSON with -32700 and id null, unknown methods with -32601, never a notification', async () => {
    const c = new StdioClient();
    await c.initialize('2025-11-25');
    c.raw('{"jsonrpc": "2.0", "id": 7, "method": ');
    expect(await c.waitFor((f) => f.id === null)).toMatchObject({ id: null, error: { code: -32700 } });
    expect(((await c.request('x-conformance/unknown')).error as Msg).code).toBe(-32601);
    const before = c.frames.length;
    c.notify('notifications/x-conformance-probe');
    c.notify('notifications/initialized');
    const fence = await c.request('ping');
    expect(c.frames.slice(before)).toEqual([fence]);
  });

  it('echoes ids with their exact JSON type', async () => {
    const c = new StdioClient();
    await c.initialize('2025-11-25');
    for (const id of ['1', 0, -7, 'abc', 2147483648]) c.send({ jsonrpc: '2.0', id, method: 'ping' });
    c.raw('{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}');
    await c.waitFor((f) => f.id === 2147483648);
    await c.waitFor(() => c.lines.some((l) => l.includes('9007199254740993')));
    expect(c.frames.filter((f) => (f as Msg).id === '1')).toHaveLength(1);
    expect(c.frames.filter((f) => (f as Msg).id === 1)).toHaveLength(1); // the initialize answer only
  });

  it('accepts batches only when 2025-03-26 was negotiated', async () => {
    const batch = '[{"jsonrpc":"2.0","id":"b1","method":"ping"},{"jsonrpc":"2.0","method":"notifications/x"},{"jsonrpc":"2.0","id":"b2","method":"tools/list"}]';
    const c = new StdioClient();
    await c.initialize('2025-03-26');
    c.raw(batch);
    await c.waitFor(() => c.frames.some(Array.isArray));
    const answer = c.frames.find(Array.isArray) as Msg[];
    expect(answer.map((m) => m.id).sort()).toEqual(['b1', 'b2']);
    c.raw('[]');
    expect(await c.waitFor((f) => f.id === null)).toMatchObject({ error: { code: -32600 } });

    const d = new StdioClient();
    await d.initialize('2025-06-18');
    d.raw(batch);
    expect(await d.waitFor((f) => f.id === null)).toMatchObject({ error: { code: -32600 } });
  });

  it('writes only schema-valid messages at every revision', async () => {
    for (const rev of REVISIONS) {
      const validate = validatorFor(rev);
      const c = new StdioClient();
      await c.initialize(rev);
      await c.request('logging/setLevel', { level: 'debug' });
      const tools = [...((await c.request('tools/list')).result as Msg).tools as Msg[]];
      await c.request('tools/call', { name: 'add', arguments: { a: 1, b: 2 } });
      await c.request('tools/call', { name: 'slow', arguments: { ms: 30 }, _meta: { progressToken: 'p' } });
      await c.request('tools/call', { name: 'fail', arguments: {} });
      await c.request('tools/call', { name: 'get_image' });
      await c.request('resources/read', { uri: 'test://static/blob.bin' });
      await c.request('resources/read', { uri: 'test://template/item/7' });
      await c.request('resources/templates/list');
      const prompts = ((await c.request('prompts/list')).result as Msg).prompts as Msg[];
      for (const p of prompts) await c.request('prompts/get', { name: p.name, arguments: { name: 'x', code: 'x' } });
      await c.request('completion/complete', { ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'language', value: '' } });
      expect(tools.length).toBe(5);
      for (const f of c.frames) expect(validate(f, (id) => c.methods.get(id)), rev).toEqual([]);
    }
  });

  it('lists every fault of its registry, each once, and refuses an unknown one with exit code 2', () => {
    const list = spawnSync(process.execPath, [MAIN, '--list-faults'], { encoding: 'utf8' });
    const ids = list.stdout.trim().split('\n').map((l) => l.split('\t')[0]);
    expect(ids).toEqual(FAULTS.map((f) => f.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('double-response-ping');
    const bad = spawnSync(process.execPath, [MAIN, '--fault', 'no-such-fault'], { encoding: 'utf8', input: '' });
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('exits cleanly when stdin closes', async () => {
    const c = new StdioClient();
    await c.initialize('2025-11-25');
    c.child.stdin.end();
    const code = await new Promise((r) => c.child.once('exit', r));
    expect(code).toBe(0);
  });
});

describe('faults over stdio', () => {
  it('double-response-ping answers a ping twice', async () => {
    const c = new StdioClient(['--fault', 'double-response-ping']);
    await c.initialize('2025-11-25');
    await c.request('ping');
    await c.request('ping');
    expect(c.frames.filter((f) => (f as Msg).id === 2)).toHaveLength(2);
  });

  it('stdout-banner writes a non-JSON line first', async () => {
    const c = new StdioClient(['--fault', 'stdout-banner']);
    await c.initialize('2025-11-25');
    expect(c.lines[0]).toBe('reference server ready');
  });

  it('faults also come from MCP_REF_FAULTS', async () => {
    const child = spawn(process.execPath, [MAIN], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, MCP_REF_FAULTS: 'ping-nonempty-result' } });
    children.push(child);
    const out = new Promise<string>((r) => child.stdout.once('data', (d: Buffer) => r(d.toString())));
    child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    expect(JSON.parse(await out)).toMatchObject({ result: { status: 'ok' } });
  });
});

describe('reference server over Streamable HTTP', () => {
  it('issues a session on initialize, wants it afterwards, and ends it on DELETE', async () => {
    const child = start(['--http', '--port', '0']);
    const url = await new Promise<string>((ok, fail) => {
      child.stdout.once('data', (d: Buffer) => {
        const m = /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)\n$/.exec(d.toString());
        if (m?.[1]) ok(m[1]);
        else fail(new Error(`unexpected stdout: ${d.toString()}`));
      });
    });
    const headers = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const post = (body: unknown, extra: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });

    const init = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    expect(init.status).toBe(200);
    expect(((await init.json()) as Msg).result).toMatchObject({ protocolVersion: '2025-06-18' });
    const sid = init.headers.get('mcp-session-id') ?? '';
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    const session = { 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': '2025-06-18' };

    const notified = await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    expect([notified.status, await notified.text()]).toEqual([202, '']);
    const ping = await post({ jsonrpc: '2.0', id: 2, method: 'ping' }, session);
    expect(await ping.json()).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect((await post({ jsonrpc: '2.0', id: 3, method: 'ping' })).status).toBe(400);
    expect((await post({ jsonrpc: '2.0', id: 3, method: 'ping' }, { ...session, 'MCP-Protocol-Version': '1999-01-01' })).status).toBe(400);
    expect((await post({ jsonrpc: '2.0', id: 3, method: 'ping' }, { ...session, Origin: 'https://attacker.example' })).status).toBe(403);

    expect((await fetch(url, { method: 'DELETE', headers: session })).status).toBe(200);
    expect((await post({ jsonrpc: '2.0', id: 4, method: 'ping' }, session)).status).toBe(404);

    child.kill('SIGTERM');
    expect(await new Promise((r) => child.once('exit', r))).toBe(0);
  });
});

const RESULT_TYPES: Record<string, string> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'logging/setLevel': 'EmptyResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'resources/read': 'ReadResourceResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'completion/complete': 'CompleteResult',
};

/**
 * Checks each message of a frame against the revision's schema: the envelope
 * (JSONRPCMessage), the result type of the method it answers, ServerNotification.
 */
function validatorFor(rev: string): (frame: unknown, methodOf: (id: unknown) => string | undefined) => string[] {
  const local = resolve(`schema/official/${rev}/schema.json`);
  const path = existsSync(local) ? local : resolve(process.env.MCP_SCHEMA_DIR ?? '../shared/mcp-schema', rev, 'schema.json');
  const schema = JSON.parse(readFileSync(path, 'utf8')) as Msg;
  const defs = schema.$defs ? '$defs' : 'definitions';
  const AjvClass = rev === '2025-11-25' ? Ajv2020 : Ajv;
  const ajv = new AjvClass({ strict: false, allErrors: true });
  addFormats(ajv as Ajv);
  ajv.addSchema(schema, 'mcp');
  const get = (name: string) => {
    const v = ajv.getSchema(`mcp#/${defs}/${name}`);
    if (!v) throw new Error(`no ${name} in ${path}`);
    return v;
  };
  return (frame, methodOf) => {
    const problems: string[] = [];
    const run = (name: string, value: unknown, m: Msg): void => {
      const check = get(name);
      if (!check(value)) problems.push(`${name}: ${JSON.stringify(m).slice(0, 120)}: ${ajv.errorsText(check.errors)}`);
    };
    for (const m of (Array.isArray(frame) ? frame : [frame]) as Msg[]) {
      run('JSONRPCMessage', m, m);
      if ('method' in m && !('id' in m)) run('ServerNotification', m, m);
      const method = 'result' in m ? methodOf(m.id) : undefined;
      const resultType = method === undefined ? undefined : RESULT_TYPES[method];
      if (resultType) run(resultType, m.result, m);
    }
    return problems;
  };
}
