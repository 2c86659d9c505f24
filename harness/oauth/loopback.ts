// The redirect listener of the authorization-code grant: 127.0.0.1 on a port the system picks
// (RFC 8252 §7.3), one path, the first redirect that reaches it ends the wait.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Loopback {
  redirectUri: string;
  /** The query of the first redirect to the callback path; undefined when none came in time. */
  wait(timeoutMs: number): Promise<URL | undefined>;
  close(): Promise<void>;
}

export async function openLoopback(): Promise<Loopback> {
  let arrived: (u: URL) => void = () => {};
  const first = new Promise<URL>((resolve) => (arrived = resolve));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' }).end('mcp-conformance: authorization received; you may close this window.\n');
    arrived(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  return {
    redirectUri,
    async wait(timeoutMs) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), timeoutMs)));
      try {
        return await Promise.race([first, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
