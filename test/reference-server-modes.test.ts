// The reference server's behaviour modes (reference/server/modes/): each does what it says,
// over stdio and Streamable HTTP, in a worker thread as the self-proof runs it. Fences, not
// clocks: an answer is shown late by what arrived before it, or by a lower bound on the time
// taken (never an upper one). Needs dist/ (built by `npm test`).
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { REFERENCE_MAIN, startReferenceHttp, type RunningServer } from './helpers/reference.js';

type Msg = Record<string, unknown>;

/** A bound for waits that only guards against a hang; no test relies on it being short. */
const GUARD_MS = 20_000;
/** Lower bounds get slack in the one direction that cannot cause a false failure. */
const atLeast = (ms: number): number => ms * 0.9;

// One test at a time: each starts its own server, and a burst of starts would crowd the
// neighbouring test files on a busy machine.
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

interface Frame {
  at: number;
  msg: Msg;
}

/** The reference on stdio in a worker thread: frames with their arrival times. */
class StdioPeer {
  readonly frames: Frame[] = [];
  private readonly wake = new Set<() => void>();
  private readonly worker: Worker;

  constructor(args: string[]) {
    this.worker = new Worker(REFERENCE_MAIN, { argv: args, stdin: true, stdout: true, stderr: true, env: { ...process.env, MCP_REF_FAULTS: '' } });
    this.worker.stderr.resume();
    let buf = '';
    this.worker.stdout.setEncoding('utf8');
    this.worker.stdout.on('data', (d: string) => {
      buf += d;
      for (let nl = buf.indexOf('\n'); nl !== -1; nl = buf.indexOf('\n')) {
        this.frames.push({ at: performance.now(), msg: JSON.parse(buf.slice(0, nl)) as Msg });
        buf = buf.slice(nl + 1);
      }
      for (const w of this.wake) w();
    });
    cleanups.push(() => this.worker.terminate());
  }

  /** Writes the messages in one chunk; returns when they were written. */
  send(...msgs: Msg[]): number {
    this.worker.stdin?.write(msgs.map((m) => `${JSON.stringify(m)}\n`).join(''));
    return performance.now();
  }

  /** The first frame that matches, as soon as it is there. */
  next(pred: (m: Msg) => boolean): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const hit = this.frames.find((f) => pred(f.msg));
        if (hit) {
          this.wake.delete(check);
          clearTimeout(timer);
          resolve(hit);
        }
        return hit !== undefined;
      };
      const timer = setTimeout(() => {
        this.wake.delete(check);
        reject(new Error(`no such frame; got ${JSON.stringify(this.frames.map((f) => f.msg)).slice(0, 600)}`));
      }, GUARD_MS);
      if (!check()) this.wake.add(check);
    });
  }

  answer(id: unknown): Promise<Frame> {
    return this.next((m) => m.id === id && !('method' in m));
  }

  async initialize(protocolVersion = '2025-06-18'): Promise<void> {
    this.send(rpc(0, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'modes-test', version: '1' } }), { jsonrpc: '2.0', method: 'notifications/initialized' });
    await this.answer(0);
  }
}

const rpc = (id: unknown, method: string, params?: Msg): Msg => (params ? { jsonrpc: '2.0', id, method, params } : { jsonrpc: '2.0', id, method });
const call = (id: unknown, name: string, args: Msg = {}, meta?: Msg): Msg => rpc(id, 'tools/call', { name, arguments: args, ...(meta ? { _meta: meta } : {}) });
const MODERN_META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const modernRpc = (id: unknown, method: string, params: Msg = {}): Msg => rpc(id, method, { ...params, _meta: MODERN_META });
const idOf = (f: Frame): unknown => f.msg.id;

/** The reference on Streamable HTTP (startReferenceHttp adds --http) with these mode flags. */
async function http(flags: string[], startWaitMs?: number): Promise<RunningServer> {
  const server = await startReferenceHttp(undefined, { flags, ...(startWaitMs ? { startWaitMs } : {}) });
  cleanups.push(() => server.stop());
  return server;
}

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The JSON body, or the data of each SSE event. */
  messages: Msg[];
}

const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

async function post(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Reply> {
  const res = await fetch(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body), ...(signal ? { signal } : {}) });
  return reply(res);
}

