// The reference server's 2026-07-28 era over Streamable HTTP, through raw node:http requests
// (header names keep their spelling): status codes of the modern errors, header validation,
// Mcp-Param-*, 404/405, SSE answers, subscriptions/listen streams, cancellation by closing,
// and one endpoint serving both eras. Needs dist/ (built by `npm test`).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = resolve('dist/reference/server/main.js');
type Msg = Record<string, unknown>;
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

async function start(args: string[] = []): Promise<string> {
  const child = spawn(process.execPath, [MAIN, '--http', '--port', '0', ...args], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, MCP_REF_FAULTS: '' } });
  children.push(child);
  let out = '';
  for await (const chunk of child.stdout) {
    out += String(chunk);
    const m = /listening (\S+)/.exec(out);
    if (m?.[1]) return m[1];
  }
  throw new Error(`no listening line: ${out}`);
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** JSON body, or the data of each SSE event. */
  messages: Msg[];
  /** Settles when the body has ended. */
  ended: Promise<void>;
  close(): void;
  /** Resolves with the first message matching, as it arrives (streams stay open). */
  until(pred: (m: Msg) => boolean, ms?: number): Promise<Msg>;
}

/** One HTTP exchange; resolves once the status is known (the body may still stream). */
function send(url: string, method: string, headers: Record<string, string>, body?: unknown): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(url, { method, headers }, (res) => {
      const a: Answer = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        messages: [],
        ended: new Promise((r) => res.on('close', () => r())),
        close: () => req.destroy(),
        until: (pred, ms = 5000) =>
          new Promise((hit, miss) => {
            const check = (): boolean => {
              const m = a.messages.find(pred);
              if (m) hit(m);
              return m !== undefined;
            };
            if (check()) return;
            const t = setTimeout(() => miss(new Error(`no such message; got ${JSON.stringify(a.messages)}`)), ms);
            res.on('data', () => check() && clearTimeout(t));
          }),
      };
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        a.body += d;
        a.messages = parseBody(a.body, String(res.headers['content-type']));
      });
      res.on('error', () => undefined);
      done(a);
    });
    req.on('error', (e) => (e.message === 'socket hang up' ? undefined : fail(e)));
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

function parseBody(body: string, type: string): Msg[] {
  if (!type.startsWith('text/event-stream')) return body.trim() === '' ? [] : (() => { try { return [JSON.parse(body) as Msg]; } catch { return []; } })();
  return body
    .split(/\n\n/)
    .slice(0, -1)
    .map((e) => e.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n'))
    .filter((d) => d !== '')
    .map((d) => JSON.parse(d) as Msg);
}

/** A full answer (the body read to its end). */
async function whole(p: Promise<Answer>): Promise<Answer> {
  const a = await p;
  await a.ended;
  return a;
}

/** Sends a request and drops the connection after `ms` (cancellation by closing). */
function abandon(url: string, headers: Record<string, string>, body: unknown, ms: number): void {
  const req = request(url, { method: 'POST', headers });
  req.on('error', () => undefined);
  req.end(JSON.stringify(body));
  setTimeout(() => req.destroy(), ms);
}

/** The standard request headers of a modern POST (override or drop with `extra`). */
function modern(method: string, name?: string, extra: Record<string, string | undefined> = {}): Record<string, string> {
  const h: Record<string, string | undefined> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2026-07-28',
    'Mcp-Method': method,
    ...(name !== undefined ? { 'Mcp-Name': name } : {}),
    ...extra,
  };
  return Object.fromEntries(Object.entries(h).filter((e): e is [string, string] => e[1] !== undefined));
}

const rpc = (id: number | string, method: string, params: Msg = {}): Msg => ({ jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...META, ...((params._meta as Msg) ?? {}) } } });
const code = (a: Answer): unknown => (a.messages[0]?.error as Msg | undefined)?.code;
const call = (url: string, name: string, args: Msg, extra: Record<string, string | undefined> = {}, meta: Msg = {}) =>
  whole(send(url, 'POST', modern('tools/call', name, extra), rpc(1, 'tools/call', { name, arguments: args, _meta: meta })));

