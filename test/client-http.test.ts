// The HTTP client checks' building blocks: the 2026-07-28 header value rules (the spec's own
// encoding table) and x-mcp-header validity, and the scripted HTTP server's stream behaviour
// (answers by turns, comment lines, a primed stream cut before its response and replayed on
// Last-Event-ID, JSON for a non-200 error).
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpEndpoint, type HttpServingOptions } from '../harness/transports/serve/http-endpoint.js';
import { annotationsOf, carries, decodeHeader, headerForm, mustEncode, sentinelOf } from '../suites/client/basic/transports/streamable-http/header-values.js';

describe('2026-07-28 header values (streamable-http#value-encoding)', () => {
  it('encodes the examples of the spec table', () => {
    const table: [string, string][] = [
      ['us-west1', 'us-west1'],
      ['Hello, 世界', '=?base64?SGVsbG8sIOS4lueVjA==?='],
      [' padded ', '=?base64?IHBhZGRlZCA=?='],
      ['line1\nline2', '=?base64?bGluZTEKbGluZTI=?='],
      ['=?base64?literal?=', '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?='],
    ];
    for (const [value, header] of table) {
      expect(mustEncode(value), value).toBe(header !== value);
      if (header !== value) expect(sentinelOf(value)).toBe(header);
      expect(carries(header, value), value).toBe(true);
    }
  });

  it('accepts a safe value plain or encoded, an unsafe one only in the well-formed sentinel', () => {
    expect(carries('us west 1', 'us west 1')).toBe(true);
    expect(carries(sentinelOf('us west 1'), 'us west 1')).toBe(true);
    expect(carries('h?llo', 'héllo')).toBe(false);
    expect(carries('=?BASE64?aOlsbG8=?=', 'héllo')).toBe(false);
    expect(carries('=?base64?not base64!?=', 'x')).toBe(false);
    expect(decodeHeader('=?base64?aMOpbGxv?=')).toEqual({ value: 'héllo', sentinel: true, wellFormed: true });
    expect(mustEncode('a\tb')).toBe(false);
    expect(mustEncode('\tindented')).toBe(true);
  });

  it('turns parameter values into header strings', () => {
    expect([headerForm('x'), headerForm(42), headerForm(-7), headerForm(true), headerForm(false)]).toEqual(['x', '42', '-7', 'true', 'false']);
    expect([headerForm(1.5), headerForm(null), headerForm({})]).toEqual([undefined, undefined, undefined]);
  });

  it('finds x-mcp-header annotations reachable through properties, and rejects invalid ones', () => {
    const ok = annotationsOf({ type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' }, o: { type: 'object', properties: { b: { type: 'integer', 'x-mcp-header': 'B' } } } } });
    expect(ok).toEqual({ ok: true, annotations: [{ header: 'A', path: ['a'] }, { header: 'B', path: ['o', 'b'] }] });
    const bad = [
      { properties: { a: { type: 'string', 'x-mcp-header': 'Bad Name' } } },
      { properties: { a: { type: 'string', 'x-mcp-header': '' } } },
      { properties: { a: { type: 'string', 'x-mcp-header': 'X' }, b: { type: 'string', 'x-mcp-header': 'x' } } },
      { properties: { a: { type: 'number', 'x-mcp-header': 'N' } } },
      { properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'I' } } } },
      { properties: { a: { anyOf: [{ type: 'string', 'x-mcp-header': 'C' }] } } },
    ];
    for (const schema of bad) expect(annotationsOf({ type: 'object', ...schema }).ok, JSON.stringify(schema)).toBe(false);
  });
});

// The scripted HTTP server, answering every request with an echo (or a HeaderMismatch for "refuse").
let endpoint: HttpEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

async function serve(opts: Partial<HttpServingOptions>): Promise<HttpEndpoint> {
  const e = new HttpEndpoint({ era: 'modern', transport: 'streamable-http', responses: 'auto', sessions: false, getStream: false, allowDelete: false, ...opts }, (c) => {
    if (opts.era === 'modern' || opts.era === undefined) c.statusOf = (m) => ((m.error as { code?: number } | undefined)?.code === -32020 ? 400 : 200);
    c.onMessage((m, _seq, stream) => {
      const msg = m as { id?: unknown; method?: string; params?: { name?: string } };
      if (msg.id === undefined || !msg.method) return;
      const answer = msg.params?.name === 'refuse' ? { error: { code: -32020, message: 'Header mismatch' } } : { result: { echoed: msg.method } };
      void c.send({ jsonrpc: '2.0', id: msg.id, ...answer }, stream ? { stream } : {});
    });
  });
  await e.listen();
  endpoint = e;
  return e;
}

function http(url: string, method: 'POST' | 'GET', body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}
const call = (id: number, name: string) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name } });

describe('the scripted HTTP server', () => {
  it('answers a method by turns (JSON, SSE), with comment lines on SSE answers, and a non-200 error as JSON', async () => {
    const e = await serve({ responses: { 'tools/call': 'alternate' }, sseComments: ['modern'] });
    const first = await http(e.url, 'POST', call(1, 'a'));
    const second = await http(e.url, 'POST', call(2, 'b'));
    const list = await http(e.url, 'POST', { jsonrpc: '2.0', id: 3, method: 'tools/list' });
    const refused = await http(e.url, 'POST', call(4, 'refuse'));
    expect([first.type, second.type, list.type, refused.type]).toEqual(['application/json', 'text/event-stream', 'application/json', 'application/json']);
    expect(refused.status).toBe(400);
    expect(second.text).toMatch(/^: .*\n\n: .*\nid: POST#2-1\ndata: \{"jsonrpc":"2.0","id":2/);
    expect(e.requests.map((r) => [r.answer, r.comments ?? false])).toEqual([
      ['json', false],
      ['sse', true],
      ['json', false],
      ['json', false],
    ]);
  });

  it('primes and cuts the first matching answer stream, then replays its response on GET with Last-Event-ID', async () => {
    const e = await serve({ era: 'legacy', cutFirst: { method: 'tools/call', name: 'slow', retryMs: 300 }, getStream: true });
    await http(e.url, 'POST', { jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    const cut = await http(e.url, 'POST', call(2, 'slow'));
    expect(cut.text).toBe('id: POST#2-1\nretry: 300\ndata: \n\n');
    const again = await http(e.url, 'POST', call(3, 'slow'));
    expect(again.type).toBe('application/json');
    const resumed = await http(e.url, 'GET', undefined, { Accept: 'text/event-stream', 'Last-Event-ID': 'POST#2-1' });
    expect(resumed.text).toBe(`id: POST#2-2\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 2, result: { echoed: 'tools/call' } })}\n\n`);
    const [, post, , get] = e.requests;
    expect(post?.cut).toMatchObject({ lastEventId: 'POST#2-1', retryMs: 300 });
    expect(get?.resumes).toBe('POST#2');
  });
});
