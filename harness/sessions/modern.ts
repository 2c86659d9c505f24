// The modern era (2026-07-28): no handshake. Every request carries its protocol version,
// client capabilities and client info in `_meta` (basic#meta); on Streamable HTTP the body
// fields are mirrored into headers (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*).
// The session opens with server/discover to learn what the server offers.
import type { Peer } from '../jsonrpc/peer.js';
import { describeReply, type JsonRpcId, type Reply } from '../jsonrpc/types.js';
import { revisionInfo, type RevisionInfo } from '../revisions.js';
import { isObject } from '../rules/json.js';
import { brokenOpening } from '../rules/opening-answer.js';
import { loadRevisionSchema, type RevisionSchema } from '../schema.js';
import { mirroredHeaders } from '../transports/modern-headers.js';
import { PeerConversation } from './conversation.js';
import { CLIENT_INFO, META_KEYS, SessionError, revisionFor, type MetaField, type SendOptions, type ServerFacts, type Session, type SessionOptions } from './session.js';
import { assertWellFormed } from './well-formed.js';

type Params = Record<string, unknown>;

/** Client capabilities that declare nothing: none at all, or an empty object. */
const declaresNothing = (caps: unknown): boolean => caps === undefined || caps === null || (typeof caps === 'object' && !Array.isArray(caps) && Object.keys(caps).length === 0);

export class ModernSession extends PeerConversation implements Session {
  readonly era = 'modern' as const;
  /** The revision's row; its fence is replaced once if server/discover fails (startModernSession). */
  rev: RevisionInfo;
  server: ServerFacts = { capabilities: {}, result: {}, versions: [] };
  /** inputSchema of each tool seen in a tools/list result, for Mcp-Param-* headers. */
  private readonly toolSchemas = new Map<string, unknown>();
  /** Shared by every owner's view of the session (a view must not restart the count). */
  private readonly ids = { next: 1 };
  /** Shared by every view: false once a message went out that may have declared client capabilities. */
  private readonly plain = { sofar: true };

  constructor(
    peer: Peer,
    readonly revision: string,
    readonly clientCapabilities: Record<string, unknown>,
    schema: RevisionSchema,
  ) {
    super(peer, undefined, schema);
    this.rev = revisionInfo(revision);
    // The server must not send requests at 2026-07-28: nothing is answered but with -32601.
    peer.clearHandlers();
    peer.observationContext = { clientCapabilities, era: 'modern' };
  }

  /**
   * Every message so far was one this session built declaring no client capability: the
   * session is then as good as a fresh pooled one, whatever a server remembers wrongly.
   */
  get declaredNothing(): boolean {
    return this.plain.sofar;
  }

  /**
   * The same connection declaring other client capabilities: at this revision they travel in
   * every request's `_meta`, so nothing about the connection changes.
   */
  withCapabilities(clientCapabilities: Record<string, unknown>): this {
    const view = Object.create(this) as this;
    Object.defineProperty(view, 'clientCapabilities', { value: clientCapabilities });
    return view;
  }

  build(method: string, params?: Params, opts: Pick<SendOptions, 'id' | 'meta' | 'malformed'> = {}): Params & { id: JsonRpcId; method: string } {
    const id = opts.id ?? `m${this.ids.next++}`;
    const message = { jsonrpc: '2.0', id, method, params: this.withMeta(params, opts.meta) };
    // A check that removes a required _meta field on purpose (meta false, a field null) is held
    // to the JSON-RPC envelope alone: the rest of the schema is what it means to break.
    const removes = opts.meta === false || Object.values(opts.meta ?? {}).some((v) => v === null);
    if (opts.malformed === undefined) assertWellFormed(message, 'request', removes ? undefined : this.schema);
    return message;
  }

  override request(method: string, params?: Params, opts: SendOptions = {}): Promise<Reply> {
    // Built (and checked) before anything is awaited: a malformed probe throws at the call.
    const message = this.build(method, params, { ...(opts.id !== undefined ? { id: opts.id } : {}), ...(opts.meta !== undefined ? { meta: opts.meta } : {}), ...(opts.malformed !== undefined ? { malformed: opts.malformed } : {}) });
    return this.send(method, message, opts);
  }

  private async send(method: string, message: Params & { id: JsonRpcId }, opts: SendOptions): Promise<Reply> {
    const reply = await this.peer.requestMessage(message, method, message.id, { ...this.peerOptions(opts), headers: this.headersFor(message, opts) });
    if (method === 'tools/list' && reply.kind === 'result') this.rememberTools(reply.result);
    return reply;
  }

  override requestMessage(message: Params & { id: JsonRpcId; method: string }, opts: { timeoutMs?: number } = {}): Promise<Reply> {
    // Sent as given, with the headers a conforming client would mirror from it.
    if (!this.builtPlain(message)) this.plain.sofar = false;
    return this.peer.requestMessage(message, message.method, message.id, { ...this.peerOptions(opts), headers: this.headersFor(message, {}) });
  }

