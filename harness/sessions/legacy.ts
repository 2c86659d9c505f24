// The legacy era (2024-11-05..2025-11-25): initialize at a chosen revision, then
// notifications/initialized. The session answers the server's requests for what it declared.
import type { Peer } from '../jsonrpc/peer.js';
import { describeReply, type JsonRpcId, type Reply } from '../jsonrpc/types.js';
import { revisionInfo, type RevisionInfo } from '../revisions.js';
import { isObject } from '../rules/json.js';
import { brokenOpening } from '../rules/opening-answer.js';
import { loadRevisionSchema, type RevisionSchema } from '../schema.js';
import { answerAsClient } from './client-answers.js';
import { ClientTasks } from './client-tasks.js';
import { PeerConversation } from './conversation.js';
import { CLIENT_INFO, SessionError, type SendOptions, type ServerFacts, type Session, type SessionOptions } from './session.js';
import { assertWellFormed } from './well-formed.js';

export function initializeParams(protocolVersion: string, capabilities: Record<string, unknown> = {}): Record<string, unknown> {
  return { protocolVersion, capabilities, clientInfo: CLIENT_INFO };
}

export class LegacySession extends PeerConversation implements Session {
  readonly era = 'legacy' as const;
  readonly rev: RevisionInfo;

  constructor(
    peer: Peer,
    readonly revision: string,
    readonly clientCapabilities: Record<string, unknown>,
    readonly server: ServerFacts,
    schema: RevisionSchema,
    readonly clientTasks?: ClientTasks,
  ) {
    super(peer, undefined, schema);
    this.rev = revisionInfo(revision);
  }

  fence(timeoutMs?: number): Promise<Reply> {
    return this.request('ping', undefined, timeoutMs !== undefined ? { timeoutMs } : {});
  }

  build(method: string, params?: Record<string, unknown>, opts: Pick<SendOptions, 'id' | 'malformed'> = {}): Record<string, unknown> & { id: JsonRpcId; method: string } {
    const message = { jsonrpc: '2.0', id: opts.id ?? `mcp-conformance-${method}`, method, ...(params !== undefined ? { params } : {}) };
    if (opts.malformed === undefined) assertWellFormed(message, 'request', this.schema);
    return message;
  }
}

/** Run the handshake on an open connection at `revision`. Throws SessionError if refused. */
export async function startLegacySession(peer: Peer, revision: string, opts: SessionOptions = {}): Promise<LegacySession> {
  const version = opts.protocolVersion ?? revision;
  const capabilities = opts.clientCapabilities ?? {};
  // A client declaring tasks receives them (client-tasks.ts): at 2025-11-25 only, where core tasks exist.
  const tasks = capabilities.tasks !== undefined ? new ClientTasks(opts.clientTasks) : undefined;
  answerAsClient(peer, capabilities, tasks);
  const schema = await loadRevisionSchema(revision);
  peer.useSchema(schema);
  const params = initializeParams(version, capabilities);
  assertWellFormed({ jsonrpc: '2.0', id: 0, method: 'initialize', params }, 'request', schema);
  const reply = await peer.request('initialize', params, opts.startupTimeoutMs ? { timeoutMs: opts.startupTimeoutMs } : {});
  if (reply.kind !== 'result') throw new SessionError(`initialize at ${version} did not succeed: ${describeReply(reply)}`, reply);
  // A result that is no object is a broken handshake (brokenOpening), not a refusal.
  const result = isObject(reply.result) ? reply.result : {};
  const negotiated = typeof result.protocolVersion === 'string' ? result.protocolVersion : revision;
  peer.transport.setProtocolVersion?.(negotiated);
  if (opts.sendInitialized ?? true) await peer.notify('notifications/initialized');
  const caps = result.capabilities;
  const info = result.serverInfo;
  const broken = brokenOpening('legacy', reply.result);
  return new LegacySession(peer, revision, capabilities, {
    capabilities: typeof caps === 'object' && caps !== null ? (caps as Record<string, unknown>) : {},
    ...(typeof info === 'object' && info !== null ? { info: info as Record<string, unknown> } : {}),
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
    result,
    ...(reply.seq !== undefined ? { resultSeq: reply.seq } : {}),
    versions: [negotiated],
    ...(broken ? { brokenOpening: broken } : {}),
  }, schema, tasks);
}
