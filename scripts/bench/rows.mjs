// The rows of the bench: one target over one transport. A server row tests a server of
// targets.mjs (`reference-stdio`, `server-everything-http`, ...); a client row tests the
// reference client (`client-stdio`, `client-http`). `--rows` picks rows by name, or by group:
// a server's name (both its transports) or `client` (both client rows).
import { CLIENTS, SERVERS } from './targets.mjs';

const TRANSPORTS = ['stdio', 'http'];

/** Every row, in the order the bench runs them: the servers', then the clients'. */
export const ROWS = [
  ...SERVERS.flatMap((server) => TRANSPORTS.map((transport) => ({ name: `${server.name}-${transport}`, group: server.name, role: 'server', target: server.name, transport, server }))),
  ...CLIENTS.flatMap((client) => TRANSPORTS.map((transport) => ({ name: `${client.name}-${transport}`, group: client.name, role: 'client', target: client.title, transport, client }))),
];

/**
 * The rows `wanted` names (row names or group names), in the bench's order; every row when
 * `wanted` is undefined. Throws on a name that is neither, with the names it knows.
 */
export function selectRows(wanted, rows = ROWS) {
  if (wanted === undefined) return rows;
  const unknown = wanted.filter((w) => !rows.some((r) => r.name === w || r.group === w));
  if (unknown.length > 0) {
    const groups = [...new Set(rows.map((r) => r.group))];
    throw new Error(`--rows: unknown ${unknown.join(', ')} (rows: ${rows.map((r) => r.name).join(', ')}; groups: ${groups.join(', ')})`);
  }
  return rows.filter((r) => wanted.includes(r.name) || wanted.includes(r.group));
}
