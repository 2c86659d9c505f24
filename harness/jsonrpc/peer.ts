// The JSON-RPC peer, the same in both roles: it sends requests and notifications, matches each
// response to its request exactly once, times out, answers inbound requests from a handler
// table (as a client: ping, roots, sampling, elicitation, exactly what was declared; as a
// server: what the scripted server offers), and validates every inbound message against the
// revision's schema, recording what is wrong as observations.
import type { ObservationLog, Observation } from '../observations.js';
import type { Pace } from '../pacing/pace.js';
import type { RevisionSchema } from '../schema.js';
import type { HeaderOverrides, Transport, TransportEvent } from '../transport.js';
import { nextWireSeq, type WireLog } from '../wire-log.js';
import { validateInbound } from './inbound-validation.js';
import { keptForm } from './kept-answer.js';
import type { PeerOptions, RequestOptions, Role } from './peer-options.js';
import { misnamedFor, rawIdKeys, type Claimed } from './misnamed-ids.js';
import { idKey, type MisnamedId, type HandlerAnswer, type HandlerContext, type InboundMessage, type JsonRpcError, type JsonRpcId, type Reply, type RequestHandler } from './types.js';

export type { InboundMessage, JsonRpcError, JsonRpcId, Reply } from './types.js';
export type { PeerOptions, RequestOptions, Role } from './peer-options.js';

interface Pending {
  method: string;
  /** performance.now() when it was sent (the target's answer time is measured from it). */
  sentAt: number;
  /** The pace's count of our own busy time when it was sent: what accrues meanwhile is ours, not the target's. */
  busyAt: number;
  resolve: (reply: Reply) => void;
  timer: NodeJS.Timeout;
  owner?: string;
  /** The transport's HTTP request count once this request was sent (where it counts them). */
  exchangesAfter?: number;
  /** No answer is owed: we cancelled it, or it is no valid JSON-RPC request (a probe of ours). */
  unowed?: boolean;
  /** Its silence may be the finding (a batch to a target without batches), never a sign of pace. */
  unpaced?: boolean;
}

export class Peer {
  readonly transport: Transport;
  readonly wire: WireLog;
  readonly observations: ObservationLog;
  readonly role: Role;
  /** Every inbound message in arrival order. */
  readonly inbound: InboundMessage[] = [];
  /** Facts passive checks need beside each inbound request (e.g. the capabilities we declared). */
  observationContext: Record<string, unknown> = {};
  /** Told when a request of ours got no answer in time (the runner watches for a silent target). */
  onTimeout: ((method: string, owner: string | undefined, peer: Peer) => void) | undefined;
  private readonly handlers = new Map<string, RequestHandler>();
  private fallbackHandler: ((method: string, ...rest: Parameters<RequestHandler>) => ReturnType<RequestHandler>) | undefined;
  private readonly notificationListeners: ((method: string, params: Record<string, unknown>, message: Record<string, unknown>) => void)[] = [];
  private schema: RevisionSchema | undefined;
  private nextId = 1;
  private pending = new Map<string, Pending>();
  /** Requests sent and not answered yet (a listen stays open until it is answered). */
  get unanswered(): number {
    return this.pending.size;
  }
  /** Ids already answered, with their method: a second answer is a violation. */
  private answered = new Map<string, string>();
  /** Methods of the requests we sent, by id (also after they were answered). */
  private sentMethods = new Map<string, string>();
  /** When each request that timed out was sent: an answer after our timeout still measures the pace. */
  private readonly lateSince = new Map<string, number>();
  private readonly pace: Pace | undefined;
  /** When the connection was opened: its first answer measures the target's start. */
  private readonly openedAt = performance.now();
  private answeredOnce = false;
  /** The HTTP request count up to which a request got a result (see lastExchangeAnswered). */
  private resultThrough = -1;
  /** Request ids whose message the transport saw refused with no response of theirs (HTTP 4xx). */
  private readonly refusedIds = new Set<string>();
  private waiters: Array<{ test: (m: InboundMessage) => boolean; resolve: (m: InboundMessage | undefined) => void }> = [];
  private closeReason: string | undefined;
  /** Ids carried by raw text sent on this connection: their answers are no misnamed ones. */
  private readonly rawIds = new Set<string>();
  private readonly timeoutMs: number;