  override notify(method: string, params?: Params, opts: Pick<SendOptions, 'meta' | 'headers' | 'malformed'> = {}): Promise<void> {
    const message = { jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) };
    if (opts.malformed === undefined) assertWellFormed(message, 'notification', this.schema);
    // A notification carries no _meta version: the header still says which revision speaks.
    return this.peer.notify(method, params, this.owner, this.headersFor(message, { headers: { 'MCP-Protocol-Version': this.revision, ...opts.headers } }));
  }

  override requestBatch(items: Params[], opts: { timeoutMs?: number } = {}): Promise<Reply[]> {
    this.plain.sofar = false;
    return super.requestBatch(items, opts);
  }

  override sendRaw(text: string, opts: { noNewline?: boolean } = {}): Promise<void> {
    this.plain.sofar = false;
    return super.sendRaw(text, opts);
  }

  override sendBytes(bytes: Buffer): Promise<boolean> {
    this.plain.sofar = false;
    return super.sendBytes(bytes);
  }

  fence(timeoutMs?: number): Promise<Reply> {
    return this.request(this.rev.fence, {}, timeoutMs !== undefined ? { timeoutMs } : {});
  }

  /** The params with the per-request `_meta` fields merged into any `_meta` they carry. */
  private withMeta(params: Params | undefined, meta: SendOptions['meta']): Params {
    const base = params ?? {};
    if (meta === false) return base;
    const own = (typeof base._meta === 'object' && base._meta !== null ? base._meta : {}) as Params;
    const fields: Params = {
      [META_KEYS.protocolVersion]: this.revision,
      [META_KEYS.clientCapabilities]: this.clientCapabilities,
      [META_KEYS.clientInfo]: CLIENT_INFO,
    };
    for (const [name, value] of Object.entries(meta ?? {})) {
      const key = META_KEYS[name as MetaField];
      if (value === null) delete fields[key];
      else fields[key] = value;
    }
    const merged = { ...fields, ...own };
    if (!declaresNothing(merged[META_KEYS.clientCapabilities])) this.plain.sofar = false;
    return { ...base, _meta: merged };
  }

  /** A message as build() makes it with no client capability (a raw one may declare anything). */
  private builtPlain(message: Params): boolean {
    const meta = (message.params as Params | undefined)?._meta as Params | undefined;
    return meta !== undefined && declaresNothing(meta[META_KEYS.clientCapabilities]);
  }

  private headersFor(message: Params, opts: Pick<SendOptions, 'headers'>): SendOptions['headers'] {
    if (this.transport === 'stdio') return undefined;
    return { ...this.mirrored(message), ...opts.headers };
  }

  /** The headers a conforming client sends with this message (Mcp-Param-* from the tools seen so far). */
  mirrored(message: Params): Record<string, string | null> {
    return mirroredHeaders(message, (name) => this.toolSchemas.get(name));
  }

  private rememberTools(result: unknown): void {
    const tools = (result as { tools?: unknown } | undefined)?.tools;
    if (!Array.isArray(tools)) return;
    for (const t of tools as Params[]) if (typeof t.name === 'string') this.toolSchemas.set(t.name, t.inputSchema);
  }
}

/**
 * Open the modern era on a connection: server/discover at `revision`. A server that answers it
 * with an error may still speak the revision (server/discover is a MUST of its own): a modern
 * tools/list that gets a result with a resultType opens the session then, knowing no
 * capabilities. Throws SessionError if the revision is not spoken.
 */
export async function startModernSession(peer: Peer, revision: string, opts: SessionOptions = {}): Promise<ModernSession> {
  const schema = await loadRevisionSchema(revision);
  peer.useSchema(schema);
  const session = new ModernSession(peer, revision, opts.clientCapabilities ?? {}, schema);
  const timing = opts.startupTimeoutMs ? { timeoutMs: opts.startupTimeoutMs } : {};
  const reply = await session.request('server/discover', {}, timing);
  if (reply.kind === 'error' && reply.error.code !== -32022) {
    const other = await session.request('tools/list', {}, timing);
    const result = other.kind === 'result' && typeof other.result === 'object' && other.result !== null ? (other.result as Params) : undefined;
    if (result && typeof result.resultType === 'string') {
      // No opening result to judge, no capabilities to judge against; tools/list fences instead.
      session.server = { capabilities: {}, result: {}, versions: [], capabilitiesUnknown: `server/discover failed (${describeReply(reply)})`, fence: 'tools/list' };
      session.rev = revisionFor(revision, session.server);
      return session;
    }
  }
  if (reply.kind !== 'result') throw new SessionError(`server/discover at ${revision} did not succeed: ${describeReply(reply)}`, reply);
  // A result that is no object is a broken handshake (brokenOpening), not a refusal.
  const result = isObject(reply.result) ? reply.result : {};
  const caps = result.capabilities;
  const info = (result._meta as Params | undefined)?.['io.modelcontextprotocol/serverInfo'];
  const broken = brokenOpening('modern', reply.result);
  session.server = {
    capabilities: typeof caps === 'object' && caps !== null ? (caps as Params) : {},
    ...(typeof info === 'object' && info !== null ? { info: info as Params } : {}),
    ...(typeof result.instructions === 'string' ? { instructions: result.instructions } : {}),
    result,
    ...(reply.seq !== undefined ? { resultSeq: reply.seq } : {}),
    versions: Array.isArray(result.supportedVersions) ? result.supportedVersions.filter((v): v is string => typeof v === 'string') : [],
    ...(broken ? { brokenOpening: broken } : {}),
  };
  return session;
}
