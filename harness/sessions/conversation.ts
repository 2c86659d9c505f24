// A Conversation over one JSON-RPC peer: the check-facing surface of a connection. Frames a
// check causes are tagged with its owner (for wire excerpts); `withOwner` gives another check
// its own view of the same connection (the shared session).
import type { Peer } from '../jsonrpc/peer.js';
import { isStrayResponse, type InboundMessage, type JsonRpcId, type Reply } from '../jsonrpc/types.js';
import type { RevisionSchema } from '../schema.js';
import type { TransportKind } from '../transport.js';
import type { Conversation, SendOptions } from './session.js';
import { assertWellFormed } from './well-formed.js';

const peers = new WeakMap<object, Peer>();
/** The session over each peer, once one was opened on it (the first one). */
const sessions = new WeakMap<Peer, Fenced>();

/** What the harness needs of a session to fence its connection. */
export interface Fenced {
  readonly rev: { fence: string };
  fence(timeoutMs?: number): Promise<Reply>;
  withOwner(owner: string): Fenced;
}

/** The peer under a conversation: for the harness only (contexts, runner, HTTP access). */
export function peerOf(c: Conversation): Peer {
  // Views made by withOwner() inherit from the conversation they view.
  for (let o: object | null = c; o !== null; o = Object.getPrototypeOf(o) as object | null) {
    const peer = peers.get(o);
    if (peer) return peer;
  }
  throw new Error('not a harness conversation');
}

/** The session over a peer, if one was opened on it: the harness fences the connection through it. */
export function sessionOver(peer: Peer): Fenced | undefined {
  return sessions.get(peer);
}

export class PeerConversation implements Conversation {
  owner: string | undefined;

  /**
   * `schema`: the revision spoken on the connection, against which every message meant to be
   * well-formed is checked before it leaves (well-formed.ts); a bare connection, which speaks
   * no revision yet, checks the JSON-RPC envelope alone.
   */
  constructor(
    protected readonly peer: Peer,
    owner?: string,
    protected readonly schema?: RevisionSchema,
  ) {
    this.owner = owner;
    peers.set(this, peer);
    // Sessions (legacy, modern) have a fence; a bare connection has none.
    if (!sessions.has(peer) && 'fence' in this) sessions.set(peer, this as unknown as Fenced);
  }

  /** The same connection, with frames tagged for another owner. */
  withOwner(owner: string): this {
    const view = Object.create(this) as this;
    view.owner = owner;
    return view;
  }

  get conn(): string {
    return this.peer.wire.conn;
  }

  get transport(): TransportKind {
    return this.peer.transport.kind;
  }

  get closed(): string | undefined {
    return this.peer.closed;
  }

  get inbound(): readonly InboundMessage[] {
    return this.peer.inbound;
  }

  request(method: string, params?: Record<string, unknown>, opts: SendOptions = {}): Promise<Reply> {
    // The peer picks the id when none is given: any integer stands in for it here.
    if (opts.malformed === undefined) assertWellFormed({ jsonrpc: '2.0', id: opts.id ?? 0, method, ...(params !== undefined ? { params } : {}) }, 'request', this.schema);
    return this.peer.request(method, params, this.peerOptions(opts));
  }

  /** Sent exactly as given, never checked: the raw path for odd ids and hostile members. */
  requestMessage(message: Record<string, unknown> & { id: JsonRpcId; method: string }, opts: { timeoutMs?: number } = {}): Promise<Reply> {
    return this.peer.requestMessage(message, message.method, message.id, { ...opts, ...(this.owner ? { owner: this.owner } : {}) });
  }

  /** Each item is checked like a message of its own (a batch meant to be malformed is sent raw). */
  requestBatch(items: Record<string, unknown>[], opts: { timeoutMs?: number } = {}): Promise<Reply[]> {
    for (const item of items) assertWellFormed(item, 'id' in item ? 'request' : 'notification', this.schema);
    return this.peer.requestBatch(items, { ...opts, ...(this.owner ? { owner: this.owner } : {}) });
  }

  notify(method: string, params?: Record<string, unknown>, opts: Pick<SendOptions, 'meta' | 'headers' | 'malformed'> = {}): Promise<void> {
    if (opts.malformed === undefined) assertWellFormed({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) }, 'notification', this.schema);
    return this.peer.notify(method, params, this.owner, opts.headers);
  }

  sendRaw(text: string, opts: { noNewline?: boolean } = {}): Promise<void> {
    return this.peer.sendRaw(text, { ...opts, ...(this.owner ? { owner: this.owner } : {}) });
  }

  async sendBytes(bytes: Buffer): Promise<boolean> {
    if (!this.peer.transport.sendBytes) return false;
    await this.peer.transport.sendBytes(bytes, this.owner ? { owner: this.owner } : {});
    return true;
  }

  mark(): number {
    return this.peer.inbound.length;
  }

  since(mark: number): InboundMessage[] {
    return this.peer.since(mark);
  }

  waitFor(test: (m: InboundMessage) => boolean, timeoutMs: number, includePast = false): Promise<InboundMessage | undefined> {
    return this.peer.waitFor(test, timeoutMs, includePast);
  }

  sentRequestWithId(id: unknown): boolean {
    return this.peer.sentRequestWithId(id);
  }

  refused(id: unknown): boolean {
    return this.peer.refused(id);
  }

  strayResponses(mark: number): Record<string, unknown>[] {
    return this.peer
      .since(mark)
      .map((m) => m.message)
      .filter((m) => isStrayResponse(m, (id) => this.peer.sentRequestWithId(id))) as Record<string, unknown>[];
  }

  protected peerOptions(opts: SendOptions): { owner?: string; timeoutMs?: number; id?: JsonRpcId; headers?: SendOptions['headers'] } {
    return {
      ...(this.owner ? { owner: this.owner } : {}),
      ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
      ...(opts.id !== undefined ? { id: opts.id } : {}),
      ...(opts.headers ? { headers: opts.headers } : {}),
    };
  }
}