describe('2026-07-28 over Streamable HTTP', () => {
  it('answers POSTs alone: JSON, resultType, no session id minted or echoed, 202 for a notification', async () => {
    const url = await start();
    const a = await whole(send(url, 'POST', modern('server/discover', undefined, { 'Mcp-Session-Id': 'abc', 'Last-Event-ID': '3' }), rpc('d', 'server/discover')));
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('application/json');
    expect(a.headers['mcp-session-id']).toBeUndefined();
    expect((a.messages[0]?.result as Msg).resultType).toBe('complete');
    const n = await whole(send(url, 'POST', modern('notifications/cancelled'), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 99 } }));
    expect([n.status, n.body]).toEqual([202, '']);
  });

  it('answers the modern errors with their statuses: 400 for -32602/-32022/-32021/-32020, 404 for -32601', async () => {
    const url = await start();
    const noCaps = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
    const cases: [string, Promise<Answer>, number, number][] = [
      ['missing clientCapabilities', send(url, 'POST', modern('tools/list'), noCaps), 400, -32602],
      ['unsupported version', send(url, 'POST', modern('tools/list', undefined, { 'MCP-Protocol-Version': '1900-01-01' }), rpc(1, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '1900-01-01' } })), 400, -32022],
      ['header/body version mismatch', send(url, 'POST', modern('tools/list'), rpc(1, 'tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } })), 400, -32020],
      ['no MCP-Protocol-Version', send(url, 'POST', modern('tools/list', undefined, { 'MCP-Protocol-Version': undefined }), rpc(1, 'tools/list')), 400, -32020],
      ['no Mcp-Method', send(url, 'POST', modern('tools/list', undefined, { 'Mcp-Method': undefined }), rpc(1, 'tools/list')), 400, -32020],
      ['Mcp-Method mismatch', send(url, 'POST', modern('prompts/list'), rpc(1, 'tools/list')), 400, -32020],
      ['Mcp-Method in other case', send(url, 'POST', modern('TOOLS/LIST'), rpc(1, 'tools/list')), 400, -32020],
      ['no Mcp-Name', send(url, 'POST', modern('tools/call'), rpc(1, 'tools/call', { name: 'echo', arguments: { message: 'x' } })), 400, -32020],
      ['Mcp-Name mismatch', send(url, 'POST', modern('resources/read', 'test://static/lorem'), rpc(1, 'resources/read', { uri: 'test://static/readme' })), 400, -32020],
      ['unknown method', send(url, 'POST', modern('x-conformance/unknown'), rpc(1, 'x-conformance/unknown')), 404, -32601],
      ['undeclared elicitation', send(url, 'POST', modern('tools/call', 'greet_user'), rpc(1, 'tools/call', { name: 'greet_user' })), 400, -32021],
    ];
    for (const [label, p, status, c] of cases) {
      const a = await whole(p);
      expect([label, a.status, code(a)]).toEqual([label, status, c]);
    }
  });

  it('compares header names case-insensitively and decodes the base64 sentinel', async () => {
    const url = await start();
    const odd = { 'content-type': 'application/json', ACCEPT: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'MCP-METHOD': 'prompts/get', 'mcp-NAME': '=?base64?c2ltcGxl?=' };
    const a = await whole(send(url, 'POST', odd, rpc(1, 'prompts/get', { name: 'simple' })));
    expect(a.status).toBe(200);
    expect((a.messages[0]?.result as Msg).resultType).toBe('complete');
  });

  it('validates Mcp-Param-* headers of x-mcp-header arguments', async () => {
    const url = await start();
    const args = { region: 'us-west1', shard: 42, dryRun: true };
    const ok = { 'Mcp-Param-Region': 'us-west1', 'Mcp-Param-Shard': '42.0', 'Mcp-Param-DryRun': 'true' };
    expect((await call(url, 'route', args, ok)).status).toBe(200);
    expect((await call(url, 'route', { region: 'us-west1' }, { 'Mcp-Param-Region': '=?base64?dXMtd2VzdDE=?=' })).status).toBe(200);
    for (const extra of [{ ...ok, 'Mcp-Param-Region': undefined }, { ...ok, 'Mcp-Param-Shard': '43' }, { ...ok, 'Mcp-Param-DryRun': 'TRUE' }]) {
      const a = await call(url, 'route', args, extra);
      expect([a.status, code(a)]).toEqual([400, -32020]);
    }
    // Non-ASCII bytes are invalid in a header value (node:http sends this one as UTF-8); the sentinel carries them.
    const raw = await call(url, 'route', { region: 'café' }, { 'Mcp-Param-Region': 'café' });
    expect([raw.status, code(raw)]).toEqual([400, -32020]);
    expect((await call(url, 'route', { region: 'café' }, { 'Mcp-Param-Region': `=?base64?${Buffer.from('café').toString('base64')}?=` })).status).toBe(200);
  });

  it('answers GET and DELETE without a session with 405, and always when --modern-only', async () => {
    const url = await start();
    for (const m of ['GET', 'DELETE']) expect((await whole(send(url, m, { Accept: 'text/event-stream' }))).status).toBe(405);
    const only = await start(['--modern-only']);
    expect((await whole(send(only, 'GET', { Accept: 'text/event-stream', 'Mcp-Session-Id': 'x' }))).status).toBe(405);
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const refused = await whole(send(only, 'POST', { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, init));
    expect([refused.status, code(refused)]).toEqual([400, -32022]);
    expect((refused.messages[0]?.error as Msg).data).toEqual({ supported: ['2026-07-28'], requested: '2025-11-25' });
  });

  it('streams progress and logs on the request\'s own SSE answer, which ends with the response', async () => {
    const url = await start();
    const a = await whole(call(url, 'slow', { ms: 200 }, {}, { progressToken: 7, 'io.modelcontextprotocol/logLevel': 'info' }));
    expect(a.headers['content-type']).toBe('text/event-stream');
    expect(a.headers['x-accel-buffering']).toBe('no');
    expect(a.messages.map((m) => m.method ?? 'response')).toEqual(['notifications/message', 'notifications/progress', 'notifications/progress', 'response']);
  });

  it('keeps a listen stream open with an acknowledgment first; closing a request cancels it', async () => {
    const url = await start();
    const filter = { resourceSubscriptions: ['test://static/readme', 'test://static/lorem'] };
    const listen = await send(url, 'POST', modern('subscriptions/listen'), rpc('L', 'subscriptions/listen', { notifications: filter }));
    const ack = await listen.until((m) => m.method === 'notifications/subscriptions/acknowledged');
    expect(listen.messages[0]).toBe(ack);
    expect((ack.params as Msg)._meta).toEqual({ 'io.modelcontextprotocol/subscriptionId': 'L' });
    await call(url, 'touch_resource', { uri: 'test://static/readme' });
    const up = await listen.until((m) => m.method === 'notifications/resources/updated');
    expect(up.params).toEqual({ uri: 'test://static/readme', _meta: { 'io.modelcontextprotocol/subscriptionId': 'L' } });
    // A touch whose request is abandoned before its delay ends never happens.
    abandon(url, modern('tools/call', 'touch_resource'), rpc(2, 'tools/call', { name: 'touch_resource', arguments: { uri: 'test://static/lorem', delayMs: 300 } }), 100);
    await new Promise((r) => setTimeout(r, 500));
    expect(listen.messages.filter((m) => m.method === 'notifications/resources/updated').length).toBe(1);
    // Closing the listen stream ends the subscription.
    listen.close();
    await listen.ended;
    const after = await call(url, 'touch_resource', { uri: 'test://static/readme' });
    expect(JSON.stringify(after.messages[0])).toContain('0 subscriptions notified');
  });

  it('serves a legacy session and modern requests on one endpoint', async () => {
    const url = await start();
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    const legacyHeaders = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
    const i = await whole(send(url, 'POST', legacyHeaders, init));
    const sid = i.headers['mcp-session-id'] as string;
    expect(sid).toBeTruthy();
    const inSession = { ...legacyHeaders, 'Mcp-Session-Id': sid, 'MCP-Protocol-Version': '2025-06-18' };
    await whole(send(url, 'POST', inSession, { jsonrpc: '2.0', method: 'notifications/initialized' }));
    const legacy = await whole(send(url, 'POST', inSession, { jsonrpc: '2.0', id: 2, method: 'tools/list' }));
    expect('resultType' in (legacy.messages[0]?.result as Msg)).toBe(false);
    const m = await whole(send(url, 'POST', modern('tools/list', undefined, { 'Mcp-Session-Id': sid }), rpc(3, 'tools/list')));
    expect((m.messages[0]?.result as Msg).resultType).toBe('complete');
    expect(m.headers['mcp-session-id']).toBeUndefined();
    const get = await send(url, 'GET', { Accept: 'text/event-stream', 'Mcp-Session-Id': sid });
    expect(get.status).toBe(200);
    get.close();
  });

  it('refuses a foreign Origin with 403', async () => {
    const url = await start();
    const a = await whole(send(url, 'POST', modern('server/discover', undefined, { Origin: 'https://attacker.example' }), rpc(1, 'server/discover')));
    expect(a.status).toBe(403);
  });
});
