// The targets the bench measures against, always those of this checkout (with --vs, the other
// build tests these same ones). Servers: each over stdio and over Streamable HTTP. An HTTP
// server is started fresh for every run; `ready` is the line that says it listens (on
// `stream`), and `url` builds the endpoint from its match. `port: true` means the server takes
// its port from the environment (PORT) and cannot pick a free one itself: the bench picks it.
// Clients: a command template per transport, for `mcp-conformance client --client`.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const node = process.execPath;
const reference = `${repo}dist/reference/server/main.js`;
const everything = `${repo}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
const modern = `${repo}test/fixtures/ref-client/modern-server.mjs`;
const referenceClient = `${repo}dist/reference/client/main.js`;

export const SERVERS = [
  {
    name: 'reference',
    stdio: [node, reference],
    http: { argv: [node, reference, '--http', '--port', '0'], stream: 'stdout', ready: /^listening (http\S+)/m, url: (m) => m[1] },
  },
  {
    name: 'server-everything',
    stdio: [node, everything, 'stdio'],
    // Prints "... listening on port N" on stderr; the endpoint is /mcp.
    http: { argv: [node, everything, 'streamableHttp'], port: true, stream: 'stderr', ready: /listening on port (\d+)/, url: (m) => `http://127.0.0.1:${m[1]}/mcp` },
  },
  {
    name: 'ts-sdk-v2-fixture',
    stdio: [node, modern, 'stdio'],
    http: { argv: [node, modern, 'http'], stream: 'stdout', ready: /^listening (http\S+)/m, url: (m) => m[1] },
  },
];

export const CLIENTS = [
  {
    name: 'client',
    title: 'reference client',
    // The tool fills in {url} (its scripted HTTP server) or {server} (its stdio relay command).
    http: `${commandLine([node, referenceClient])} {url}`,
    stdio: `${commandLine([node, referenceClient])} --server {server}`,
  },
];

/** A port free right now on the loopback (for servers that cannot be told to pick one). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The stdio command line the runner launches (quoted: paths may hold spaces). */
export function commandLine(argv) {
  return argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `"${a.replace(/(["\\$`])/g, '\\$1')}"`)).join(' ');
}
