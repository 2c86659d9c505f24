// The Streamable HTTP transport against a scripted loopback server, and the SSE parser alone.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Peer } from '../harness/jsonrpc/peer.js';
import { ObservationLog } from '../harness/observations.js';
import type { TransportEvent } from '../harness/transport.js';
import { SseParser, type SseEvent } from '../harness/transports/sse-parser.js';
import { StreamableHttpTransport, type StreamableHttpOptions } from '../harness/transports/streamable-http.js';
import { WireLog } from '../harness/wire-log.js';

interface Seen {
  method: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const result = (id: unknown, r: unknown) => JSON.stringify({ jsonrpc: '2.0', id, result: r });

/** Answers by JSON-RPC method; each case is one server behaviour the transport must handle. */
function handle(req: IncomingMessage, res: ServerResponse, body: string, endless: ServerResponse[]): void {
  if (req.method === 'DELETE') return void res.writeHead(200).end();
  if (req.method === 'GET') {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
    endless.push(res);
    return;
  }
  let msg: { id?: unknown; method: string };
  try {
    msg = JSON.parse(body) as typeof msg;
  } catch {
    res.writeHead(400, { 'Content-Type': 'application/json' });
    return void res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
  }
  switch (msg.method) {
    case 'not-initialized':
      // A server that cannot tell which request it refuses: an error with id null.
      res.writeHead(400, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: Server not initialized' } }));
    case 'initialize':
      // Odd casing on purpose: header names are case-insensitive.
      res.setHeader('MCP-SESSION-ID', 'sess-123');
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      return void res.end(result(msg.id, { protocolVersion: '2025-06-18' }));
    case 'notifications/initialized':
      return void res.writeHead(202).end();
    case 'sse': {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const text =
        ': keep-alive\r\nid: e1\r\nretry: 1500\r\ndata: \r\n\r\n' +
        'event: message\r\ndata: {"jsonrpc":"2.0","method":"notifications/progress",\r\ndata: "params":{"progress":1}}\r\n\r\n' +
        `id: e2\r\ndata: ${result(msg.id, { ok: 'é' })}\r\n\r\n`;
      const bytes = Buffer.from(text);
      // Split into small chunks, so CRLF pairs, fields and the UTF-8 "é" straddle writes.
      void (async () => {
        for (let i = 0; i < bytes.length; i += 7) {
          res.write(bytes.subarray(i, i + 7));
          await sleep(1);
        }
        res.end();
      })();
      return;
    }
    case 'endless': {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${result(msg.id, {})}\n\n`);
      endless.push(res);
      return;
    }
    case 'bad':
      res.writeHead(400, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32600, message: 'nope' } }));
    case 'notjson':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end('{oops');
    case 'redirect':
      return void res.writeHead(307, { Location: '/elsewhere' }).end();
    case 'number':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end('42');
    case 'batch':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(`[${result(1, {})},${result(2, {})}]`);
    case 'huge':
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write(`{"jsonrpc":"2.0","id":1,"result":{"pad":"${'x'.repeat(200_000)}`);
      return void res.end('"}}');
    case 'huge-sse':
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`data: ${'x'.repeat(150_000)}`);
      endless.push(res); // never ends on its own: the transport must cut it
      return;
    default:
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(result(msg.id ?? null, {}));
  }
}

describe('StreamableHttpTransport', () => {
  let server: Server;
  let url: string;
  let seen: Seen[];
  let endless: ServerResponse[];
  let transports: StreamableHttpTransport[];

  beforeEach(async () => {
    seen = [];
    endless = [];
    transports = [];
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ method: req.method ?? '', headers: req.headers, body });
        handle(req, res, body, endless);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });

  afterEach(async () => {
    await Promise.all(transports.map((t) => t.close()));
    for (const res of endless) res.destroy();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  function make(extra: Partial<StreamableHttpOptions> = {}, target = url) {
    const wire = new WireLog();
    const observations = new ObservationLog();
    const t = new StreamableHttpTransport({ kind: 'http', url: target, headers: { Authorization: 'Bearer t' } }, { wire, observations, connectTimeoutMs: 2000, ...extra });
    const messages: unknown[] = [];
    const events: TransportEvent[] = [];
    t.onMessage((m) => messages.push(m));
    t.onEvent((e) => events.push(e));
    transports.push(t);
    return { t, wire, observations, messages, events };
  }

  const waitFor = async (cond: () => boolean, ms = 20_000) => {
    const end = Date.now() + ms;
    while (!cond()) {
      if (Date.now() > end) throw new Error('condition not met in time');
      await sleep(5);
    }
  };

  it('delivers a JSON response and captures the session id from initialize', async () => {
    const { t, wire, messages } = make();
    await t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }, { owner: 'lifecycle.x' });
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-06-18' } }]);
    expect(t.sessionId).toBe('sess-123');
    expect(t.lastResponse).toMatchObject({ status: 200, contentType: 'application/json' });
    expect(t.lastResponse?.headers['mcp-session-id']).toBe('sess-123');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].headers.accept).toBe('application/json, text/event-stream');
    expect(seen[0].headers.authorization).toBe('Bearer t');
    expect(seen[0].headers['mcp-session-id']).toBeUndefined();
    expect(wire.entries.map((e) => [e.dir, e.owner])).toEqual([['out', 'lifecycle.x'], ['in', 'lifecycle.x']]);

    await t.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(seen[1].headers['mcp-session-id']).toBe('sess-123');
    expect(messages).toHaveLength(1); // 202: nothing to deliver
    expect(wire.entries.at(-1)).toMatchObject({ dir: 'event', text: 'HTTP 202' });
  });

  it('sends MCP-Protocol-Version only from 2025-06-18 on', async () => {
    const { t } = make();
    await t.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    t.setProtocolVersion('2025-03-26');
    await t.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    t.setProtocolVersion('2025-06-18');
    await t.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(seen.map((s) => s.headers['mcp-protocol-version'])).toEqual([undefined, undefined, '2025-06-18']);
  });

  it('parses an SSE response split across chunks with CRLF endings', async () => {
    const { t, wire, messages } = make();
    const sse: unknown[] = [];
    t.onSseEvent((e) => sse.push(e.kind === 'event' ? { id: e.event.id, retry: e.event.retry } : e.kind));
    await t.send({ jsonrpc: '2.0', id: 7, method: 'sse' });
    expect(t.lastResponse?.contentType).toBe('text/event-stream');
    await waitFor(() => messages.length === 2);
    expect(messages).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } },
      { jsonrpc: '2.0', id: 7, result: { ok: 'é' } },
    ]);
    await waitFor(() => sse.includes('end'));
    expect(sse).toEqual([{ id: 'e1', retry: 1500 }, { id: undefined, retry: undefined }, { id: 'e2', retry: undefined }, 'end']);
    expect(wire.entries.some((e) => e.text.includes('SSE event without data id=e1 retry=1500'))).toBe(true);
  });

  it('delivers a JSON-RPC error body of a 4xx and reports the status', async () => {
    const { t, messages, events, wire } = make();
    await t.send({ jsonrpc: '2.0', id: 9, method: 'bad' });
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 9, error: { code: -32600, message: 'nope' } }]);
    expect(events).toEqual([expect.objectContaining({ type: 'http-status', status: 400, method: 'POST' })]);
    expect(wire.entries.at(-1)?.text).toMatch(/^HTTP 400 on POST/);
    expect(t.closed).toBe(false);
  });

  it('delivers a batch as one frame, and observes bodies that are not JSON-RPC', async () => {
    const { t, messages, observations, wire } = make();
    const seqs: (number | undefined)[] = [];
    t.onMessage((_m, seq) => seqs.push(seq));
    await t.send({ jsonrpc: '2.0', id: 1, method: 'batch' });
    expect(messages).toEqual([[JSON.parse(result(1, {})), JSON.parse(result(2, {}))]]);
    expect(seqs).toEqual([wire.entries.at(-1)?.seq]);
    await t.send({ jsonrpc: '2.0', id: 1, method: 'notjson' });
    await t.send({ jsonrpc: '2.0', id: 1, method: 'number' });
    expect(messages).toHaveLength(1);
    expect(observations.of('not-json-line')).toEqual([expect.objectContaining({ detail: expect.stringContaining('{oops') })]);
    expect(observations.of('not-jsonrpc')).toEqual([expect.objectContaining({ message: 42 })]);
  });

  it('refuses a request at once when its POST got an error status without a response to it (id null)', async () => {
    const { t, events } = make();
    await t.send({ jsonrpc: '2.0', id: 'r1', method: 'not-initialized' });
    expect(events).toEqual([expect.objectContaining({ type: 'http-status', status: 400 }), expect.objectContaining({ type: 'refused', ids: ['r1'], status: 400 })]);
  });

  it('a peer knows that a refused request will get no response (and that an answered one was not refused)', async () => {
    const { t, wire, observations } = make();
    const peer = new Peer({ transport: t, wire, observations, timeoutMs: 2000, role: 'client' });
    await peer.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 'r1', method: 'not-initialized' }));
    await peer.sendRaw(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize' }));
    expect(peer.refused('r1')).toBe(true);
    expect(peer.refused(7)).toBe(false);
    expect(peer.refused('never-sent')).toBe(false);
  });

  it('a peer knows when the last HTTP request made was its own request, answered with a result (then a fence would add nothing)', async () => {
    const { t, wire, observations } = make();
    const peer = new Peer({ transport: t, wire, observations, timeoutMs: 2000, role: 'client' });
    expect(peer.lastExchangeAnswered).toBe(false);
    expect((await peer.request('ping')).kind).toBe('result');
    expect(peer.lastExchangeAnswered).toBe(true);
    await peer.notify('notifications/initialized');
    expect(peer.lastExchangeAnswered).toBe(false);
    await peer.request('ping');
    await t.raw.request({ method: 'GET', headers: { Accept: 'text/event-stream' }, timeoutMs: 500, sseWindowMs: 10 });
    expect(peer.lastExchangeAnswered).toBe(false);
    expect((await peer.request('bad')).kind).toBe('error');
    expect(peer.lastExchangeAnswered).toBe(false);
    await peer.request('ping');
    expect(peer.lastExchangeAnswered).toBe(true);
  });

  it('does not follow redirects: a 3xx is a status event, and its request is refused at once', async () => {
    const { t, events } = make();
    await t.send({ jsonrpc: '2.0', id: 1, method: 'redirect' });
    expect(events).toEqual([expect.objectContaining({ type: 'http-status', status: 307 }), { type: 'refused', ids: [1], status: 307, detail: 'no body' }]);
    expect(seen).toHaveLength(1);
  });

  it('sendRaw posts the text as is', async () => {
    const { t, messages, events } = make();
    await t.sendRaw('{"jsonrpc":"2.0","id":1,"method":"ping"', { owner: 'x' });
    expect(seen[0].body).toBe('{"jsonrpc":"2.0","id":1,"method":"ping"');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }]);
    expect(events).toEqual([expect.objectContaining({ status: 400 })]);
  });

  it('cuts off a body over the size cap', async () => {
    const { t, messages, wire } = make({ maxBodyBytes: 100_000 });
    await t.send({ jsonrpc: '2.0', id: 1, method: 'huge' });
    expect(messages).toEqual([]);
    expect(wire.entries.some((e) => e.text.includes('body over 100000 bytes; cut off'))).toBe(true);
    await t.send({ jsonrpc: '2.0', id: 2, method: 'huge-sse' });
    await waitFor(() => wire.entries.some((e) => /SSE stream cut off: an event over 100000/.test(e.text)));
    expect(messages).toEqual([]);
  });

  it('reports connection refused as status 0 without throwing, and marks the transport closed', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise((r) => dead.close(r));
    const { t, events } = make({}, `http://127.0.0.1:${port}/mcp`);
    await expect(t.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).resolves.toBeUndefined();
    expect(events[0]).toMatchObject({ type: 'http-status', status: 0, method: 'POST' });
    expect((events[0] as { detail: string }).detail).toMatch(/refused/);
    expect(events[1]).toMatchObject({ type: 'closed' });
    expect(t.closed).toBe(true);
  });

  it('times out waiting for headers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { t, events } = make({ connectTimeoutMs: 200 }, `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`);
    await t.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(events[0]).toMatchObject({ type: 'http-status', status: 0, detail: 'No response headers to POST within 200 ms.' });
    expect(t.closed).toBe(false);
    await t.close();
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });

  it('close() cuts endless SSE streams, sends DELETE with the session, and leaves no socket open', async () => {
    const { t, messages, events } = make();
    await t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    t.setProtocolVersion('2025-06-18');
    expect(await t.openGetStream()).toMatchObject({ status: 200, contentType: 'text/event-stream' });
    await t.send({ jsonrpc: '2.0', id: 2, method: 'endless' });
    await waitFor(() => messages.length === 3);
    expect(seen[1]).toMatchObject({ method: 'GET' });
    expect(seen[1].headers).toMatchObject({ accept: 'text/event-stream', 'mcp-session-id': 'sess-123', 'mcp-protocol-version': '2025-06-18' });

    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(1500);
    expect(t.closed).toBe(true);
    expect(events.at(-1)).toEqual({ type: 'closed', reason: 'closed by the harness' });
    const del = seen.find((s) => s.method === 'DELETE');
    expect(del?.headers['mcp-session-id']).toBe('sess-123');
    // The client destroyed its sockets: the server sees every connection go within moments.
    let open = -1;
    const connections = () => new Promise<number>((r) => server.getConnections((_e, n) => r(n)));
    await waitFor(() => (void connections().then((n) => (open = n)), open === 0), 10_000);
    // Sending after close does nothing and does not throw.
    await t.send({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(2);
  });
});

