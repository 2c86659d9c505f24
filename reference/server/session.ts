// One MCP session (a stdio process, or one Mcp-Session-Id on HTTP): lifecycle state,
// dispatch of requests and notifications, batches, cancellation, log level and
// server-initiated requests. Transports hand it parsed values and a Channel to answer on.
import { isOn } from './faults.js';
import { fuzzFaultHook } from './fuzz-hooks.js';
import {
  ErrorCode,
  RpcError,
  classify,
  errorResponse,
  isPlainObject,
  isResponse,
  notification,
  resultResponse,
  type Id,
  type Inbound,
  type Outbound,
} from './jsonrpc.js';
import { arrayElementTexts } from './rawjson.js';
import { METHODS, NOTIFICATIONS } from './handlers/index.js';
import { NEWEST, atLeast, type AnyRevision, type Revision } from './revisions.js';
import { LOG_LEVELS, type LogLevel } from './handlers/logging.js';
import { newConnectionMemory, type ConnectionMemory } from './modern/connection.js';
import { isModernRequest, serveModern, type ModernOptions } from './modern/dispatch.js';
import type { RequestMeta } from './modern/meta.js';
import { answerChannel, dropHeldAnswer } from './modes/answer-delay.js';
import { burnCpuForRequest } from './modes/cpu-bound.js';
import { lostFirst } from './modes/lose-first.js';
import { NEVER, neverAnswered } from './modes/never-answer.js';
import { framedAnswer } from './handlers/server-initiated.js';

export interface SendInfo {
  /** For a response: the method of the request it answers. */
  answers?: string;
  /** For an error response on HTTP: the status its rule wants (2026-07-28). */
  status?: number;
}

/** Where outbound messages go; the transport decides how they reach the wire. */
export interface Channel {
  send(msg: Outbound, info?: SendInfo): void;
  /** Several messages in one write, where the transport can (stdio): they reach the reader together. */
  sendTogether?(msgs: Outbound[]): void;
}

/** The client's answer to a server request (Session.requestClient). */
export type ClientAnswer = { result: unknown } | { error: unknown };

/** What a request handler gets. */
export interface RequestContext {
  readonly session: Session;
  readonly id: Id;
  readonly params: Record<string, unknown>;
  readonly signal: AbortSignal;
  /** The negotiated revision (the newest before initialize, where only ping and initialize run); 2026-07-28 for modern requests. */
  readonly revision: AnyRevision;
  /** Set for a modern (2026-07-28) request: its per-request fields and method. */
  readonly modern?: ModernInfo;
  /** A notification related to this request (progress, log), sent before its response. */
  notify(method: string, params: Record<string, unknown>): void;
  /** A log message, sent only if logging/setLevel asked for this level or a lower one. */
  log(level: LogLevel, data: unknown): void;
  /** Runs right after the response has been handed to the channel. */
  after(fn: () => void): void;
  /** The channel this request arrived on. */
  readonly channel: Channel;
}

export interface ModernInfo {
  readonly method: string;
  readonly meta: RequestMeta;
  /** What the connection remembers; only faults read it (modern/connection.ts). */
  readonly conn: ConnectionMemory;
}

/** How one request runs: the era's view of it (execute below). */
export interface ExecOptions {
  revision: AnyRevision;
  modern?: ModernInfo;
  /** Sends a log message if this request asked for its level. */
  log(ctx: RequestContext, level: LogLevel, data: unknown): void;
  /** Turns a handler's result into the result sent (modern: resultType, serverInfo, caching). */
  decorate?(result: unknown): unknown;
}

export type RequestHandler = (ctx: RequestContext) => unknown;

/** The cheapest request of each era (ping; server/discover at 2026-07-28). */
const FENCES: ReadonlySet<string> = new Set(['ping', 'server/discover']);

/** basic#meta: a fault puts a key that breaks the _meta key grammar into tools/list results. */
function badMetaKey(method: string, result: unknown): unknown {
  if (method !== 'tools/list' || !isOn('meta-key-invalid') || !isPlainObject(result)) return result;
  const meta = isPlainObject(result._meta) ? result._meta : {};
  return { ...result, _meta: { ...meta, _private: true } };
}
export type NotificationHandler = (session: Session, params: Record<string, unknown>) => void;

export interface MethodEntry {
  handler: RequestHandler;
  /** The first revision that has the method (absent: all). */
  since?: Revision;
  /** Does a session at its revision serve the method? (For what `since` cannot say: core tasks.) */
  offered?: (rev: Revision) => boolean;
}

export type LifecycleState = 'new' | 'initializing' | 'ready';

