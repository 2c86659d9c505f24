// The reference authorization server as a program: `node dist/reference/authorization-server/main.js
// [--port N] [--path /tenant] [--fault id,...]` (or MCP_AS_FAULTS=id,...). It prints its issuer
// on the first line of stdout and serves until it is stopped. For --oauth end to end: --jwks
// (ES256 tokens a resource server verifies), --token-ttl <s>, --client id[:secret] (pre-registered,
// repeatable), --no-registration.
import { AS_FAULTS } from './faults.js';
import { startAuthorizationServer } from './server.js';

const args = process.argv.slice(2);
const value = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

if (args.includes('--list-faults')) {
  for (const f of AS_FAULTS) process.stdout.write(`${f.id}  ${f.description}\n`);
  process.exit(0);
}

const faults = (value('--fault') ?? process.env.MCP_AS_FAULTS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const path = value('--path');
try {
  const ttl = value('--token-ttl');
  const clients = args.flatMap((a, i) => (a === '--client' && args[i + 1] ? [args[i + 1] as string] : [])).map((c) => {
    const [id, secret] = c.split(':');
    return { id: id ?? c, ...(secret !== undefined ? { secret } : {}), redirectUris: ['http://127.0.0.1/callback'] };
  });
  const as = await startAuthorizationServer({
    port: Number(value('--port') ?? 0),
    ...(path !== undefined ? { path } : {}),
    faults,
    ...(args.includes('--jwks') ? { jwks: true } : {}),
    ...(ttl !== undefined ? { accessTokenTtl: Number(ttl) } : {}),
    ...(clients.length ? { clients } : {}),
    ...(args.includes('--no-registration') ? { registration: false } : {}),
  });
  process.stdout.write(`${as.issuer}\n`);
  const stop = (): void => void as.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  process.stderr.write(`reference-authorization-server: ${(error as Error).message}\n`);
  process.exit(2);
}
