// Hostile HTTP servers: the run must end within its timeouts with a clear result, and leave
// no socket behind. Each server is a few lines of node:http on a loopback port.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { allChecks } from '../suites/index.js';

const TIMEOUT_MS = 500;
/** The wait for a first answer (--startup-timeout, 30 s by default), short here. */
const STARTUP_MS = 1000;
/**
 * Detection (one startup timeout) plus the probes (one startup timeout, concurrently), plus
 * closing: about 3 s, with room for a busy machine (10.8 s seen at load 25). What it guards
 * against, each check waiting its own timeouts, would take minutes.
 */
const BOUND_MS = 30_000;

let server: Server | undefined;
let responses: ServerResponse[] = [];
let timers: NodeJS.Timeout[] = [];

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    responses.push(res);
    req.resume();
    handler(req, res);
  });
  await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

afterEach(async () => {
  for (const t of timers) clearInterval(t);
  timers = [];
  for (const r of responses) r.destroy();
  responses = [];
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  server = undefined;
});

const sockets = () => process.getActiveResourcesInfo().filter((r) => r === 'TCPSocketWrap').length;
const connections = () => new Promise<number>((r) => server?.getConnections((_e, n) => r(n)));

/** Run every check against the URL; assert the time bound and that no socket stays open. */
async function runAgainst(url: string, transport?: 'sse'): Promise<RunReport> {
  const before = sockets();
  const started = Date.now();
  const report = await runChecks({
    target: { kind: 'http', url, ...(transport ? { transport } : {}) },
    checks: allChecks,
    timeoutMs: TIMEOUT_MS,
    startupTimeoutMs: STARTUP_MS,
    concurrency: 4,
    toolVersion: 'test',
  });
  expect(Date.now() - started).toBeLessThan(BOUND_MS);
  // The harness destroyed its sockets: the server sees every connection go, and none is left here.
  const end = Date.now() + 2000;
  while (((await connections()) > 0 || sockets() > before) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  expect(await connections()).toBe(0);
  expect(sockets()).toBeLessThanOrEqual(before);
  return report;
}

describe('hostile HTTP servers', () => {
  it('a server that accepts and never answers: unreachable, said so, after one startup timeout', async () => {
    const report = await runAgainst(await serve(() => {}));
    expect(report.aborted).toMatch(/could not be started or reached: the server answered nothing: POST server\/discover got no response within 1000 ms/);
    expect(report.results).toEqual([]);
  });

  it('a server that drips an SSE stream forever and never answers', async () => {
    const report = await runAgainst(
      await serve((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        timers.push(setInterval(() => res.write(': drip\n\n'), 20));
      }),
    );
    expect(report.aborted).toMatch(/no answer to (initialize|server\/discover) within 1000 ms/);
  });

  it('an HTTP+SSE server that drips comments and never names its endpoint', async () => {
    const report = await runAgainst(
      await serve((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        timers.push(setInterval(() => res.write(': drip\n\n'), 20));
      }),
      'sse',
    );
    expect(report.target.transport).toBe('sse');
    expect(report.aborted).toMatch(/no endpoint event within 500 ms/);
  });

  it('a server that sends a 100 MB body', async () => {
    const chunk = Buffer.alloc(1024 * 1024, 0x78);
    const report = await runAgainst(
      await serve((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(100 * chunk.length) });
        let sent = 0;
        const pump = () => {
          while (sent < 100 && !res.destroyed) {
            sent++;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
      }),
    );
    expect(report.aborted).toMatch(/no answer to (initialize|server\/discover)/);
  });

  it('a server that redirects in a loop', async () => {
    const report = await runAgainst(await serve((req, res) => void res.writeHead(307, { Location: req.url ?? '/' }).end()));
    expect(report.aborted).toMatch(/redirected \(HTTP 307 to \/mcp\); redirects are not followed/);
  });

  it('a server that closes mid-stream', async () => {
    const report = await runAgainst(
      await serve((_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/event-stream' });
        res.write('id: 1\ndata: {"jsonrpc":"2.0","id":1,"res');
        setTimeout(() => res.destroy(), 20);
      }),
    );
    expect(report.aborted).toMatch(/no answer to (initialize|server\/discover)/);
  });
});
