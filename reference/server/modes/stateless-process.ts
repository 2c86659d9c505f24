// --stateless-process (Streamable HTTP): every POST is served as if by a fresh server process,
// the way a stdio-to-HTTP bridge in stateless mode (supergateway's stateless Streamable HTTP) or the
// official TypeScript SDK's stateless example (a new server and transport per request,
// sessionIdGenerator: undefined) serves it:
//   - no Mcp-Session-Id is issued, and one sent by the client is ignored
//   - nothing outlives the POST: log level, resource subscriptions, tasks, the initialize state
//   - a request that is not an initialize is served as though the client had initialized its
//     process at the request's MCP-Protocol-Version; without the header at 2025-03-26
//     (transports#protocol-version-header: a server with no other way to know SHOULD assume
//     2025-03-26, which is also the SDK's default); a header naming no legacy revision gets 400
//   - GET and DELETE get 405 (a POST-only server: "or else return HTTP 405", and DELETE "MAY"
//     get 405), so no stream outlives its POST and nothing is resumable (no event ids)
//   - core tasks (2025-11-25) are not offered: a process that forgets them after each request
//     cannot honour tasks/get or tasks/result, so it does not declare them, and a task-
//     augmented tools/call runs as a plain call (tasks#task-support-and-handling)
// 2026-07-28 POSTs are unchanged: that era has no sessions and already serves each POST alone.
// The 2024-11-05 HTTP+SSE endpoints are a stream per session by nature and stay as they are.
// Acts in http.ts (handlePost resolves a fresh session, route answers GET/DELETE) and in
// tasks/core.ts (coreTasksAt).
import { isPlainObject } from '../jsonrpc.js';
import { isRevision, type Revision } from '../revisions.js';
import type { Session } from '../session.js';
import type { Mode } from './mode.js';

let stateless = false;

export const STATELESS_PROCESS: Mode = {
  flag: '--stateless-process',
  httpOnly: true,
  summary: 'serve each POST as a fresh process would (no session id, nothing remembered; GET and DELETE get 405)',
  enable: () => {
    stateless = true;
  },
};

export function statelessProcess(): boolean {
  return stateless;
}

/** What a server with no other way to know the version assumes (transports#protocol-version-header). */
const ASSUMED: Revision = '2025-03-26';

function opensWithInitialize(body: unknown): boolean {
  const one = (m: unknown): boolean => isPlainObject(m) && m.method === 'initialize';
  return Array.isArray(body) ? body.some(one) : one(body);
}

/**
 * Readies the fresh session of one POST as the process serving it would find itself: an
 * initialize is answered as usual; anything else is served as though the client had
 * initialized at the request's MCP-Protocol-Version. Returns the refusal of a header that
 * names no legacy revision (transports#protocol-version-header: 400).
 */
export function startFreshProcess(session: Session, body: unknown, versionHeader: string | undefined): string | undefined {
  if (opensWithInitialize(body)) return undefined;
  const revision = versionHeader ?? ASSUMED;
  if (!isRevision(revision)) return `Bad Request: unsupported MCP-Protocol-Version: ${revision}`;
  session.state = 'ready';
  session.revision = revision;
  session.protocolVersion = revision;
  return undefined;
}

/** Can this process keep tasks between requests? */
export function keepsTasks(): boolean {
  return !stateless;
}
