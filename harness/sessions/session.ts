// What a check talks to. A Conversation is one connection to the target: requests,
// notifications, raw frames, and what came back. A Session is a Conversation opened in an era:
// legacy (the initialize handshake) or modern (per-request _meta, 2026-07-28). A check written
// for a rule that holds in both eras uses the Session interface and runs through either.
import type { Answered, InboundMessage, JsonRpcId, Reply } from '../jsonrpc/types.js';
import { revisionInfo, type Era, type RevisionInfo } from '../revisions.js';
import type { BrokenOpening } from '../rules/opening-answer.js';
import type { HeaderOverrides, TransportKind } from '../transport.js';
import type { ClientTaskScript, ClientTasks } from './client-tasks.js';

export const CLIENT_INFO = { name: 'mcp-conformance', version: '0.1.0' };

export interface SendOptions {
  timeoutMs?: number;
  /** The request id (default: the next number). */
  id?: JsonRpcId;
  /**
   * Modern era: the per-request `_meta` fields. `false` sends the params exactly as given;
   * an object replaces or (with null) removes single fields. Ignored in the legacy era.
   */
  meta?: false | Partial<Record<MetaField, unknown>>;
  /** Extra HTTP headers for this message, applied after the era's own (ignored on stdio). */
  headers?: HeaderOverrides;
  /**
   * The message is meant to break the revision's schema (invalid params, to see them refused):
   * why. It is then sent unchecked; every other message is checked before it leaves and a
   * malformed one errs the check (well-formed.ts).
   */
  malformed?: string;
}

/** The per-request `_meta` fields of 2026-07-28 (basic#meta), by short name. */
export const META_KEYS = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
} as const;
export type MetaField = keyof typeof META_KEYS;

export interface Conversation {
  /** The wire log's connection id (frames are cited by it). */
  readonly conn: string;
  readonly transport: TransportKind;
  /** Why the connection is over, once it is. */
  readonly closed: string | undefined;
  /** Every inbound message so far, in arrival order. */
  readonly inbound: readonly InboundMessage[];
  request(method: string, params?: Record<string, unknown>, opts?: SendOptions): Promise<Reply>;
  /** A hand-built request object (odd ids, extra members), matched by its `id`. Sent as given, never checked. */
  requestMessage(message: Record<string, unknown> & { id: JsonRpcId; method: string }, opts?: { timeoutMs?: number }): Promise<Reply>;
  /** A JSON-RPC batch (2025-03-26) of well-formed messages; the replies in the batch's order. */
  requestBatch(items: Record<string, unknown>[], opts?: { timeoutMs?: number }): Promise<Reply[]>;
  notify(method: string, params?: Record<string, unknown>, opts?: Pick<SendOptions, 'meta' | 'headers' | 'malformed'>): Promise<void>;
  /** Text as one frame (stdio: a line; HTTP: a POST body), for malformed input. */
  sendRaw(text: string, opts?: { noNewline?: boolean }): Promise<void>;
  /** Bytes exactly as given (stdio only; invalid UTF-8). False when the transport cannot. */
  sendBytes(bytes: Buffer): Promise<boolean>;
  /** A mark in the inbound stream; `since(mark)` is what arrived after it. */
  mark(): number;
  since(mark: number): InboundMessage[];
  waitFor(test: (m: InboundMessage) => boolean, timeoutMs: number, includePast?: boolean): Promise<InboundMessage | undefined>;
  /** Did this conversation send a request with this id? */
  sentRequestWithId(id: unknown): boolean;
  /** Was the message carrying this request id refused (HTTP 4xx) with no response of its own? Then none will come. */
  refused(id: unknown): boolean;
  /** Responses after `mark` that answer no request this conversation sent (replies to notifications). */
  strayResponses(mark: number): Record<string, unknown>[];
}

/** What the server said about itself when the session opened. */
export interface ServerFacts {
  capabilities: Record<string, unknown>;
  info?: Record<string, unknown>;
  instructions?: string;
  /** The whole opening result: InitializeResult (legacy) or DiscoverResult (modern). */
  result: Record<string, unknown>;
  /** Wire sequence number of that result. */
  resultSeq?: number;
  /** legacy: the negotiated version; modern: the versions the server listed. */
  versions: string[];
  /**
   * Why what the server declares is unknown (a modern server whose server/discover failed):
   * then nothing can be judged against its capabilities, and `fence` stands in for the
   * revision's own fence.
   */
  capabilitiesUnknown?: string;
  /**
   * The opening result is broken: a member the session stands on is missing or malformed, or it
   * is no object at all (then `result` is {}): rules/opening-answer.ts. The server answered, but
   * nothing else at the revision can be judged on that handshake: only the checks that judge
   * the opening answer run there, and they report these problems.
   */
  brokenOpening?: BrokenOpening;
  /**
   * Streamable HTTP at a modern revision: the opening POST was refused at the HTTP level (no
   * JSON-RPC answer) by a server that names the revision elsewhere (probe.ts): what was refused,
   * the claim, and the frames to cite. The revision then runs only the opening-answer checks.
   */
  postRefused?: { refusal: string; claim: string; seqs: number[] };
  fence?: RevisionInfo['fence'];
}

/** The revision table's row, with the fence a session found it must use instead. */
export function revisionFor(revision: string, server: ServerFacts): RevisionInfo {
  const rev = revisionInfo(revision);
  return server.fence ? { ...rev, fence: server.fence } : rev;
}

export interface Session extends Conversation {
  readonly era: Era;
  readonly revision: string;
  readonly rev: RevisionInfo;
  /** What we declared (legacy: in initialize; modern: on every request unless overridden). */
  readonly clientCapabilities: Record<string, unknown>;
  readonly server: ServerFacts;
  /**
   * Legacy, where the session declared `tasks`: the tasks the client received (task-augmented
   * requests of the server) and what the server asked about each (client-tasks.ts).
   */
  readonly clientTasks?: ClientTasks;
  /**
   * The era's cheapest request that every server answers, for fencing: ping (legacy) or
   * server/discover (modern). Whatever the server sends about earlier input comes first.
   */
  fence(timeoutMs?: number): Promise<Reply>;
  /**
   * The message `request()` would send (modern: with `_meta`), for raw HTTP posts: checked like
   * it (throws MalformedProbe), so post it as built; one meant to be malformed says why.
   */
  build(method: string, params?: Record<string, unknown>, opts?: Pick<SendOptions, 'id' | 'meta' | 'malformed'>): Record<string, unknown> & { id: JsonRpcId; method: string };
}

export interface SessionOptions {
  /** Legacy: the version to ask for in initialize (default: the revision under test). */
  protocolVersion?: string;
  clientCapabilities?: Record<string, unknown>;
  /** Legacy, with `tasks` in clientCapabilities: how the tasks the client receives behave (client-tasks.ts). */
  clientTasks?: Partial<ClientTaskScript>;
  /** Legacy: send notifications/initialized after the result (default true). */
  sendInitialized?: boolean;
  /** Time for the opening request: a freshly started server may need a moment. */
  startupTimeoutMs?: number;
}

export class SessionError extends Error {
  constructor(
    message: string,
    readonly reply: Reply,
  ) {
    super(message);
  }
}

export const isResult = (r: Reply): r is Extract<Answered, { kind: 'result' }> => r.kind === 'result';