describe('SseParser', () => {
  const stream = [
    '\uFEFF: comment\r\n',
    'event: endpoint\rdata: /messages?x=1\r\r',
    'data: a\ndata:b\n\ndata\n\n',
    'id: 42\nretry: x\nunknown: y\n\n',
    'data: tail without blank line',
  ].join('');
  const expected: Partial<SseEvent>[] = [
    { event: 'endpoint', data: '/messages?x=1', hasData: true },
    { event: 'message', data: 'a\nb', hasData: true },
    { event: 'message', data: '', hasData: true },
    { event: 'message', data: '', hasData: false, id: '42', lastEventId: '42' },
  ];

  it('gives the same events whatever the chunk boundaries', () => {
    const bytes = Buffer.from(stream);
    for (let size = 1; size <= bytes.length; size++) {
      const got: SseEvent[] = [];
      const p = new SseParser((e) => got.push(e));
      for (let i = 0; i < bytes.length; i += size) p.push(bytes.subarray(i, i + size));
      p.end();
      expect(got.map((e) => ({ event: e.event, data: e.data, hasData: e.hasData, ...(e.id ? { id: e.id, lastEventId: e.lastEventId } : {}) }))).toEqual(expected);
      expect(got[3].retry).toBeUndefined();
    }
  });

  it('reports invalid UTF-8 once and goes on', () => {
    const got: string[] = [];
    let invalid = 0;
    const p = new SseParser((e) => got.push(e.data), { maxEventChars: 1000, onInvalidUtf8: () => invalid++ });
    p.push(Buffer.from([0x64, 0x61, 0x74, 0x61, 0x3a, 0xff, 0x0a, 0x0a]));
    p.push('data: ok\n\n');
    expect(got).toEqual(['\uFFFD', 'ok']);
    expect(invalid).toBe(1);
  });

  it('stops at an event over the cap', () => {
    let overflow = 0;
    const p = new SseParser(() => {}, { maxEventChars: 10, onOverflow: (n) => (overflow = n) });
    expect(p.push('data: 12345\n')).toBe(true);
    expect(p.push('data: 67890\n')).toBe(false);
    expect(overflow).toBeGreaterThan(10);
  });
});
