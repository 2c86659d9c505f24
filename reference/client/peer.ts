// Request/response correlation over one channel: ids, per-request timeouts, cancellation in
// the style the transport and era ask for, and dispatch of server requests and notifications
// to the session. Sequential callers, but anything may arrive at any time.
import { isOn } from './faults.js';
import { RpcError, classify, idKey, isObject, notification, request, type Id, type Json } from './jsonrpc.js';
import { verbose } from './log.js';
import { burnCpuForMessage } from './modes/cpu-bound.js';
import { ChannelClosedError, HttpStatusError, type Channel } from './transports/channel.js';

/** stdio and legacy HTTP cancel with a notification; modern HTTP by closing the stream. */
export type CancelStyle = 'notify' | 'close' | 'notify-and-close';

export interface PeerHandlers {
  headersFor(msg: Json): Record<string, string> | undefined;
  cancelStyle(): CancelStyle;
  onRequest(id: Id, method: string, params: Json): void;
  onNotification(method: string, params: Json): void;
}

export interface RequestOptions {
  /** A forced id (faults only); otherwise the next fresh one. */
  id?: Id;
  /** 0: no timeout (long-lived requests such as subscriptions/listen). */
  timeoutMs?: number;
  /** False for initialize and the era probe: they are never cancelled. */
  cancellable?: boolean;
  /** Sent as a JSON-RPC batch of one (a JSON array holding it): faults only. */
  batched?: boolean;
}

export class TimeoutError extends Error {}

interface Pending {
  id: Id;
  method: string;
  resolve(result: Json): void;
  reject(e: unknown): void;
  abort: AbortController;
  timer?: NodeJS.Timeout;
  done: boolean;
}

const QUIET: PeerHandlers = {
  headersFor: () => undefined,
  cancelStyle: () => 'notify',
  onRequest: () => undefined,
  onNotification: () => undefined,
};

export class Peer {
  handlers: PeerHandlers = QUIET;
  /** The id of the last request that got its answer. */
  lastAnswered: Id | undefined;
  /**
   * Until the server's first message, a request waits at least this long: over stdio that
   * first answer includes the server's start, which takes seconds on a busy machine.
   */
  startupMs = 0;
  private heard = false;
  private nextNumber = 1;
  private readonly pending = new Map<string, Pending>();
  /** Who waits for the first progress notification of a token (progressSeen), by idKey. */
  private readonly progressWaiters = new Map<string, (() => void)[]>();
  private closedReason: string | undefined;
  /** Notifications and responses still on their way: a client ending waits for them. */
  private readonly sending = new Set<Promise<void>>();

  constructor(
    readonly channel: Channel,
    readonly timeoutMs: number,
    /** How long a tools/call may take before it is given up (default: timeoutMs). */
    readonly callTimeoutMs: number = timeoutMs,
    /** Ids continue across a transport fallback: the server sees each id once. */
    firstId = 1,
  ) {
    this.nextNumber = firstId;
    channel.setSink({ message: (m) => this.onMessage(m), closed: (r) => this.onClosed(r) });
  }

  nextId(): Id {
    return this.nextNumber++;
  }

  request(method: string, params: Json, opts: RequestOptions = {}): Promise<Json> {
    const id = opts.id ?? this.nextId();
    const msg = request(id, method, params);
    return new Promise<Json>((resolve, reject) => {
      if (this.closedReason) return reject(new ChannelClosedError(this.closedReason));
      const p: Pending = { id, method, resolve, reject, abort: new AbortController(), done: false };
      this.pending.set(idKey(id), p);
      const patience = opts.timeoutMs ?? (method === 'tools/call' ? this.callTimeoutMs : this.timeoutMs);
      const ms = patience > 0 && !this.heard ? Math.max(patience, this.startupMs) : patience;
      if (ms > 0) p.timer = setTimeout(() => this.expire(p, ms, opts.cancellable !== false), ms);
      verbose(`-> ${method} #${String(id)}`);
      this.channel.send(opts.batched ? [msg] : msg, { expectId: id, headers: this.handlers.headersFor(msg), signal: p.abort.signal }).catch((e: unknown) => this.settle(p, undefined, toRpc(e)));
    });
  }

  /** Sends a notification; transport failures are logged, not thrown (nothing waits on it). */
  notify(method: string, params?: Json): Promise<void> {
    const msg = notification(method, params);
    return this.track(this.channel.send(msg, { headers: this.handlers.headersFor(msg) }).catch((e: unknown) => verbose(`notification ${method} not delivered: ${String(e)}`)));
  }