export type Request = Extract<Inbound, { kind: 'request' }>;

export interface ReceiveOutcome {
  /** The input as a whole was not a usable message (HTTP answers 400). */
  rejected: boolean;
  /** The input held at least one request. */
  hadRequests: boolean;
}

export class Session {
  state: LifecycleState = 'new';
  revision: Revision | null = null;
  protocolVersion: string | null = null;
  clientCapabilities: Record<string, unknown> = {};
  logLevel: LogLevel | null = null;
  readonly notes: string[] = [];
  private readonly inflight = new Map<string, AbortController>();
  /** Ids of recently answered requests, so a late cancellation can be told from an unknown one. */
  private readonly finished = new Set<string>();
  private readonly outbound = new Set<string>();
  /** Server requests awaiting the client's answer (requestClient), by id. */
  private readonly awaited = new Map<string, (answer: ClientAnswer) => void>();
  /** Waiters for notifications/tasks/status, by taskId (only a fault waits on them). */
  readonly taskStatusWaiters = new Map<string, (params: Record<string, unknown>) => void>();
  private nextOutboundId = 1;
  private closed = false;
  /** The modern requests' view of this stdio process or HTTP connection (faults only). */
  readonly conn: ConnectionMemory = newConnectionMemory();

  /**
   * `unrelated`: where messages that belong to no client request go. `modern`: every request
   * is a 2026-07-28 one (a modern HTTP POST); otherwise each request's _meta decides.
   */
  constructor(
    readonly unrelated: Channel,
    private readonly modern?: ModernOptions,
  ) {}

  async receive(value: unknown, text: string | undefined, channel: Channel): Promise<ReceiveOutcome> {
    // --answer-delay (modes/answer-delay.ts): the responses to this input are held before they go out.
    const held = answerChannel(this, channel, () => !this.closed);
    if (!held) return this.receiveNow(value, text, channel);
    try {
      return await this.receiveNow(value, text, held.channel);
    } finally {
      await held.sent();
    }
  }

  private async receiveNow(value: unknown, text: string | undefined, channel: Channel): Promise<ReceiveOutcome> {
    if (fuzzFaultHook(value, text, channel, this)) return { rejected: false, hadRequests: false };
    if (!Array.isArray(value)) {
      const msg = classify(value, text);
      if (msg.kind === 'invalid') {
        channel.send(errorResponse(msg.id, ErrorCode.InvalidRequest, msg.reason, undefined, msg.rawId));
        return { rejected: true, hadRequests: false };
      }
      await this.handle(msg, channel);
      return { rejected: false, hadRequests: msg.kind === 'request' };
    }
    // An empty array is an invalid request (JSON-RPC 2.0 batch): one error object.
    if (value.length === 0) {
      if (!isOn('empty-batch-ignored')) channel.send(errorResponse(null, ErrorCode.InvalidRequest, 'Invalid Request: an empty batch'));
      return { rejected: true, hadRequests: false };
    }
    // basic#batching exists only in 2025-03-26 ("MUST support receiving JSON-RPC batches").
    const batching = this.revision === '2025-03-26';
    if (!batching || isOn('batch-rejected')) {
      const why = 'batches are only accepted when 2025-03-26 was negotiated';
      channel.send(errorResponse(null, ErrorCode.InvalidRequest, `Invalid Request: ${why}`));
      return { rejected: true, hadRequests: false };
    }
    const texts = text === undefined ? [] : arrayElementTexts(text);
    const responses: Record<string, unknown>[] = [];
    const batch: Channel = {
      send: (msg, info) => {
        if (isResponse(msg) && !Array.isArray(msg)) responses.push(msg);
        else channel.send(msg, info);
      },
    };
    const msgs = value.map((v, i) => classify(v, texts[i]));
    await Promise.all(msgs.map((m) => this.handle(m, batch)));
    // JSON-RPC 2.0: the responses to a batch go back as one array.
    if (isOn('batch-not-array')) for (const r of responses) channel.send(r);
    else if (responses.length > 0) channel.send(responses);
    return { rejected: false, hadRequests: msgs.some((m) => m.kind === 'request') };
  }

  /** Ends the session: running requests are abandoned without a response. */
  close(): void {
    this.closed = true;
    for (const ac of this.inflight.values()) ac.abort();
    this.inflight.clear();
  }

  /** Sends a server-initiated request; the client's answer is accepted and ignored. */
  sendRequest(method: string, params: Record<string, unknown>, channel: Channel): void {
    const id = this.nextOutboundId++;
    this.outbound.add(JSON.stringify(id));
    channel.send({ jsonrpc: '2.0', id, method, params });
  }