  constructor(opts: PeerOptions) {
    this.transport = opts.transport;
    this.wire = opts.wire;
    this.observations = opts.observations;
    this.timeoutMs = opts.timeoutMs;
    this.pace = opts.pace;
    this.role = opts.role;
    this.transport.onMessage((m, seq, stream) => this.receive(m, seq, stream));
    this.transport.onEvent((e) => this.onTransportEvent(e));
  }

  /** Validate inbound messages against this revision from now on. */
  useSchema(schema: RevisionSchema): void {
    this.schema = schema;
  }

  /** Answer inbound requests for `method` with `handler` (replacing any earlier one). */
  handle(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  /** Answer requests for methods without a handler (default: -32601). */
  fallback(handler: (method: string, ...rest: Parameters<RequestHandler>) => ReturnType<RequestHandler>): void {
    this.fallbackHandler = handler;
  }

  /** Hear every inbound notification. */
  onNotification(listener: (method: string, params: Record<string, unknown>, message: Record<string, unknown>) => void): void {
    this.notificationListeners.push(listener);
  }

  /** Answer nothing but what is registered from now on. */
  clearHandlers(): void {
    this.handlers.clear();
    this.fallbackHandler = undefined;
  }

  get closed(): string | undefined {
    return this.closeReason;
  }

  /** Send a request and wait for its one response (or a timeout, or the connection's end). */
  request(method: string, params?: unknown, opts: RequestOptions = {}): Promise<Reply> {
    const id = opts.id ?? this.nextId++;
    const message = { jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) };
    return this.requestMessage(message, method, id, opts);
  }

  /** Send a hand-built request object (ids of unusual types, extra members). */
  requestMessage(message: unknown, method: string, id: JsonRpcId, opts: RequestOptions = {}): Promise<Reply> {
    if (this.closeReason) return Promise.resolve({ kind: 'closed', reason: this.closeReason });
    const timeoutMs = opts.timeoutMs ?? this.patience();
    const reply = this.expect(method, id, timeoutMs, opts.owner);
    // "jsonrpc" other than "2.0" (or none): not a request a server must answer.
    if ((message as { jsonrpc?: unknown } | null)?.jsonrpc !== '2.0') this.markUnowed(id);
    void this.transport.send(message, { timeoutMs, ...(opts.owner ? { owner: opts.owner } : {}), ...(opts.headers ? { headers: opts.headers } : {}), ...(opts.stream ? { stream: opts.stream } : {}) });
    // HTTP transports count the request synchronously as it goes out.
    const pending = this.pending.get(idKey(id));
    if (pending && this.transport.httpExchanges !== undefined) pending.exchangesAfter = this.transport.httpExchanges;
    return reply;
  }

  /**
   * Send several messages as one JSON array (a JSON-RPC batch, 2025-03-26). Each request in it
   * is matched like any other; resolves with the reply to each request, in the batch's order.
   */
  requestBatch(items: Record<string, unknown>[], opts: { owner?: string; timeoutMs?: number; stream?: string } = {}): Promise<Reply[]> {
    const requests = items.flatMap(({ id, method }) =>
      (typeof id === 'string' || typeof id === 'number') && typeof method === 'string' ? [{ id, method }] : [],
    );
    const reason = this.closeReason;
    if (reason) return Promise.resolve(requests.map((): Reply => ({ kind: 'closed', reason })));
    const replies = requests.map(({ id, method }) => this.expect(method, id, opts.timeoutMs ?? this.patience(), opts.owner, ' in a batch'));
    for (const { id } of requests) {
      const pending = this.pending.get(idKey(id));
      if (pending) pending.unpaced = true;
    }
    const owner = opts.owner ? { owner: opts.owner } : {};
    // Serving: the array goes on the stream of the request it belongs to, as one SSE event.
    if (opts.stream !== undefined) void this.transport.send(items, { ...owner, stream: opts.stream });
    else void this.transport.sendRaw(JSON.stringify(items), owner);
    return Promise.all(replies);
  }