async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let messages: Msg[] = [];
  if (type.startsWith('text/event-stream')) {
    messages = text
      .split('\n\n')
      .map((e) => e.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n'))
      .filter((d) => d !== '')
      .map((d) => JSON.parse(d) as Msg);
  } else if (type.startsWith('application/json') && text !== '') {
    const value = JSON.parse(text) as Msg | Msg[];
    messages = Array.isArray(value) ? value : [value];
  }
  return { status: res.status, headers: res.headers, text, messages };
}

/** A legacy session over Streamable HTTP: initialize, notifications/initialized; its headers. */
async function legacySession(url: string, protocolVersion: string): Promise<Record<string, string>> {
  const init = await post(url, rpc(0, 'initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'modes-test', version: '1' } }));
  const sid = init.headers.get('mcp-session-id');
  const headers: Record<string, string> = { 'MCP-Protocol-Version': protocolVersion, ...(sid ? { 'Mcp-Session-Id': sid } : {}) };
  await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
  return headers;
}

const MODERN_HEADERS = (method: string): Record<string, string> => ({ 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': method });
const errorOf = (m: Msg | undefined): Msg => (m?.error ?? {}) as Msg;

describe('--slow-start', () => {
  it('stdio: reads nothing before MS have passed', async () => {
    const started = performance.now();
    const peer = new StdioPeer(['--slow-start', '200']);
    peer.send(rpc(1, 'ping'));
    const pong = await peer.answer(1);
    expect(pong.msg.result).toEqual({});
    expect(pong.at - started).toBeGreaterThanOrEqual(atLeast(200));
  });

  it('HTTP: prints its listening line only once MS have passed, and then serves', async () => {
    const started = performance.now();
    const server = await http(['--slow-start', '200'], 30_000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(atLeast(200));
    const discover = await post(server.url, modernRpc(1, 'server/discover'), MODERN_HEADERS('server/discover'));
    expect(discover.status).toBe(200);
  });
});

describe('--answer-delay', () => {
  it('stdio: answers MS late, with the notifications of a request still before its response', async () => {
    const peer = new StdioPeer(['--answer-delay', '200']);
    await peer.initialize();
    const sent = peer.send(call(1, 'slow', { ms: 200 }, { progressToken: 'p' }));
    const done = await peer.answer(1);
    expect(done.at - sent).toBeGreaterThanOrEqual(atLeast(200 + 200));
    const order = peer.frames.filter((f) => f.msg.id === 1 || f.msg.method === 'notifications/progress').map((f) => (f.msg.method ? 'progress' : 'response'));
    expect(order).toEqual(['progress', 'progress', 'response']);
  });

  it('stdio: a response still held is dropped by a cancellation, as an unanswered request would be', async () => {
    const peer = new StdioPeer(['--answer-delay', '200']);
    await peer.initialize();
    // The echo is answered at once and held; the cancellation arrives while it is held.
    peer.send(call(1, 'echo', { message: 'hi' }), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    peer.send(rpc(2, 'ping'));
    // The ping's answer was due after the echo's: had the echo's been sent, it would be here.
    await peer.answer(2);
    expect(peer.frames.map(idOf)).not.toContain(1);
  });

  it('HTTP: a POST is answered MS late, its progress first on the stream', async () => {
    const server = await http(['--answer-delay', '200']);
    const headers = await legacySession(server.url, '2025-06-18');
    const sent = performance.now();
    const ping = await post(server.url, rpc(1, 'ping'), headers);
    expect(performance.now() - sent).toBeGreaterThanOrEqual(atLeast(200));
    expect(ping.messages).toEqual([{ jsonrpc: '2.0', id: 1, result: {} }]);
    const slow = await post(server.url, call(2, 'slow', { ms: 200 }, { progressToken: 'p' }), headers);
    expect(slow.messages.map((m) => m.method ?? `response ${String(m.id)}`)).toEqual(['notifications/progress', 'notifications/progress', 'response 2']);
  });
});

describe('--cpu-bound', () => {
  it('stdio: requests that arrive together are served one after the other, MS each', async () => {
    const peer = new StdioPeer(['--cpu-bound', '100']);
    const sent = peer.send(rpc(1, 'ping'), rpc(2, 'ping'), rpc(3, 'ping'));
    const last = await peer.answer(3);
    expect(peer.frames.map(idOf)).toEqual([1, 2, 3]);
    expect(last.at - sent).toBeGreaterThanOrEqual(atLeast(3 * 100));
  });

  it('HTTP: concurrent POSTs queue behind each other', async () => {
    const server = await http(['--cpu-bound', '150']);
    const sent = performance.now();
    const answers = await Promise.all([1, 2].map((id) => post(server.url, modernRpc(id, 'server/discover'), MODERN_HEADERS('server/discover'))));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(performance.now() - sent).toBeGreaterThanOrEqual(atLeast(2 * 150));
  });
});

describe('--never-answer', () => {
  it('stdio: a tools/call of the named tool is never answered; other calls and requests are', async () => {
    const peer = new StdioPeer(['--never-answer', 'echo']);
    await peer.initialize();
    peer.send(call(1, 'echo', { message: 'hi' }), call(2, 'add', { a: 1, b: 2 }), rpc(3, 'ping'));
    await peer.answer(3);
    // Answers keep the order of the requests here: the echo's would have come first.
    expect(peer.frames.map(idOf)).toEqual([0, 2, 3]);
  });

  it('HTTP: a request with the named method leaves its POST open; later POSTs are served', async () => {
    const server = await http(['--never-answer', 'server/discover']);
    const abort = new AbortController();
    let settled = false;
    const hung = post(server.url, modernRpc(1, 'server/discover'), MODERN_HEADERS('server/discover'), abort.signal).finally(() => (settled = true));
    const list = await post(server.url, modernRpc(2, 'tools/list'), MODERN_HEADERS('tools/list'));
    expect(list.status).toBe(200);
    expect(settled).toBe(false);
    abort.abort();
    await hung.catch(() => undefined);
  });
});

describe('--stateless-process', () => {
  it('issues no session id and serves a request without initialize at its MCP-Protocol-Version', async () => {
    const server = await http(['--stateless-process']);
    const init = await post(server.url, rpc(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'modes-test', version: '1' } }));
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const list = await post(server.url, rpc(1, 'tools/list'), { 'MCP-Protocol-Version': '2025-06-18', 'Mcp-Session-Id': 'ignored' });
    expect(list.status).toBe(200);
    expect(list.headers.get('mcp-session-id')).toBeNull();
    expect(Array.isArray((list.messages[0]?.result as Msg).tools)).toBe(true);
    // Without the header: 2025-03-26, the revision with batches.
    const batch = await post(server.url, [rpc(2, 'ping'), rpc(3, 'ping')]);
    expect(batch.messages.map((m) => m.id)).toEqual([2, 3]);
    const garbage = await post(server.url, rpc(4, 'ping'), { 'MCP-Protocol-Version': 'garbage' });
    expect(garbage.status).toBe(400);
  });

  it('remembers nothing between POSTs: a log level set in one POST is gone in the next', async () => {
    const server = await http(['--stateless-process']);
    const same = await post(server.url, [rpc(1, 'logging/setLevel', { level: 'debug' }), call(2, 'fail')]);
    expect(same.messages.some((m) => m.method === 'notifications/message')).toBe(true);
    const next = await post(server.url, call(3, 'fail'), { 'MCP-Protocol-Version': '2025-03-26' });
    expect(next.messages.map((m) => m.method ?? m.id)).toEqual([3]);
  });

  it('answers GET and DELETE with 405, and offers no core tasks (it could not keep them)', async () => {
    const server = await http(['--stateless-process']);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(server.url, { method, headers: { Accept: 'text/event-stream', 'MCP-Protocol-Version': '2025-11-25' } });
      await res.arrayBuffer();
      expect([method, res.status, res.headers.get('allow')]).toEqual([method, 405, 'POST']);
    }
    const init = await post(server.url, rpc(0, 'initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'modes-test', version: '1' } }));
    expect((init.messages[0]?.result as Msg).capabilities).not.toHaveProperty('tasks');
    const tasks = await post(server.url, rpc(1, 'tasks/list'), { 'MCP-Protocol-Version': '2025-11-25' });
    expect(errorOf(tasks.messages[0]).code).toBe(-32601);
  });
});

describe('--strict-body', () => {
  it('stdio: refuses an envelope member or a wrongly typed known member with -32600, and lets the rest by', async () => {
    const peer = new StdioPeer(['--strict-body']);
    peer.send({ ...rpc(1, 'ping'), extra: true }, rpc(2, 'ping', { _meta: { progressToken: 1.5 } }), rpc(3, 'ping', { unknownParam: 1 }));
    await peer.answer(3);
    expect(peer.frames.map((f) => [f.msg.id, errorOf(f.msg).code ?? 'result'])).toEqual([
      [1, -32600],
      [2, -32600],
      [3, 'result'],
    ]);
  });

  it('HTTP: the refusal is a 400 with the JSON-RPC error, before the session is even looked at', async () => {
    const server = await http(['--strict-body']);
    const refused = await post(server.url, { ...rpc(1, 'tools/list'), extra: true });
    expect(refused.status).toBe(400);
    expect(errorOf(refused.messages[0])).toMatchObject({ code: -32600, message: expect.stringContaining('"extra"') as unknown });
    expect(refused.messages[0]?.id).toBe(1);
  });

  it('combines with a fault: the fault still acts on what passes', async () => {
    const peer = new StdioPeer(['--strict-body', '--fault', 'ping-nonempty-result']);
    peer.send({ ...rpc(1, 'ping'), extra: true }, rpc(2, 'ping'));
    expect(errorOf((await peer.answer(1)).msg).code).toBe(-32600);
    expect((await peer.answer(2)).msg.result).toEqual({ status: 'ok' });
  });
});

describe('--plain-400', () => {
  it('answers unparsable input, an empty batch and a missing session with text/plain; rule-bound errors stay JSON', async () => {
    const server = await http(['--plain-400']);
    const unparsable = await post(server.url, '{');
    expect([unparsable.status, unparsable.headers.get('content-type'), unparsable.text]).toEqual([400, 'text/plain; charset=utf-8', expect.stringContaining('Parse error') as unknown]);
    const headers = await legacySession(server.url, '2025-03-26');
    const empty = await post(server.url, [], headers);
    expect([empty.status, empty.headers.get('content-type')]).toEqual([400, 'text/plain; charset=utf-8']);
    const noSession = await post(server.url, rpc(1, 'tools/list'));
    expect([noSession.status, noSession.headers.get('content-type')]).toEqual([400, 'text/plain; charset=utf-8']);
    // 2026-07-28's -32022 is the point of its rule: it keeps its JSON-RPC body.
    const unsupported = await post(server.url, rpc(2, 'server/discover', { _meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } }), {
      'MCP-Protocol-Version': '1900-01-01',
      'Mcp-Method': 'server/discover',
    });
    expect([unsupported.status, errorOf(unsupported.messages[0]).code]).toEqual([400, -32022]);
  });
});

describe('--batch-as-events', () => {
  it('answers a 2025-03-26 batch on an SSE stream, one response per event; a refused batch keeps its 400', async () => {
    const server = await http(['--batch-as-events']);
    const headers = await legacySession(server.url, '2025-03-26');
    const batch = await post(server.url, [rpc('a', 'ping'), rpc('b', 'tools/list')], headers);
    expect(batch.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = batch.text.split('\n\n').filter((e) => e.includes('data:'));
    expect(events).toHaveLength(2);
    expect(batch.messages.map((m) => m.id).sort()).toEqual(['a', 'b']);
    const empty = await post(server.url, [], headers);
    expect([empty.status, errorOf(empty.messages[0]).code]).toEqual([400, -32600]);
  });
});

describe('--discover-versions', () => {
  it('stdio: server/discover lists exactly LIST', async () => {
    const peer = new StdioPeer(['--discover-versions', '2026-07-28,2025-11-25']);
    peer.send(modernRpc(1, 'server/discover'));
    expect(((await peer.answer(1)).msg.result as Msg).supportedVersions).toEqual(['2026-07-28', '2025-11-25']);
  });

  it('stdio: an empty LIST refuses every 2026-07-28 request with -32022 naming none', async () => {
    const peer = new StdioPeer(['--discover-versions=']);
    peer.send(modernRpc(1, 'server/discover'));
    expect(errorOf((await peer.answer(1)).msg)).toMatchObject({ code: -32022, data: { supported: [], requested: '2026-07-28' } });
  });

  it('HTTP: a legacy-only LIST answers a 2026-07-28 request with 400 and -32022 listing it', async () => {
    const server = await http(['--discover-versions', '2025-11-25,2025-06-18']);
    const refused = await post(server.url, modernRpc(1, 'tools/list'), MODERN_HEADERS('tools/list'));
    expect(refused.status).toBe(400);
    expect(errorOf(refused.messages[0])).toMatchObject({ code: -32022, data: { supported: ['2025-11-25', '2025-06-18'], requested: '2026-07-28' } });
  });
});