  /** Sends a response (legacy answers to server requests). */
  respond(msg: Json): Promise<void> {
    return this.track(this.channel.send(msg, { headers: this.handlers.headersFor(msg) }).catch((e: unknown) => verbose(`response not delivered: ${String(e)}`)));
  }

  /** Waits for every notification and response still being sent (a timeout's cancellation too). */
  async drain(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private track(sending: Promise<void>): Promise<void> {
    this.sending.add(sending);
    return sending.finally(() => this.sending.delete(sending));
  }

  /** Cancels an in-flight request the way the transport and era want; it is then settled as cancelled. */
  async cancel(id: Id, reason: string): Promise<void> {
    const p = this.pending.get(idKey(id));
    const style = this.handlers.cancelStyle();
    if (style !== 'close') await this.notify('notifications/cancelled', { requestId: id, reason });
    if (style !== 'notify') p?.abort.abort();
    if (p) this.settle(p, undefined, new Error(`cancelled: ${reason}`));
  }

  isPending(id: Id): boolean {
    return this.pending.has(idKey(id));
  }

  private expire(p: Pending, ms: number, cancellable: boolean): void {
    if (p.done) return;
    this.settle(p, undefined, new TimeoutError(`${p.method} got no answer within ${ms} ms`));
    // initialize and the probe are never cancelled; an HTTP stream still waiting for them is just dropped.
    if (!cancellable) {
      if (this.handlers.cancelStyle() !== 'notify') p.abort.abort();
      return;
    }
    // LIFE-030 / CANC-010: a request we stop waiting for is cancelled.
    if (isOn('timeout-not-cancelled')) return;
    const style = this.handlers.cancelStyle();
    if (style !== 'close') void this.notify('notifications/cancelled', { requestId: p.id, reason: 'timeout' });
    if (style !== 'notify') p.abort.abort();
  }

  private settle(p: Pending, result: Json | undefined, error?: unknown): void {
    if (p.done) return;
    p.done = true;
    clearTimeout(p.timer);
    if (this.pending.get(idKey(p.id)) === p) this.pending.delete(idKey(p.id));
    if (error === undefined) {
      this.lastAnswered = p.id;
      p.resolve(result ?? {});
    } else p.reject(error);
  }

  private onMessage(raw: unknown): void {
    this.heard = true;
    burnCpuForMessage();
    try {
      this.dispatch(raw);
    } catch (e) {
      // Whatever a peer sends, a bad frame is dropped, never a crash.
      verbose(`dropping a frame: ${String(e)}`);
    }
  }

  private dispatch(raw: unknown): void {
    const m = classify(raw);
    switch (m.kind) {
      case 'response': {
        const p = this.pending.get(idKey(m.id));
        // CANC-005: an answer to a cancelled or unknown request is ignored.
        if (!p) return verbose(`ignoring a response to unknown id ${JSON.stringify(m.id)}`);
        verbose(`<- ${p.method} #${String(p.id)}${m.error ? ` error ${m.error.code}` : ''}`);
        if (m.error) this.settle(p, undefined, new RpcError(m.error.code, m.error.message, m.error.data));
        else this.settle(p, m.result);
        return;
      }
      case 'request':
        verbose(`<- server request ${m.method} #${String(m.id)}`);
        return this.handlers.onRequest(m.id, m.method, m.params);
      case 'notification':
        verbose(`<- ${m.method}`);
        if (m.method === 'notifications/progress') this.progressCame(m.params);
        return this.handlers.onNotification(m.method, m.params);
      default:
        verbose('ignoring a frame that is not JSON-RPC 2.0');
    }
  }

  /** Resolves at the next progress notification for this token: the server is at work on its request. */
  progressSeen(token: unknown): Promise<void> {
    const key = idKey(token as Id);
    return new Promise((resolve) => this.progressWaiters.set(key, [...(this.progressWaiters.get(key) ?? []), resolve]));
  }

  private progressCame(params: Json): void {
    const key = idKey(params.progressToken as Id);
    for (const resolve of this.progressWaiters.get(key) ?? []) resolve();
    this.progressWaiters.delete(key);
  }

  private onClosed(reason: string): void {
    this.closedReason = reason;
    for (const p of [...this.pending.values()]) this.settle(p, undefined, new ChannelClosedError(reason));
  }

  get closed(): string | undefined {
    return this.closedReason;
  }
}

/** An HTTP error whose body is a JSON-RPC error becomes that error (with the status). */
function toRpc(e: unknown): unknown {
  if (!(e instanceof HttpStatusError)) return e;
  const body = e.json;
  if (isObject(body) && isObject(body.error) && typeof body.error.code === 'number') {
    const message = typeof body.error.message === 'string' ? body.error.message : 'error';
    return new RpcError(body.error.code, message, body.error.data, e.status);
  }
  return e;
}

