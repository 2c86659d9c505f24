// The HTTP+SSE transport (2024-11-05) against scripted loopback servers, the transport
// detection of --url targets (POST initialize, else GET SSE), and WWW-Authenticate parsing.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { detectHttpTransport, openConnection, resolveHttpTarget } from '../harness/connection.js';
import { ObservationLog } from '../harness/observations.js';
import type { TransportEvent } from '../harness/transport.js';
import { bearerChallenge, parseChallenges } from '../harness/transports/challenge.js';
import { LegacySseTransport } from '../harness/transports/legacy-sse.js';
import { WireLog } from '../harness/wire-log.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const servers: Server[] = [];
const transports: LegacySseTransport[] = [];

async function serve(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A minimal 2024-11-05 server: GET /sse names /message?s=1; answers go on the stream. */
function legacy(opts: { endpoint?: string; eventType?: string } = {}): Handler {
  let stream: ServerResponse | undefined;
  return (req, res, body) => {
    if (req.method === 'GET' && req.url === '/sse') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(`: hello\n\nevent: endpoint\ndata: ${opts.endpoint ?? '/message?s=1'}\n\n`);
      stream = res;
      return;
    }
    if (req.method === 'POST' && req.url?.startsWith('/message')) {
      res.writeHead(202).end('Accepted');
      const msg = JSON.parse(body) as { id?: number; method: string };
      if (msg.id !== undefined) {
        const type = opts.eventType ? `event: ${opts.eventType}\n` : '';
        stream?.write(`${type}data: ${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: '2024-11-05' } })}\n\n`);
      }
      return;
    }
    res.writeHead(req.method === 'POST' ? 405 : 404).end();
  };
}

function make(url: string, timeoutMs = 2000) {
  const wire = new WireLog();
  const observations = new ObservationLog();
  const t = new LegacySseTransport({ kind: 'http', url, headers: { Authorization: 'Bearer t' }, transport: 'sse' }, { wire, observations, connectTimeoutMs: timeoutMs });
  transports.push(t);
  const messages: unknown[] = [];
  const events: TransportEvent[] = [];
  t.onMessage((m) => messages.push(m));
  t.onEvent((e) => events.push(e));
  return { t, wire, observations, messages, events };
}

const waitFor = async (cond: () => boolean, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('LegacySseTransport', () => {
  it('opens on the first message, POSTs to the endpoint and delivers message events', async () => {
    const seen: IncomingMessage[] = [];
    const handler = legacy();
    const { url } = await serve((req, res, body) => (seen.push(req), handler(req, res, body)));
    const { t, messages } = make(`${url}/sse`);
    expect(seen).toHaveLength(0); // lazy: nothing before the first message
    await t.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    await waitFor(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ id: 1, result: { protocolVersion: '2024-11-05' } });
    expect(t.endpoint).toBe(`${url}/message?s=1`);
    expect(t.openInfo).toMatchObject({ status: 200, contentType: 'text/event-stream' });
    expect(t.events.map((e) => e.event.event)).toEqual(['endpoint', 'message']);
    expect(t.posts[0]).toMatchObject({ status: 202, body: 'Accepted' });
    expect(seen.map((r) => [r.method, r.headers.accept, r.headers.authorization])).toEqual([
      ['GET', 'text/event-stream', 'Bearer t'],
      ['POST', undefined, 'Bearer t'],
    ]);
  });

  it('delivers a JSON-RPC message from an event of another type, and keeps the type for checks', async () => {
    const { url } = await serve(legacy({ eventType: 'response' }));
    const { t, messages } = make(`${url}/sse`);
    await t.send({ jsonrpc: '2.0', id: 7, method: 'ping' });
    await waitFor(() => messages.length === 1);
    expect(t.events.at(-1)?.event.event).toBe('response');
  });

  it('refuses an endpoint on another host, and says so', async () => {
    const { url } = await serve(legacy({ endpoint: 'http://example.com/message' }));
    const { t, events } = make(`${url}/sse`);
    await expect(t.open()).rejects.toThrow(/another origin \(http:\/\/example\.com\)/);
    expect(events.at(-1)).toMatchObject({ type: 'closed' });
    await t.send({ jsonrpc: '2.0', id: 1, method: 'ping' }); // does not throw, sends nothing
  });

  it('gives up when no endpoint event comes, and when the GET is refused', async () => {
    const { url } = await serve((req, res) => {
      if (req.url === '/quiet') return void res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write(': waiting\n\n');
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer realm="x"' }).end('no');
    });
    const quiet = make(`${url}/quiet`, 300);
    const started = Date.now();
    await expect(quiet.t.open()).rejects.toThrow('no endpoint event within 300 ms');
    expect(Date.now() - started).toBeLessThan(1500);
    await expect(make(`${url}/sse`).t.open()).rejects.toThrow(/HTTP 401 \(WWW-Authenticate: Bearer realm="x"\)/);
  });

  it('ends the connection when the stream ends, and close() leaves no socket open', async () => {
    let stream: ServerResponse | undefined;
    const { url, server } = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('event: endpoint\ndata: /m\n\n');
      stream = res;
    });
    const { t, events } = make(`${url}/sse`);
    await t.open();
    stream?.end();
    await waitFor(() => t.closed);
    expect(events.at(-1)).toEqual({ type: 'closed', reason: 'the SSE stream ended by the server' });
    const again = make(`${url}/sse`);
    await again.t.open();
    await again.t.close();
    const connections = () => new Promise<number>((r) => server.getConnections((_e, n) => r(n)));
    let open = -1;
    await waitFor(() => (void connections().then((n) => (open = n)), open === 0), 10_000);
  });
});

