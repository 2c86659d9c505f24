// The tool's own loopback listener for an AS run: it hosts client ID metadata documents (CIMD)
// for the AS to fetch, records which were fetched, and is the redirect URI of the tool's clients
// (the tool reads authorization responses from the Location header and never needs the callback
// to load, but it answers one anyway).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackHost {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** Hosts `doc` at `path`; returns its URL. */
  host(path: string, doc: (url: string) => unknown): string;
  /** Has anything fetched `url` since it was hosted? */
  fetched(url: string): boolean;
  close(): Promise<void>;
}

export async function startLoopbackHost(): Promise<LoopbackHost> {
  const docs = new Map<string, (url: string) => unknown>();
  const hits = new Set<string>();
  let origin = '';
  const server: Server = createServer((req, res) => {
    const url = `${origin}${req.url ?? '/'}`;
    const doc = docs.get(url);
    if (doc) {
      hits.add(url);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(doc(url)));
      return;
    }
    res.writeHead(req.url?.startsWith('/callback') ? 200 : 404, { 'content-type': 'text/plain' });
    res.end(req.url?.startsWith('/callback') ? 'mcp-conformance: authorization response received' : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    host(path, doc) {
      const url = `${origin}${path}`;
      docs.set(url, doc);
      return url;
    },
    fetched: (url) => hits.has(url),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
