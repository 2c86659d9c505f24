// Streamable HTTP resumption: a server that closes a POST's SSE stream after an event id and
// before the response (2025-11-25 polling) is resumed with GET + Last-Event-ID after `retry`.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ObservationLog } from '../harness/observations.js';
import { StreamableHttpTransport } from '../harness/transports/streamable-http.js';
import { WireLog } from '../harness/wire-log.js';

let server: Server | undefined;
let transport: StreamableHttpTransport | undefined;

afterEach(async () => {
  await transport?.close();
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

describe('StreamableHttpTransport resumption', () => {
  it('GETs with Last-Event-ID after retry ms and delivers the response from the resumed stream', async () => {
    const seen: { method: string; at: number; lastEventId?: string }[] = [];
    server = createServer((req: IncomingMessage, res) => {
      seen.push({ method: req.method ?? '', at: Date.now(), ...(req.headers['last-event-id'] ? { lastEventId: String(req.headers['last-event-id']) } : {}) });
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      if (req.method === 'POST') return void res.end('id: e1\nretry: 150\ndata:\n\n');
      const resumed = seen.filter((s) => s.method === 'GET').length;
      // The first resumption breaks off again after another id; the second brings the response.
      if (resumed === 1) return void res.end('id: e2\ndata:\n\n');
      res.end(`id: e3\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 5, result: { ok: true } })}\n\n`);
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    transport = new StreamableHttpTransport({ kind: 'http', url }, { wire: new WireLog(), observations: new ObservationLog(), connectTimeoutMs: 2000 });
    const messages: unknown[] = [];
    const labels: string[] = [];
    transport.onMessage((m) => messages.push(m));
    transport.onSseEvent((e) => e.kind === 'end' && labels.push(e.stream));
    await transport.send({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'slow' } });
    const end = Date.now() + 3000;
    while (messages.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 5, result: { ok: true } }]);
    expect(seen.map((s) => [s.method, s.lastEventId])).toEqual([
      ['POST', undefined],
      ['GET', 'e1'],
      ['GET', 'e2'],
    ]);
    const [post, first] = seen;
    expect((first?.at ?? 0) - (post?.at ?? 0)).toBeGreaterThanOrEqual(140);
    expect(labels).toEqual(['POST#1', 'RESUME#2', 'RESUME#3']);
  });

  it('does not resume a stream the server ended without a retry field (it terminated the stream)', async () => {
    const methods: string[] = [];
    server = createServer((req, res) => {
      methods.push(req.method ?? '');
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end('id: e1\ndata:\n\n');
    });
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
    transport = new StreamableHttpTransport({ kind: 'http', url }, { wire: new WireLog(), observations: new ObservationLog(), connectTimeoutMs: 300 });
    await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await new Promise((r) => setTimeout(r, 500));
    expect(methods).toEqual(['POST']);
  });
});