describe('transport detection', () => {
  it('detects Streamable HTTP from a 2xx to POST initialize', async () => {
    const { url } = await serve((req, res) => {
      if (req.method === 'DELETE') return void res.writeHead(200).end();
      res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 's1' }).end('{"jsonrpc":"2.0","id":"mcp-conformance-detect","result":{}}');
    });
    expect(await detectHttpTransport({ kind: 'http', url }, 1000)).toMatchObject({ transport: 'streamable-http' });
  });

  it('falls back to HTTP+SSE on 405, and the connection then speaks it', async () => {
    const { url } = await serve(legacy());
    const target = await resolveHttpTarget({ kind: 'http', url: `${url}/sse` }, 1000);
    expect(target.transport).toBe('sse');
    expect(target.detection?.detail).toMatch(/HTTP 405; GET opened an SSE stream/);
    const peer = await openConnection(target, { timeoutMs: 1000 });
    expect(peer.transport.kind).toBe('sse');
    const reply = await peer.request('initialize', {});
    expect(reply.kind).toBe('result');
    await peer.close();
  });

  it('stays with Streamable HTTP when the fallback finds no SSE stream', async () => {
    const { url } = await serve((_req, res) => void res.writeHead(404).end('nope'));
    const found = await detectHttpTransport({ kind: 'http', url }, 500);
    expect(found.transport).toBe('streamable-http');
    expect(found.detail).toMatch(/HTTP 404, and the HTTP\+SSE fallback failed: GET .* answered HTTP 404/);
  });

  it('stops with a sentence on 401 and on a redirect', async () => {
    const { url } = await serve((req, res) => {
      if (req.url === '/moved') return void res.writeHead(307, { Location: '/moved' }).end();
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer resource_metadata="http://x/prm"' }).end();
    });
    const locked = await resolveHttpTarget({ kind: 'http', url: `${url}/mcp` }, 500);
    await expect(openConnection(locked, { timeoutMs: 500 })).rejects.toThrow(/requires authorization: HTTP 401 .*pass --auth-token.*resource_metadata/);
    const refused = await detectHttpTransport({ kind: 'http', url: `${url}/mcp`, headers: { Authorization: 'Bearer bad' } }, 500);
    expect(refused.refusal).toMatch(/refused the credentials/);
    const moved = await detectHttpTransport({ kind: 'http', url: `${url}/moved` }, 500);
    expect(moved.refusal).toMatch(/redirected \(HTTP 307 to \/moved\); redirects are not followed/);
  });

  it('does not probe when HTTP+SSE is forced', async () => {
    const target = { kind: 'http' as const, url: 'http://127.0.0.1:9/sse', transport: 'sse' as const };
    expect(await resolveHttpTarget(target, 100)).toBe(target);
  });
});

describe('WWW-Authenticate parsing', () => {
  it('reads schemes and quoted or bare parameters', () => {
    const value = 'Basic realm="a, b", Bearer error="insufficient_scope", scope="files:read files:write", resource_metadata="https://x/.well-known/oauth-protected-resource", max=3';
    expect(parseChallenges(value)).toEqual([
      { scheme: 'Basic', params: { realm: 'a, b' } },
      { scheme: 'Bearer', params: { error: 'insufficient_scope', scope: 'files:read files:write', resource_metadata: 'https://x/.well-known/oauth-protected-resource', max: '3' } },
    ]);
    expect(bearerChallenge('bearer realm="\\"q\\""')?.params.realm).toBe('"q"');
    expect(bearerChallenge('Bearer')).toEqual({ scheme: 'Bearer', params: {} });
    expect(bearerChallenge(undefined)).toBeUndefined();
  });
});