  /** A fresh id for a request this peer builds itself (a batch's members). */
  newId(): number {
    return this.nextId++;
  }

  async notify(method: string, params?: unknown, owner?: string, headers?: HeaderOverrides, stream?: string): Promise<void> {
    if (method === 'notifications/cancelled') this.markCancelled(params);
    await this.transport.send({ jsonrpc: '2.0', method, ...(params !== undefined ? { params } : {}) }, { ...(owner ? { owner } : {}), ...(headers ? { headers } : {}), ...(stream ? { stream } : {}) });
  }

  async sendRaw(text: string, opts?: { owner?: string; noNewline?: boolean }): Promise<void> {
    this.noteRawIds(text);
    await this.transport.sendRaw(text, opts);
  }

  /** The next inbound message (from now on, or already received if `includePast`) matching `test`. */
  waitFor(test: (m: InboundMessage) => boolean, timeoutMs: number, includePast = false): Promise<InboundMessage | undefined> {
    if (includePast) {
      const found = this.inbound.find(test);
      if (found) return Promise.resolve(found);
    }
    return new Promise((resolve) => {
      const waiter = { test, resolve };
      this.waiters.push(waiter);
      setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        resolve(undefined);
      }, timeoutMs).unref();
    });
  }

  /**
   * Over HTTP: the last request made on this connection was one of our JSON-RPC requests, and it
   * got a result (nothing was sent after it, raw requests included). The server was alive and
   * kept the session past everything sent on it, which is what a fence would show.
   */
  get lastExchangeAnswered(): boolean {
    const made = this.transport.httpExchanges;
    return made !== undefined && made === this.resultThrough;
  }

  /** Was the message carrying this request id refused with no response of its own? Nothing more will come for it. */
  refused(id: unknown): boolean {
    return (typeof id === 'string' || typeof id === 'number') && this.refusedIds.has(idKey(id));
  }

  /** Did this peer send a request with this id (answered or not)? */
  sentRequestWithId(id: unknown): boolean {
    return (typeof id === 'string' || typeof id === 'number') && this.sentMethods.has(idKey(id));
  }

  /** Messages received since a given index of `inbound` (use `inbound.length` as a mark). */
  since(mark: number): InboundMessage[] {
    return this.inbound.slice(mark);
  }

  private closing: Promise<void> | undefined;

  /**
   * Forget the messages received so far: the check that read them is done (the connection goes
   * back to the pool, or is closed). A server may answer tools/list with 50 MB; every connection
   * keeping every answer for the whole run would exhaust memory. Marks taken afterwards count
   * from here; the wire log (capped per frame) keeps the evidence.
   */
  forgetInbound(): void {
    this.inbound.splice(0);
  }

  /**
   * Give up on a connection that stopped answering while the target answers elsewhere (see
   * pacing/liveness.ts): whatever still waits on it ends now, with `why`, and it is closed.
   */
  retire(why: string): Promise<void> {
    if (!this.closeReason) this.wire.record('event', `connection retired: ${why}`);
    this.finish(why);
    return this.close();
  }

  /** Close the connection (idempotent: later calls wait for the first). */
  close(): Promise<void> {
    this.closing ??= this.transport.close().then(() => this.finish('connection closed by the harness'));
    return this.closing;
  }

  /**
   * How long a request waits by default: the target's patience where it is paced, else the
   * timeout. Until the connection's first answer the target may still be starting: the
   * patience counts from when it is ready, so a start's worth of time comes on top.
   */
  patience(): number {
    if (!this.pace) return this.timeoutMs;
    return this.pace.patience() + (this.answeredOnce ? 0 : this.pace.slowestStartMs);
  }

  /** Remember the ids raw text carries (where it parses), so that their answers are not misread. */
  private noteRawIds(text: string): void {
    for (const key of rawIdKeys(text)) this.rawIds.add(key);
  }

  /** The request a notifications/cancelled of ours names, if it is still waiting, owes no answer now. */
  private markCancelled(params: unknown): void {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    if (typeof requestId === 'string' || typeof requestId === 'number') this.markUnowed(requestId);
  }

  private markUnowed(id: JsonRpcId): void {
    const pending = this.pending.get(idKey(id));
    if (pending) pending.unowed = true;
  }

  /** Register a request we are about to send; resolves with its reply. */
  private expect(method: string, id: JsonRpcId, timeoutMs: number, owner: string | undefined, where = ''): Promise<Reply> {
    const key = idKey(id);
    // Two requests waiting on one id could not be told apart, and the first one's timer would
    // outlive the run: a harness bug, named here instead.
    if (this.pending.has(key)) throw new Error(`request id ${JSON.stringify(id)} is already waiting for a response on this connection`);
    this.sentMethods.set(key, method);
    return new Promise<Reply>((resolve) => {
      const sentAt = performance.now();
      const timer = setTimeout(() => {
        const { unowed, unpaced } = this.pending.get(key) ?? {};
        this.pending.delete(key);
        this.lateSince.set(key, sentAt);
        this.wire.record('event', `no response to ${method} (id ${JSON.stringify(id)})${where} within ${timeoutMs} ms`, owner);
        resolve({ kind: 'timeout', afterMs: timeoutMs });
        // A request we cancelled, or one with a broken envelope, owes no answer: its silence says
        // nothing of the target's pace or liveness (its check waits it out on purpose).
        if (unowed) return;
        if (!unpaced) this.pace?.noteTimeout();
        this.onTimeout?.(method, owner, this);
      }, timeoutMs);
      this.pending.set(key, { method, sentAt, busyAt: this.pace?.ownBusyMs ?? 0, resolve, timer, ...(owner ? { owner } : {}) });
    });
  }

  private receive(message: unknown, seq?: number, stream?: string): void {
    if (Array.isArray(message)) {
      // A batch: each element is judged on its own; that it came as one frame is noted too.
      this.observe('batch-frame', seq, `a JSON array of ${message.length} message(s) in one frame`, message);
      for (const m of message) this.receive(m, seq, stream);
      return;
    }
    const item: InboundMessage = { message, ...(seq !== undefined ? { seq } : {}), ...(stream !== undefined ? { stream } : {}) };
    this.inbound.push(item);
    const m = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    const isResponse = !('method' in m) && ('result' in m || 'error' in m || 'id' in m);
    let method: string | undefined;
    if (isResponse) method = this.matchResponse(m, seq);
    if (isResponse && (m.error as { code?: unknown } | undefined)?.code === -32042) this.observe('url-elicitation-required', seq, `a -32042 error answering ${method ?? 'an unknown request'}`, message, this.observationContext);
    else if (typeof m.method === 'string') this.onInbound(m, seq, stream);
    if (this.schema) {
      for (const problem of validateInbound(this.schema, m, method)) this.observe('schema-invalid', seq, problem, message);
    }
    for (const w of [...this.waiters]) {
      if (w.test(item)) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(item);
      }
    }
    // A big answer to a request of ours: the log keeps its envelope, not its megabytes.
    const kept = keptForm(m, method, this.transport.lastRead?.bytes ?? 0);
    if (kept !== m) item.message = kept;
  }

  /** Resolve the pending request this response answers; returns the request's method. */
  private matchResponse(m: Record<string, unknown>, seq?: number): string | undefined {
    const id = m.id;
    // Error responses without a usable id answer input whose id could not be read.
    if (id === null || id === undefined) return undefined;
    if (typeof id !== 'string' && typeof id !== 'number') {
      const claimed = this.misnamedFor(id);
      this.observe('unknown-response-id', seq, `response id of type ${typeof id} matches no request${claimed ? `; taken as the answer to ${JSON.stringify(claimed.id)}, the one request waiting` : ''}`, m);
      return claimed ? this.settle(claimed.key, claimed.pending, m, seq, { sent: claimed.id, got: id }) : undefined;
    }
    const key = idKey(id);
    const pending = this.pending.get(key);
    if (!pending && !this.sentMethods.has(key)) {
      // An answer that cannot be matched is evidence at once: the target is alive, and the
      // request it answers does not wait out its patience for an id that will never come.
      const claimed = this.misnamedFor(id);
      if (claimed) {
        const how = claimed.sameValue ? `the same value as ${JSON.stringify(claimed.id)} in another JSON type` : `taken as the answer to ${JSON.stringify(claimed.id)}, the one request waiting`;
        this.observe('unknown-response-id', seq, `response with id ${JSON.stringify(id)}, which no request used (${how})`, m);
        return this.settle(claimed.key, claimed.pending, m, seq, { sent: claimed.id, got: id });
      }
    }
    if (!pending) {
      const method = this.answered.get(key);
      if (method) this.observe('duplicate-response', seq, `second response to ${method} (id ${JSON.stringify(id)})`, m);
      else if (this.sentMethods.has(key)) {
        // Answered after our timeout: too late for its request, still a measure of the pace.
        const sentAt = this.lateSince.get(key);
        if (sentAt !== undefined) this.measure(this.sentMethods.get(key) ?? '', sentAt);
        this.lateSince.delete(key);
        return this.sentMethods.get(key);
      }
      else this.observe('unknown-response-id', seq, `response with id ${JSON.stringify(id)}, which no request used`, m);
      return method;
    }
    return this.settle(key, pending, m, seq);
  }

  /** Resolve a pending request with the response `m` (whose id may be misnamed). */
  private settle(key: string, pending: Pending, m: Record<string, unknown>, seq: number | undefined, misnamed?: MisnamedId): string {
    clearTimeout(pending.timer);
    this.pending.delete(key);
    this.answered.set(key, pending.method);
    this.measure(pending.method, pending.sentAt, pending.busyAt);
    if (seq !== undefined && pending.owner) this.tagOwner(seq, pending.owner);
    const extra = { ...(seq !== undefined ? { seq } : {}), ...(misnamed ? { misnamed } : {}) };
    if ('error' in m && typeof m.error === 'object' && m.error !== null) {
      pending.resolve({ kind: 'error', error: m.error as JsonRpcError, message: m, ...extra });
    } else {
      if (pending.exchangesAfter !== undefined) this.resultThrough = Math.max(this.resultThrough, pending.exchangesAfter);
      pending.resolve({ kind: 'result', result: m.result, message: m, ...extra });
    }
    return pending.method;
  }

  /** The waiting request a response with an unknown id answers, when that can be told (misnamed-ids.ts). */
  private misnamedFor(id: unknown): Claimed<Pending> | undefined {
    return misnamedFor(id, this.pending, this.rawIds);
  }

  /**
   * Tell the pace how long an answer took, to its first byte (a message's size is not the
   * target's pace; one that took long to read is noted); the connection's first answer is the
   * target's start.
   */
  private measure(method: string, sentAt: number, busyAt?: number): void {
    if (!this.pace) return;
    const read = this.transport.lastRead;
    if (read) this.pace.noteRead(method, read.bytes, read.ms, read.busyMs);
    const ours = busyAt === undefined ? 0 : Math.max(0, this.pace.ownBusyMs - busyAt - (read?.busyMs ?? 0));
    const now = performance.now() - (read?.ms ?? 0) - ours;
    if (!this.answeredOnce) {
      this.answeredOnce = true;
      this.pace.noteStart(now - this.openedAt);
    } else this.pace.noteAnswer(method, Math.max(0, now - sentAt));
  }

  /** A request or notification from the other side: record it; answer requests from the table. */
  private onInbound(m: Record<string, unknown>, seq?: number, stream?: string): void {
    const method = m.method as string;
    const isRequest = 'id' in m;
    const from = this.role === 'client' ? 'server' : 'client';
    // Over Streamable HTTP, whether a session holds the exchanges together (rules "within the same session").
    const session = this.transport.kind === 'streamable-http' ? { httpSession: this.transport.sessionId ?? null } : {};
    this.observe(isRequest ? `${from}-request` : `${from}-notification`, seq, `${from} sent ${method}`, m, { ...this.observationContext, ...session });
    const params = typeof m.params === 'object' && m.params !== null ? (m.params as Record<string, unknown>) : {};
    if (!isRequest) {
      for (const l of this.notificationListeners) l(method, params, m);
      return;
    }
    const fallback = this.fallbackHandler;
    const handler: RequestHandler | undefined = this.handlers.get(method) ?? (fallback ? (p, msg, c) => fallback(method, p, msg, c) : undefined);
    const on = stream !== undefined ? { stream } : {};
    const ctx: HandlerContext = {
      ...on,
      notify: (method, params) => this.notify(method, params, undefined, undefined, stream),
      request: (method, params, opts = {}) => this.request(method, params, { ...opts, ...on }),
    };
    const answer: Promise<HandlerAnswer> = handler
      ? Promise.resolve()
          .then(() => handler(params, m, ctx))
          .catch((e: unknown) => ({ error: { code: -32603, message: `internal error of the test ${this.role}: ${e instanceof Error ? e.message : String(e)}` } }))
      : Promise.resolve({ error: { code: -32601, message: `the test ${this.role} does not offer ${method}` } });
    void answer.then((a) => {
      // Passive checks tell what the other side sent before our answer from what came after.
      // An answer that is a CreateTaskResult (basic/utilities/tasks) makes the request a task of ours: its taskId.
      const task = 'result' in a && typeof a.result === 'object' && a.result !== null ? (a.result as { task?: { taskId?: unknown } }).task : undefined;
      const createdTask = typeof task?.taskId === 'string' ? { createdTask: task.taskId } : {};
      this.observe('request-answered', nextWireSeq(), `answered ${method} (id ${JSON.stringify(m.id)})`, { id: m.id, method, ...createdTask });
      return this.transport.send({ jsonrpc: '2.0', id: m.id, ...a }, on);
    });
  }

  private onTransportEvent(e: TransportEvent): void {
    if (e.type === 'closed') this.finish(e.reason);
    if (e.type === 'refused') {
      for (const id of e.ids) {
        const key = idKey(id);
        this.refusedIds.add(key);
        const p = this.pending.get(key);
        if (!p) continue; // answered by the body itself
        clearTimeout(p.timer);
        this.pending.delete(key);
        p.resolve({ kind: 'refused', status: e.status, detail: e.detail });
      }
    }
  }

  private finish(reason: string): void {
    if (this.closeReason) return;
    this.closeReason = reason;
    for (const [key, p] of this.pending) {
      clearTimeout(p.timer);
      p.resolve({ kind: 'closed', reason });
      this.pending.delete(key);
    }
  }

  private tagOwner(seq: number, owner: string): void {
    for (let i = this.wire.entries.length - 1; i >= 0; i--) {
      const e = this.wire.entries[i];
      if (e && e.seq === seq) {
        e.owner = owner;
        return;
      }
      if (e && e.seq < seq) return;
    }
  }

  private observe(kind: Observation['kind'], seq: number | undefined, detail: string, message?: unknown, context?: Record<string, unknown>): void {
    this.observations.add({
      kind,
      seq: seq ?? 0,
      conn: this.wire.conn,
      detail,
      ...(message !== undefined ? { message } : {}),
      ...(context && Object.keys(context).length > 0 ? { context } : {}),
    });
  }
}
