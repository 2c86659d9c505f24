// A URL that no client should fetch: a loopback listener of the tool's own, opened for one
// scenario run, whose every request is recorded on a wire log of the run (its seq numbers
// interleave with the messages'). A scenario hands its address out where the spec forbids
// fetching without consent (a URL-mode elicitation, client/elicitation#safe-url-handling), and
// a check reads the hits. Unlike the `prepare` hook it serves stdio runs too: the listener is
// not the MCP endpoint.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { WireLog } from '../wire-log.js';

/** One request that reached the canary. */
export interface CanaryHit {
  seq: number;
  t: number;
  method: string;
  path: string;
}

export interface Canary {
  /** The base URL; every path under it is the canary's (…/<nonce>/anything). */
  readonly url: string;
  readonly hits: CanaryHit[];
  readonly wire: WireLog;
  close(): Promise<void>;
}

/** What the canary answers: a page that says what it is, for a human who opened it on purpose. */
const PAGE = 'mcp-conformance: this URL was handed to the client under test, which should not fetch it without its user\'s consent.\n';

export async function openCanary(): Promise<Canary> {
  const wire = new WireLog();
  const hits: CanaryHit[] = [];
  const nonce = randomUUID();
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    const entry = wire.record('in', `${req.method ?? '?'} ${path} (a request to the URL handed out, which no client should fetch unasked)`);
    hits.push({ seq: entry.seq, t: entry.t, method: req.method ?? '?', path });
    req.resume();
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' }).end(PAGE);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp-conformance/${nonce}`,
    hits,
    wire,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
