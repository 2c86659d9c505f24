// Rate limits are pace, not findings (harness/pacing/rate-gate.ts): the HTTP transports wait out
// a 429 (or a 503 with Retry-After) and send the very same request again, every connection of
// the run pausing together, up to five tries and within the request's deadline; --max-rate
// spaces the requests. Against a scripted loopback server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ObservationLog } from '../harness/observations.js';
import { Pace } from '../harness/pacing/pace.js';
import { RATE_LIMIT_TRIES, RequestGate, parseRetryAfter, rateLimitWait } from '../harness/pacing/rate-gate.js';
import type { TransportEvent } from '../harness/transport.js';
import { LegacySseTransport } from '../harness/transports/legacy-sse.js';
import { StreamableHttpTransport } from '../harness/transports/streamable-http.js';
import { WireLog } from '../harness/wire-log.js';

describe('what a rate limit asks', () => {
  it('reads Retry-After as seconds or as an HTTP date, in all three forms, against the answer\'s Date', () => {
    expect(parseRetryAfter('1')).toBe(1000);
    expect(parseRetryAfter(' 120 ')).toBe(120_000);
    expect(parseRetryAfter('0')).toBe(0);
    const date = 'Sun, 06 Nov 1994 08:49:37 GMT';
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:40 GMT', date)).toBe(3000);
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:42 GMT', date)).toBe(5000);
    expect(parseRetryAfter('Sun Nov  6 08:49:39 1994', date)).toBe(2000);
    // Without a Date header, against our clock; a date past asks for no wait.
    expect(parseRetryAfter(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
    expect(parseRetryAfter(date)).toBe(0);
    for (const bad of ['-1', '1.5', 'soon', '', undefined]) expect(parseRetryAfter(bad)).toBeUndefined();
  });

  it('429 waits as told, or backs off from 1 s doubling to a cap; 503 only with Retry-After; nothing else', () => {
    expect(rateLimitWait(429, { 'retry-after': '2' }, 1)).toEqual({ waitMs: 2000, retryAfterMs: 2000 });
    expect([1, 2, 3, 4, 5, 6].map((a) => rateLimitWait(429, {}, a)?.waitMs)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
    expect(rateLimitWait(429, { 'retry-after': 'whenever' }, 1)).toEqual({ waitMs: 1000 });
    expect(rateLimitWait(503, { 'retry-after': '3' }, 1)).toEqual({ waitMs: 3000, retryAfterMs: 3000 });
    expect(rateLimitWait(503, {}, 1)).toBeUndefined();
    for (const status of [200, 202, 400, 401, 404, 405, 500]) expect(rateLimitWait(status, { 'retry-after': '1' }, 1)).toBeUndefined();
  });

  it('--max-rate spaces the requests of every connection together, in the order asked', async () => {
    const gate = new RequestGate({ maxRate: 50 });
    const started = performance.now();
    const order: number[] = [];
    await Promise.all(Array.from({ length: 11 }, (_, i) => gate.turn().then(() => order.push(i))));
    // Ten intervals of 20 ms after the first request (timers fire late, never early).
    expect(performance.now() - started).toBeGreaterThanOrEqual(199);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Without a cap, a turn is immediate.
    const free = performance.now();
    await Promise.all(Array.from({ length: 100 }, () => new RequestGate().turn()));
    expect(performance.now() - free).toBeLessThan(50);
  });

  it('--max-rate keeps its spacing when the event loop stalls: the turns that fell due meanwhile do not go at once', async () => {
    const gate = new RequestGate({ maxRate: 20 });
    await gate.turn();
    const given = [performance.now()];
    const turns = Array.from({ length: 5 }, () => gate.turn().then(() => given.push(performance.now())));
    // A busy machine: no timer runs for 300 ms, while the slots of five turns fall due.
    const until = performance.now() + 300;
    while (performance.now() < until);
    await Promise.all(turns);
    const gaps = given.slice(1).map((t, i) => t - (given[i] as number));
    // 50 ms apart each (a timer fires late, never early; 1 ms for its rounding).
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(49);
  });
});

describe('what the gate learns from a rate limit', () => {
  const answer = (statusCode: number, headers: Record<string, string> = {}) => async () => ({ statusCode, headers, body: { dump: async () => undefined } });
  const req = () => ({ label: 'POST#1', record: () => undefined, signal: new AbortController().signal, deadline: performance.now() + 10_000 });

  it('sends a tenth slower than the server took in the second before, then a little faster each quiet second', async () => {
    const gate = new RequestGate();
    for (let i = 0; i < 20; i++) await gate.send(req(), answer(200));
    let tries = 0;
    await gate.send(req(), async () => (++tries === 1 ? answer(429, { 'retry-after': '0' })() : answer(200)()));
    expect(tries).toBe(2);
    // 18 a second now: ten turns take about 9 intervals of 1000/18 ms.
    const started = performance.now();
    for (let i = 0; i < 10; i++) await gate.turn();
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(9 * (1000 / 18) - 60);
    expect(took).toBeLessThan(2000);
  });

  it('a 429 handed on (its wait would pass the deadline) still holds every other request for its Retry-After', async () => {
    const gate = new RequestGate();
    const near = { ...req(), deadline: performance.now() + 1100 };
    expect((await gate.send(near, answer(429, { 'retry-after': '1' }))).statusCode).toBe(429);
    expect(gate.summary()).toMatchObject({ answers: 1, handedOn: 1, waitedMs: 0 });
    const started = performance.now();
    await gate.turn();
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    // A long Retry-After handed on holds nobody: every other request would only time out.
    const other = new RequestGate();
    await other.send({ ...req(), deadline: performance.now() + 2000 }, answer(429, { 'retry-after': '60' }));
    const free = performance.now();
    await other.turn();
    expect(performance.now() - free).toBeLessThan(50);
  });

  it('learns nothing from a limit on the first request: no rate is made up', async () => {
    const gate = new RequestGate();
    await gate.send(req(), (() => {
      let n = 0;
      return async () => (++n === 1 ? answer(429, { 'retry-after': '0' })() : answer(200)());
    })());
    const started = performance.now();
    for (let i = 0; i < 20; i++) await gate.turn();
    expect(performance.now() - started).toBeLessThan(50);
  });
});

interface Seen {
  at: number;
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A scripted server: `script` answers each request (by its number, from 0), else 200 with a result. */
describe('the HTTP transports wait a rate limit out', () => {
  let server: Server;
  let url: string;
  let seen: Seen[];
  let script: (n: number, req: IncomingMessage, res: ServerResponse) => boolean;
  const transports: { close(): Promise<void> }[] = [];

  beforeEach(async () => {
    seen = [];
    script = () => false;
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const n = seen.length;
        seen.push({ at: performance.now(), method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (script(n, req, res)) return;
        if (req.method !== 'POST') return void res.writeHead(200).end();
        const id = (JSON.parse(body) as { id?: unknown }).id;
        if (id === undefined) return void res.writeHead(202).end();
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result: { n } }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });

  afterEach(async () => {
    await Promise.all(transports.splice(0).map((t) => t.close()));
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const limited = (retryAfter?: string, status = 429) => (res: ServerResponse) => {
    res.writeHead(status, { 'Content-Type': 'text/plain', ...(retryAfter !== undefined ? { 'Retry-After': retryAfter } : {}) }).end('slow down');
    return true;
  };

  function make(gate = new RequestGate(), connectTimeoutMs = 5000) {
    const wire = new WireLog();
    const t = new StreamableHttpTransport({ kind: 'http', url, headers: { Authorization: 'Bearer t' } }, { wire, observations: new ObservationLog(), connectTimeoutMs, gate });
    const messages: unknown[] = [];
    const events: TransportEvent[] = [];
    t.onMessage((m) => messages.push(m));
    t.onEvent((e) => events.push(e));
    transports.push(t);
    return { t, wire, messages, events, gate };
  }

  const request = { jsonrpc: '2.0', id: 7, method: 'tools/list' };
  const rateEvents = (wire: WireLog) => wire.entries.filter((e) => e.dir === 'event' && /rate-limited/.test(e.text)).map((e) => e.text);

  it('a 429 with Retry-After is waited out, and the same request (body and headers) sent again; the check sees only the answer', async () => {
    script = (n, _req, res) => n < 2 && limited(n === 0 ? '1' : '0')(res);
    const { t, wire, messages, events, gate } = make();
    const info = await t.post(JSON.stringify(request), { headers: { 'X-Probe': 'same' }, timeoutMs: 5000 });
    expect(info?.status).toBe(200);
    expect(seen).toHaveLength(3);
    // The second try waited the Retry-After of the first (1 s).
    expect((seen[1] as Seen).at - (seen[0] as Seen).at).toBeGreaterThanOrEqual(990);
    const strip = (s: Seen) => ({ body: s.body, headers: { ...s.headers, connection: undefined } });
    expect(strip(seen[1] as Seen)).toEqual(strip(seen[0] as Seen));
    expect(strip(seen[2] as Seen)).toEqual(strip(seen[0] as Seen));
    expect((seen[0] as Seen).headers['x-probe']).toBe('same');
    expect(messages).toEqual([{ jsonrpc: '2.0', id: 7, result: { n: 2 } }]);
    // No refusal reaches the peer: nothing is the check's to judge.
    expect(events).toEqual([]);
    expect(rateEvents(wire)).toHaveLength(2);
    expect(rateEvents(wire)[0]).toMatch(/POST#1 rate-limited: HTTP 429 \(Retry-After: 1\); every request waits 1000 ms.*try 2 of 5/);
    expect(gate.summary()).toEqual({ answers: 2, waitedMs: 1000, longestRetryAfterMs: 1000, handedOn: 0 });
  });

  it('after five tries the check gets the 429 as it is', async () => {
    script = (_n, _req, res) => limited('0')(res);
    const { t, wire, events, gate } = make();
    const info = await t.post(JSON.stringify(request), { timeoutMs: 5000 });
    expect(info?.status).toBe(429);
    expect(info?.body).toBe('slow down');
    expect(seen).toHaveLength(RATE_LIMIT_TRIES);
    expect(events).toContainEqual(expect.objectContaining({ type: 'http-status', status: 429 }));
    expect(rateEvents(wire).at(-1)).toMatch(/after 5 tries, the answer goes to the check as it is/);
    expect(gate.summary()).toMatchObject({ answers: 5, handedOn: 1 });
  });

  it('a wait that would pass the request\'s deadline is not begun: the check gets the 429 at once', async () => {
    script = (_n, _req, res) => limited('60')(res);
    const { t, wire, gate } = make(new RequestGate(), 2000);
    const started = performance.now();
    const info = await t.post(JSON.stringify(request));
    expect(info?.status).toBe(429);
    expect(performance.now() - started).toBeLessThan(1500);
    expect(seen).toHaveLength(1);
    expect(rateEvents(wire)[0]).toMatch(/waiting 60000 ms would pass the request's deadline/);
    expect(gate.summary()).toEqual({ answers: 1, waitedMs: 0, longestRetryAfterMs: 60_000, handedOn: 1 });
  });

  it('a 429 without Retry-After backs off 1 s; a 503 with Retry-After is waited out too', async () => {
    script = (n, _req, res) => (n === 0 ? limited()(res) : n === 1 ? limited('0', 503)(res) : false);
    const { t, gate } = make();
    const info = await t.post(JSON.stringify(request), { timeoutMs: 5000 });
    expect(info?.status).toBe(200);
    expect((seen[1] as Seen).at - (seen[0] as Seen).at).toBeGreaterThanOrEqual(990);
    expect(gate.summary()).toEqual({ answers: 2, waitedMs: 1000, longestRetryAfterMs: 0, handedOn: 0 });
  });

  it('other refusals are the check\'s: a 503 without Retry-After, a 400, a 500 are sent once and handed on', async () => {
    for (const [status, retryAfter] of [[503, undefined], [400, '1'], [500, '1']] as const) {
      seen = [];
      script = (_n, _req, res) => limited(retryAfter, status)(res);
      const { t, events, gate } = make();
      expect((await t.post(JSON.stringify(request)))?.status).toBe(status);
      expect(seen).toHaveLength(1);
      expect(events).toContainEqual(expect.objectContaining({ type: 'http-status', status }));
      expect(gate.summary()).toBeUndefined();
    }
  });

  it('raw requests wait too, unless the check judges exactly that answer', async () => {
    script = (n, _req, res) => n === 0 && limited('0')(res);
    const { t } = make();
    expect((await t.raw.request({ method: 'GET' })).status).toBe(200);
    expect(seen).toHaveLength(2);
    seen = [];
    script = (n, _req, res) => n === 0 && limited('0')(res);
    expect((await t.raw.request({ method: 'GET', rateLimitRetry: false })).status).toBe(429);
    expect(seen).toHaveLength(1);
  });

  it('every connection of the run pauses together, and the pace cuts its window and counts the waits', async () => {
    const pace = new Pace({ timeoutMs: 5000, startupTimeoutMs: 30_000, ceiling: 16 });
    for (let i = 0; i < 10; i++) pace.noteAnswer('ping', 1);
    const before = pace.window;
    script = (n, _req, res) => n === 0 && limited('1')(res);
    const a = make(pace.gate);
    const b = make(pace.gate);
    const first = a.t.post(JSON.stringify(request), { timeoutMs: 5000 });
    // Once the 429 is in, the other connection's request waits for the pause's end.
    while (seen.length === 0 || a.wire.entries.every((e) => !/rate-limited/.test(e.text))) await new Promise((r) => setTimeout(r, 5));
    const second = b.t.post(JSON.stringify({ ...request, id: 8 }), { timeoutMs: 5000 });
    await Promise.all([first, second]);
    expect(seen.slice(1).every((s) => s.at - (seen[0] as Seen).at >= 990)).toBe(true);
    expect(pace.window).toBeLessThan(before);
    expect(pace.cuts.at(-1)?.why).toMatch(/^rate-limited: HTTP 429 \(Retry-After: 1\)/);
    expect(pace.summary().rateLimited).toEqual({ answers: 1, waitedMs: 1000, longestRetryAfterMs: 1000, handedOn: 0 });
  });

  it('closing the transport ends a wait at once', async () => {
    script = (_n, _req, res) => limited('3')(res);
    const { t, wire } = make();
    const posting = t.post(JSON.stringify(request), { timeoutMs: 10_000 });
    while (rateEvents(wire).length === 0) await new Promise((r) => setTimeout(r, 5));
    const started = performance.now();
    await t.close();
    expect(await posting).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1500);
    expect(seen).toHaveLength(1);
  });

  it('the HTTP+SSE transport waits out a 429 on the GET that opens its stream', async () => {
    script = (n, req, res) => {
      if (n === 0) return limited('0')(res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('event: endpoint\ndata: /message\n\n');
        return true;
      }
      return false;
    };
    const t = new LegacySseTransport({ kind: 'http', url, transport: 'sse' }, { wire: new WireLog(), observations: new ObservationLog(), connectTimeoutMs: 3000 });
    transports.push(t);
    await t.open();
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET']);
    expect(t.endpoint).toMatch(/\/message$/);
  });
});
