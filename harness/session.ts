// The legacy (handshake) era session: initialize at a chosen revision, then
// notifications/initialized. The modern era (2026-07-28, stateless) will get its own
// session type beside this one; checks ask the context for a session, not for a handshake.
import type { Peer, Reply } from './peer.js';
import { loadRevisionSchema } from './schema.js';

export const CLIENT_INFO = { name: 'mcp-conformance', version: '0.1.0' };

export interface SessionOptions {
  /** The version to request (default: the revision under test). */
  protocolVersion?: string;
  clientCapabilities?: Record<string, unknown>;
  /** Send notifications/initialized after the result (default true). */
  sendInitialized?: boolean;
  owner?: string;
  /** Timeout for the initialize request: a freshly started server may need a moment. */
  startupTimeoutMs?: number;
}

export interface LegacySession {
  peer: Peer;
  revision: string;
  initializeReply: Reply;
  initializeResult: Record<string, unknown>;
  serverCapabilities: Record<string, unknown>;
}

export class SessionError extends Error {
  constructor(
    message: string,
    readonly reply: Reply,
  ) {
    super(message);
  }
}

export function initializeParams(protocolVersion: string, capabilities: Record<string, unknown> = {}): Record<string, unknown> {
  return { protocolVersion, capabilities, clientInfo: CLIENT_INFO };
}

/** Run the handshake on an open connection at `revision`. Throws SessionError if refused. */
export async function startLegacySession(peer: Peer, revision: string, opts: SessionOptions = {}): Promise<LegacySession> {
  const version = opts.protocolVersion ?? revision;
  const capabilities = opts.clientCapabilities ?? {};
  peer.clientCapabilities = capabilities;
  peer.useSchema(await loadRevisionSchema(revision));
  const reply = await peer.request('initialize', initializeParams(version, capabilities), {
    ...(opts.owner ? { owner: opts.owner } : {}),
    ...(opts.startupTimeoutMs ? { timeoutMs: opts.startupTimeoutMs } : {}),
  });
  if (reply.kind !== 'result' || typeof reply.result !== 'object' || reply.result === null) {
    throw new SessionError(`initialize at ${version} did not succeed: ${describeReply(reply)}`, reply);
  }
  const result = reply.result as Record<string, unknown>;
  const negotiated = typeof result.protocolVersion === 'string' ? result.protocolVersion : revision;
  peer.transport.setProtocolVersion?.(negotiated);
  if (opts.sendInitialized ?? true) await peer.notify('notifications/initialized', undefined, opts.owner);
  const caps = result.capabilities;
  return {
    peer,
    revision,
    initializeReply: reply,
    initializeResult: result,
    serverCapabilities: typeof caps === 'object' && caps !== null ? (caps as Record<string, unknown>) : {},
  };
}

export function describeReply(reply: Reply): string {
  switch (reply.kind) {
    case 'result':
      return 'a result';
    case 'error':
      return `error ${reply.error?.code} "${String(reply.error?.message ?? '').slice(0, 200)}"`;
    case 'timeout':
      return `no response within ${reply.afterMs} ms`;
    case 'closed':
      return reply.reason;
  }
}