  /**
   * Sends a server request and waits for the client's answer (a related request goes on the
   * channel of the request it serves). `id`: the request's id, known at once (to cancel it by).
   */
  requestClient(method: string, params: Record<string, unknown>, channel: Channel, timeoutMs = 30_000): { id: Id; answer: Promise<ClientAnswer> } {
    const id = this.nextOutboundId++;
    const key = JSON.stringify(id);
    this.outbound.add(key);
    const answer = new Promise<ClientAnswer>((resolve) => {
      const timer = setTimeout(() => {
        this.awaited.delete(key);
        resolve({ error: { code: ErrorCode.InternalError, message: `no answer to ${method} within ${timeoutMs} ms` } });
      }, timeoutMs);
      timer.unref?.();
      this.awaited.set(key, (a) => {
        clearTimeout(timer);
        resolve(a);
      });
    });
    channel.send({ jsonrpc: '2.0', id, method, params });
    return { id, answer };
  }

  /** Cancels an in-flight request; says whether the id was running, already answered, or unknown. */
  cancel(requestId: Id): 'cancelled' | 'finished' | 'unknown' {
    const key = JSON.stringify(requestId);
    const ac = this.inflight.get(key);
    if (ac) {
      // basic/utilities/cancellation: the receiver SHOULD stop processing and not respond.
      if (!isOn('cancel-still-responds')) ac.abort();
      return 'cancelled';
    }
    // --answer-delay: an answer not yet sent is still cancellable.
    if (!isOn('cancel-still-responds') && dropHeldAnswer(this, requestId)) return 'cancelled';
    return this.finished.has(key) ? 'finished' : 'unknown';
  }

  private async handle(msg: Inbound, channel: Channel): Promise<void> {
    switch (msg.kind) {
      case 'invalid':
        channel.send(errorResponse(msg.id, ErrorCode.InvalidRequest, msg.reason, undefined, msg.rawId));
        return;
      case 'response':
        if (msg.id !== null) {
          const key = JSON.stringify(msg.id);
          this.outbound.delete(key);
          const waiter = this.awaited.get(key);
          this.awaited.delete(key);
          waiter?.('result' in msg ? { result: msg.result } : { error: msg.error });
        }
        return;
      case 'notification':
        this.onNotification(msg.method, msg.params, channel);
        return;
      case 'request':
        burnCpuForRequest(); // --cpu-bound (modes/cpu-bound.ts)
        if (neverAnswered(msg)) return NEVER; // --never-answer (modes/never-answer.ts)
        if (lostFirst(msg)) return NEVER; // --lose-first (modes/lose-first.ts)
        if (isOn('ping-ignored-before-initialized') && msg.method === 'ping' && this.state === 'initializing') return NEVER;
        await this.onRequest(msg, channel);
    }
  }

  private onNotification(method: string, params: unknown, channel: Channel): void {
    const handler = Object.prototype.hasOwnProperty.call(NOTIFICATIONS, method) ? NOTIFICATIONS[method] : undefined;
    if (!handler) {
      // basic#notifications: the receiver MUST NOT send a response; unknown ones are ignored.
      if (isOn('answers-notifications')) channel.send(errorResponse(null, ErrorCode.MethodNotFound, `Method not found: ${method}`));
      return;
    }
    // Invalid notifications SHOULD be ignored (basic/utilities/cancellation): never answer.
    handler(this, isPlainObject(params) ? params : {});
  }

  private async onRequest(req: Request, channel: Channel): Promise<void> {
    // basic/versioning#compatibility-matrix: modern _meta selects 2026-07-28, per message.
    if (this.modern || isModernRequest(req)) return serveModern(this, req, channel, this.modern ?? { conn: this.conn });
    if (this.state === 'new' && req.method !== 'initialize' && req.method !== 'ping') {
      return this.fail(req, channel, new RpcError(ErrorCode.InvalidRequest, `Server not initialized: send initialize before ${req.method}`));
    }
    const entry = Object.prototype.hasOwnProperty.call(METHODS, req.method) ? METHODS[req.method] : undefined;
    const revision = this.revision ?? NEWEST;
    const available = entry && (!entry.since || atLeast(revision, entry.since)) && (!entry.offered || entry.offered(revision));
    if (!entry || !available) return this.unknownMethod(req, channel, new RpcError(ErrorCode.MethodNotFound, `Method not found: ${req.method}`));
    await this.execute(req, channel, entry.handler, { revision, log: (ctx, level, data) => this.legacyLog(ctx, level, data) });
  }

  /** logging#setting-log-level: only what logging/setLevel asked for. */
  private legacyLog(ctx: RequestContext, level: LogLevel, data: unknown): void {
    if (this.logLevel !== null && LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(this.logLevel)) {
      ctx.notify('notifications/message', { level, logger: 'mcp-conformance-reference', data });
    }
  }

  /** Answers a request (unless the session ended). */
  answer(req: Request, channel: Channel, body: { result: unknown } | { error: RpcError }): void {
    if (this.closed) return;
    const msg =
      'result' in body
        ? resultResponse(req.id, body.result, req.rawId)
        : errorResponse(req.id, body.error.code, body.error.message, body.error.data, req.rawId);
    const status = 'error' in body ? body.error.httpStatus : undefined;
    channel.send(framedAnswer(req.method, msg), { answers: req.method, ...(status !== undefined ? { status } : {}) });
    // The era's fence (ping; server/discover at 2026-07-28), answered twice under a fault (its
    // results only: a refusal keeps its HTTP status).
    if ('result' in body && FENCES.has(req.method) && isOn('double-response-ping')) channel.send(msg, { answers: req.method });
  }

  fail(req: Request, channel: Channel, error: RpcError): void {
    this.answer(req, channel, { error });
  }

  /** basic#messages: an unknown method is -32601 in both eras (faults answer a result, decorated for its era, or another code). */
  unknownMethod(req: Request, channel: Channel, error: RpcError, decorate?: (result: unknown) => unknown): void {
    if (isOn('unknown-method-wrong-code')) return this.fail(req, channel, new RpcError(ErrorCode.InvalidRequest, error.message, undefined, error.httpStatus));
    if (!isOn('unknown-method-result')) return this.fail(req, channel, error);
    this.answer(req, channel, { result: decorate ? decorate({}) : {} });
  }

  /** Runs a handler as an in-flight (cancellable) request and answers it; both eras. */
  async execute(req: Request, channel: Channel, handler: RequestHandler, opts: ExecOptions): Promise<void> {
    if (req.params !== undefined && !isPlainObject(req.params)) {
      return this.fail(req, channel, new RpcError(ErrorCode.InvalidParams, 'Invalid params: params must be an object'));
    }
    // basic#meta: _meta is an object; 2026-07-28 requestState is a string (multi round-trip).
    const meta = isPlainObject(req.params) ? req.params._meta : undefined;
    if (meta !== undefined && !isPlainObject(meta)) return this.fail(req, channel, new RpcError(ErrorCode.InvalidParams, 'Invalid params: _meta must be an object'));
    const state = isPlainObject(req.params) ? req.params.requestState : undefined;
    if (opts.modern && state !== undefined && typeof state !== 'string') return this.fail(req, channel, new RpcError(ErrorCode.InvalidParams, 'Invalid params: requestState must be a string'));
    const key = JSON.stringify(req.id);
    const ac = new AbortController();
    this.inflight.set(key, ac);
    const afterHooks: (() => void)[] = [];
    const ctx: RequestContext = {
      // A modern request gets a session of its own: nothing it does outlives it (basic#statelessness).
      session: opts.modern ? new Session(channel) : this,
      id: req.id,
      params: req.params ?? {},
      signal: ac.signal,
      revision: opts.revision,
      ...(opts.modern ? { modern: opts.modern } : {}),
      channel,
      notify: (method, params) => {
        if (!ac.signal.aborted && !this.closed) channel.send(notification(method, params));
      },
      log: (level, data) => opts.log(ctx, level, data),
      after: (fn) => afterHooks.push(fn),
    };
    try {
      // Synchronous handlers answer synchronously, so answers keep the order of the requests.
      const pending = handler(ctx);
      const result = pending instanceof Promise ? ((await pending) as unknown) : pending;
      if (ac.signal.aborted) return; // basic/utilities/cancellation: no response after a cancellation
      this.answer(req, channel, { result: badMetaKey(req.method, opts.decorate ? opts.decorate(result) : result) });
    } catch (e) {
      if (ac.signal.aborted) return;
      if (e instanceof RpcError) this.fail(req, channel, e);
      else {
        process.stderr.write(`reference server: internal error in ${req.method}: ${(e as Error).stack ?? String(e)}\n`);
        this.fail(req, channel, new RpcError(ErrorCode.InternalError, 'Internal error'));
      }
    } finally {
      if (this.inflight.get(key) === ac) this.inflight.delete(key);
      this.finished.add(key);
      if (this.finished.size > 1000) this.finished.delete(this.finished.values().next().value as string);
    }
    for (const fn of afterHooks) fn();
  }
}
