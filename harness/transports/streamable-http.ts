// Streamable HTTP (2025-03-26..2026-07-28): every message is a POST; the answer is JSON, an
// SSE stream, or 202. Sockets come from the run's shared agent; close() aborts this transport's own requests.
import { request, type Agent } from 'undici';
import { sharedAgent } from './http-agent.js';
import { RequestGate } from '../pacing/rate-gate.js';
import type { Dispatcher } from 'undici';
import type { ObservationKind } from '../observations.js';
import type { Target, SendMeta, Transport, TransportEvent, TransportOptions } from '../transport.js';
import {
  UNREACHABLE_CODES,
  decodeUtf8,
  describeError,
  errorCode,
  isInitialize,
  isJsonRpcShaped,
  looksJsonRpc,
  pumpSse,
  readCappedBody,
  responseInfo,
  withTimeout,
  type HttpResponseInfo,
} from './http-util.js';
import { bearerFor, refusedToken, withCredentials } from './bearer.js';
import { RawHttp, type HeaderOverrides } from './raw-http.js';
import { SseParser, type SseEvent } from './sse-parser.js';
import { DEFAULT_RETRY_MS, MAX_RESUMES, requestIds, responseIds, type Resume } from './sse-resume.js';
import { notificationsOnly, type JsonRpcId } from '../jsonrpc/types.js';

export type { HttpResponseInfo } from './http-util.js';
export type { HeaderOverrides } from './raw-http.js';

type HttpTarget = Extract<Target, { kind: 'http' }>;

export interface StreamableHttpOptions extends TransportOptions {
  /** Wait for response headers (and a whole JSON body); default connectTimeoutMs. */
  headersTimeoutMs?: number;
  /** Largest JSON body or SSE event; a hostile server can send 100 MB. Default 16 MB. */
  maxBodyBytes?: number;
}

/** What an SSE stream did, for checks on event ids, priming events and stream lifetimes. */
export type SseStreamEvent =
  | { stream: string; kind: 'event'; event: SseEvent }
  | { stream: string; kind: 'end'; reason: string };

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
const DELETE_TIMEOUT_MS = 1000;

export class StreamableHttpTransport implements Transport {
  readonly kind = 'streamable-http' as const;
  /** Headers and body of the most recent POST's response. */
  lastResponse: HttpResponseInfo | undefined;
  /** Raw requests for wire-level checks, recorded in this connection's wire log. */
  readonly raw: RawHttp;
  private readonly agent: Agent;
  private readonly gate: RequestGate;
  private readonly headersTimeoutMs: number;
  private readonly maxBody: number;
  private messageHandlers: ((m: unknown, seq?: number) => void)[] = [];
  private eventHandlers: ((e: TransportEvent) => void)[] = [];
  private sseHandlers: ((e: SseStreamEvent) => void)[] = [];
  private readonly active = new Set<AbortController>();
  private readonly tasks = new Set<Promise<void>>();
  private sid: string | undefined;
  private protocolVersion: string | undefined;
  private isClosed = false;
  /** Set first thing in close(), so everything aborted from then on knows why. */
  private closeRequested = false;
  holdsStreams = false;
  private closing: Promise<void> | undefined;
  private counter = 0;
  /** POST, GET and DELETE requests made (raw ones are counted by `raw`). */
  private requestsMade = 0;
  /** Resumptions waiting for their `retry` delay (cleared by close()). */
  private readonly resumeTimers = new Set<NodeJS.Timeout>();
  /** Ids of requests the client cancelled (JSON text). */
  private readonly cancelled = new Set<string>();

  constructor(
    private readonly target: HttpTarget,
    private readonly opts: StreamableHttpOptions,
  ) {
    this.headersTimeoutMs = opts.headersTimeoutMs ?? opts.connectTimeoutMs;
    this.maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
    // Our own timers bound headers and JSON bodies; SSE bodies may idle until close().
    this.agent = sharedAgent(opts.connectTimeoutMs);
    this.gate = opts.gate ?? new RequestGate();
    this.raw = new RawHttp(opts.wire, target, this.headersTimeoutMs, this.gate);
  }

  /** The MCP endpoint. */
  get url(): string {
    return this.target.url;
  }

  /** HTTP has no connect step; nothing is sent before the first message. */
  async open(): Promise<void> {}

  get closed(): boolean {
    return this.isClosed;
  }

  get sessionId(): string | undefined {
    return this.sid;
  }

  get httpExchanges(): number {
    return this.requestsMade + this.raw.sent;
  }

  onMessage(handler: (message: unknown, seq?: number) => void): void {
    this.messageHandlers.push(handler);
  }

  onEvent(handler: (event: TransportEvent) => void): void {
    this.eventHandlers.push(handler);
  }

  onSseEvent(handler: (event: SseStreamEvent) => void): void {
    this.sseHandlers.push(handler);
  }

  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  async send(message: unknown, opts: SendMeta = {}): Promise<void> {
    const { owner, headers } = opts;
    // A cancelled request's response is not awaited any more: its stream is not resumed.
    const m = message as { method?: unknown; params?: { requestId?: unknown } } | null;
    if (m?.method === 'notifications/cancelled' && m.params?.requestId !== undefined) this.cancelled.add(JSON.stringify(m.params.requestId));
    await this.post(JSON.stringify(message) ?? 'null', { owner, ...(headers ? { headers } : {}), ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}) });
  }

  async sendRaw(text: string, opts?: { owner?: string; noNewline?: boolean }): Promise<void> {
    await this.post(text, { owner: opts?.owner });
  }

  /**
   * POST a body as is, with optional header changes. Never throws for network trouble.
   * Resolves with the response's status and headers (`label` names its SSE stream, if any)
   * once the body is read or the stream is handed to the background; undefined if none came.
   */
  /** `timeoutMs`: the wait for the answer's headers and JSON body, if longer than the connection's. */
  async post(body: string, opts: { owner?: string; headers?: HeaderOverrides; timeoutMs?: number } = {}): Promise<HttpResponseInfo | undefined> {
    const { owner } = opts;
    if (this.closeRequested) {
      this.opts.wire.record('event', 'POST not sent: the transport is closed', owner);
      return undefined;
    }
    const label = `POST#${++this.counter}`;
    this.opts.wire.record('out', body, owner);
    const headers = this.headers({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, opts.headers);
    const waitMs = Math.max(this.headersTimeoutMs, opts.timeoutMs ?? 0);
    const sent = await this.request('POST', label, headers, body, owner, waitMs, opts.headers);
    if (!sent) return undefined;
    const { res, ac } = sent;
    const info = responseInfo(res);
    info.label = label;
    this.lastResponse = info;
    if (info.status >= 200 && info.status < 300 && isInitialize(body)) {
      const sid = info.headers['mcp-session-id'];
      if (sid !== undefined) this.sid = sid;
    }
    const ok = info.status >= 200 && info.status < 300;
    if (ok && info.status !== 202 && info.status !== 204 && info.contentType === 'text/event-stream') {
      this.stream(label, res, ac, owner, { pending: requestIds(body), attempts: 0 });
      return info;
    }
    const text = await this.readBody(label, res, ac, owner, waitMs);
    info.body = text;
    if (!ok) {
      // Servers put JSON-RPC errors in 4xx bodies; deliver them, and always report the status.
      // The body of a refused POST of notifications answers nothing: the peer never sees it
      // (the wire log keeps it).
      if (looksJsonRpc(text) && !notificationsOnly(body)) this.deliverJson(text, owner);
      const detail = `HTTP ${info.status} on POST${text ? `: ${text.slice(0, 200)}` : ''}`;
      const entry = this.opts.wire.record('event', detail, owner);
      this.noteStatus(entry.seq, 'POST', info);
      this.emit({ type: 'http-status', status: info.status, method: 'POST', detail });
      // Requests the refusal answered with no response of theirs (an id-null error, no body):
      // nothing more will come for them, so nobody waits out a timeout.
      const answered = new Set(looksJsonRpc(text) ? responseIds(text) : []);
      const ids = [...requestIds(body)].filter((key) => !answered.has(key)).map((key) => JSON.parse(key) as JsonRpcId);
      if (ids.length > 0) this.emit({ type: 'refused', ids, status: info.status, detail: text ? text.slice(0, 200) : 'no body' });
    } else if (info.status === 202 || info.status === 204 || text === '') {
      this.opts.wire.record('event', `HTTP ${info.status}${text ? ` with a body: ${text}` : ''}`, owner);
    } else {
      if (info.contentType !== 'application/json') {
        this.opts.wire.record('event', `HTTP ${info.status} with Content-Type "${info.contentType}"`, owner);
      }
      this.deliverJson(text, owner);
    }
    return info;
  }

  /** GET the endpoint for server-initiated messages; a 200 SSE stream is read until close. */
  async openGetStream(opts: { lastEventId?: string; owner?: string; headers?: HeaderOverrides } = {}, resume?: Resume): Promise<HttpResponseInfo> {
    const { owner } = opts;
    if (this.closeRequested) return { status: 0, headers: {}, contentType: '' };
    // A resumption is labelled apart: responses on it are allowed (transports#listening-...).
    const label = `${resume ? 'RESUME' : 'GET'}#${++this.counter}`;
    const extra: HeaderOverrides = { ...(opts.lastEventId !== undefined ? { 'Last-Event-ID': opts.lastEventId } : {}), ...opts.headers };
    this.opts.wire.record('event', `${label} Accept: text/event-stream${opts.lastEventId !== undefined ? `, Last-Event-ID: ${opts.lastEventId}` : ''}`, owner);
    const sent = await this.request('GET', label, this.headers({ Accept: 'text/event-stream' }, extra), undefined, owner, this.headersTimeoutMs, extra);
    if (!sent) return { status: 0, headers: {}, contentType: '' };
    const info = responseInfo(sent.res);
    if (info.status === 200 && info.contentType === 'text/event-stream') {
      this.holdsStreams = true;
      this.opts.wire.record('event', `${label} HTTP 200: SSE stream open`, owner);
      this.stream(label, sent.res, sent.ac, owner, resume);
    } else {
      info.body = await this.readBody(label, sent.res, sent.ac, owner);
      const entry = this.opts.wire.record('event', `${label} HTTP ${info.status}${info.body ? `: ${info.body.slice(0, 200)}` : ''}`, owner);
      if (info.status >= 300) this.noteStatus(entry.seq, 'GET', info);
    }
    info.label = label;
    return info;
  }

  /** DELETE the session (kept afterwards so checks can probe the dead id); status 0 on failure. */
  async deleteSession(timeoutMs = DELETE_TIMEOUT_MS): Promise<{ status: number }> {
    if (this.sid === undefined) return { status: 0 };
    const label = `DELETE#${++this.counter}`;
    this.opts.wire.record('event', `${label} Mcp-Session-Id: ${this.sid}`);
    const sent = await this.request('DELETE', label, this.headers({}), undefined, undefined, timeoutMs);
    if (!sent) return { status: 0 };
    await this.readBody(label, sent.res, sent.ac, undefined, timeoutMs);
    this.opts.wire.record('event', `${label} HTTP ${sent.res.statusCode}`);
    return { status: sent.res.statusCode };
  }

  /** Abort every request and stream, end the session, destroy the sockets. Never hangs. */
  close(): Promise<void> {
    this.closeRequested = true;
    this.closing ??= (async () => {
      for (const timer of this.resumeTimers) clearTimeout(timer);
      for (const ac of this.active) ac.abort();
      await withTimeout(Promise.allSettled([...this.tasks]), DELETE_TIMEOUT_MS);
      if (this.sid !== undefined) await this.deleteSession();
      await this.raw.close();
      this.markClosed('closed by the harness');
    })();
    return this.closing;
  }

  private headers(base: Record<string, string>, overrides?: HeaderOverrides): Record<string, string> {
    // Header names are case-insensitive: later sources replace earlier ones whatever their case.
    const merged = new Map<string, [string, string | null]>();
    const put = (src: Record<string, string | null> | undefined) => {
      for (const [k, v] of Object.entries(src ?? {})) merged.set(k.toLowerCase(), [k, v]);
    };
    put(base);
    put(this.target.headers);
    if (this.sid !== undefined) put({ 'Mcp-Session-Id': this.sid });
    // The header exists from 2025-06-18 on; dates compare correctly as strings.
    if (this.protocolVersion !== undefined && this.protocolVersion >= '2025-06-18') {
      put({ 'MCP-Protocol-Version': this.protocolVersion });
    }
    put(overrides);
    const out: Record<string, string> = {};
    for (const [name, value] of merged.values()) if (value !== null) out[name] = value;
    return out;
  }

  private async request(
    method: 'POST' | 'GET' | 'DELETE',
    label: string,
    headers: Record<string, string>,
    body: string | undefined,
    owner: string | undefined,
    timeoutMs = this.headersTimeoutMs,
    overrides?: HeaderOverrides,
  ): Promise<{ res: Dispatcher.ResponseData; ac: AbortController } | undefined> {
    this.requestsMade++;
    const bearer = await bearerFor(this.target, overrides);
    const ac = new AbortController();
    this.active.add(ac);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort();
    }, timeoutMs);
    try {
      // A rate limit is waited out and the same request sent again, within this request's time.
      const gated = { label, signal: ac.signal, deadline: performance.now() + timeoutMs, record: (text: string) => { this.opts.wire.record('event', text, owner); } };
      const send = (token: string | undefined) => {
        const sent = token !== undefined ? { ...headers, Authorization: `Bearer ${token}` } : headers;
        return this.gate.send(gated, () => request(this.target.url, { dispatcher: this.agent, method, headers: sent, body, signal: ac.signal }));
      };
      let res = await send(bearer);
      // The token expired or was revoked under us: a new one, and this request once more.
      if (bearer !== undefined && this.target.tokens && refusedToken(res.statusCode, res.headers['www-authenticate'])) {
        const fresh = await this.target.tokens.refused(bearer);
        if (fresh !== undefined && fresh !== bearer) {
          await res.body.dump();
          this.opts.wire.record('event', `${label} HTTP 401 invalid_token: sent again with a renewed token`, owner);
          this.target.tokens.noteRetry();
          res = await send(fresh);
        }
      }
      return { res, ac };
    } catch (err) {
      this.active.delete(ac);
      const code = errorCode(err);
      const detail = timedOut
        ? `No response headers to ${method} within ${timeoutMs} ms.`
        : this.closeRequested && method !== 'DELETE'
          ? `${method} aborted because the transport is closing.`
          : describeError(code, err, this.target.url);
      this.opts.wire.record('event', `${label} failed: ${detail}`, owner);
      // During close() an aborted request is expected, not news for the peer.
      if (method !== 'DELETE' && !this.closeRequested) this.emit({ type: 'http-status', status: 0, method, detail });
      // A refused connection or an unknown host will not get better: nothing more can arrive.
      if (!timedOut && code !== undefined && UNREACHABLE_CODES.has(code)) this.markClosed(detail);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Read a whole non-SSE body, bounded in size and time; "" when it could not be read. */
  private async readBody(
    label: string,
    res: Dispatcher.ResponseData,
    ac: AbortController,
    owner: string | undefined,
    timeoutMs = this.headersTimeoutMs,
  ): Promise<string> {
    const read = await readCappedBody(res.body, { maxBytes: this.maxBody, timeoutMs, abort: () => ac.abort() });
    this.active.delete(ac);
    if (read.problem !== undefined) {
      this.opts.wire.record('event', `${label} ${read.problem}`, owner);
      return '';
    }
    const { text, valid } = decodeUtf8(read.bytes);
    if (!valid) this.observe('invalid-utf8', `${label} body is not valid UTF-8`, owner);
    return text;
  }

  /** Read an SSE body in the background until it ends, breaks, overflows or close(). */
  private stream(label: string, res: Dispatcher.ResponseData, ac: AbortController, owner: string | undefined, resume?: Resume): void {
    let lastEventId = '';
    let retry: number | undefined;
    let overflow = false;
    const task = (async () => {
      let reason = 'ended by the server';
      const parser = new SseParser((event) => {
        lastEventId = event.lastEventId;
        retry = event.retry ?? retry;
        if (resume && event.hasData) for (const id of responseIds(event.data)) resume.pending.delete(id);
        this.onSse(label, event, owner);
      }, {
        maxEventChars: this.maxBody,
        onOverflow: (chars) => {
          overflow = true;
          reason = `cut off: an event over ${this.maxBody} characters (${chars} so far)`;
        },
        onInvalidUtf8: () => this.observe('invalid-utf8', `${label} SSE stream is not valid UTF-8`, owner),
      });
      reason = (await pumpSse(res.body, parser, () => this.closeRequested)) ?? reason;
      ac.abort();
      this.active.delete(ac);
      this.opts.wire.record('event', `${label} SSE stream ${reason}`, owner);
      this.call(this.sseHandlers, { stream: label, kind: 'end', reason });
      // Resume when the connection broke, or when the server asked for polling (a `retry`
      // field, 2025-11-25); a stream ended without either was terminated by the server.
      const broke = reason.startsWith('broke off');
      if (resume && !overflow && (broke || (retry ?? resume.retry) !== undefined)) this.resumeLater(resume, lastEventId, retry ?? resume.retry, owner);
    })();
    this.tasks.add(task);
    void task.catch(() => {}).finally(() => this.tasks.delete(task));
  }

  /**
   * A stream that ended before the responses to its requests, after an event id: GET with
   * Last-Event-ID once `retry` ms have passed (transports#resumability-and-redelivery;
   * 2025-11-25 servers may close the connection on purpose and expect this polling). A few times at most.
   */
  private resumeLater(resume: Resume, lastEventId: string, retry: number | undefined, owner: string | undefined): void {
    for (const id of resume.pending) if (this.cancelled.has(id)) resume.pending.delete(id);
    if (this.closeRequested || resume.pending.size === 0 || lastEventId === '' || resume.attempts >= MAX_RESUMES) return;
    const delay = Math.min(retry ?? DEFAULT_RETRY_MS, this.headersTimeoutMs);
    this.opts.wire.record('event', `resuming after ${delay} ms with Last-Event-ID: ${lastEventId} (${resume.pending.size} response(s) outstanding)`, owner);
    const timer = setTimeout(() => {
      this.resumeTimers.delete(timer);
      const next: Resume = { pending: resume.pending, attempts: resume.attempts + 1, ...(retry !== undefined ? { retry } : {}) };
      if (!this.closeRequested) void this.openGetStream({ lastEventId, ...(owner ? { owner } : {}) }, next);
    }, delay);
    this.resumeTimers.add(timer);
  }

  private onSse(label: string, event: SseEvent, owner: string | undefined): void {
    this.call(this.sseHandlers, { stream: label, kind: 'event', event });
    if (!event.hasData || event.data === '') {
      const id = event.id !== undefined ? ` id=${event.id}` : '';
      const retry = event.retry !== undefined ? ` retry=${event.retry}` : '';
      this.opts.wire.record('event', `${label} SSE event without data${id}${retry}`, owner);
      return;
    }
    this.deliverJson(event.data, owner);
  }

  /** Record and deliver one JSON frame (a batch array is one frame; the peer splits it). */
  private deliverJson(text: string, owner: string | undefined): void {
    const entry = this.opts.wire.record('in', text, owner);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.addObservation('not-json-line', entry.seq, `HTTP body or SSE data is not one JSON value: ${text.slice(0, 200)}`);
      return;
    }
    if (!isJsonRpcShaped(value)) {
      this.addObservation('not-jsonrpc', entry.seq, 'HTTP body or SSE data is JSON but not a JSON-RPC message object', value);
      return;
    }
    this.call(this.messageHandlers, value, entry.seq);
  }

  /** Note a fact about the wire, with an event entry to point at. */
  private observe(kind: ObservationKind, detail: string, owner: string | undefined): void {
    const entry = this.opts.wire.record('event', detail, owner);
    this.addObservation(kind, entry.seq, detail);
  }

  private addObservation(kind: ObservationKind, seq: number, detail: string, message?: unknown): void {
    this.opts.observations.add({ kind, seq, conn: this.opts.wire.conn, detail, ...(message !== undefined ? { message } : {}) });
  }

  /** A refusal (4xx/5xx) is a fact passive checks judge (e.g. the challenge of a 401 or 403). */
  private noteStatus(seq: number, method: string, info: HttpResponseInfo): void {
    const challenge = info.headers['www-authenticate'];
    const withAuthorization = withCredentials(this.target);
    this.opts.observations.add({
      kind: 'http-status',
      seq,
      conn: this.opts.wire.conn,
      detail: `HTTP ${info.status} on ${method}${challenge !== undefined ? ` (WWW-Authenticate: ${challenge})` : ''}`,
      context: { status: info.status, method, withAuthorization, ...(challenge !== undefined ? { wwwAuthenticate: challenge } : {}) },
    });
  }

  private emit(event: TransportEvent): void {
    this.call(this.eventHandlers, event);
  }

  /** A throwing handler is the receiver's bug; it must not break the stream it came from. */
  private call<T>(handlers: ((value: T, seq?: number) => void)[], value: T, seq?: number): void {
    for (const h of handlers) {
      try {
        h(value, seq);
      } catch (err) {
        this.opts.wire.record('event', `A transport handler threw: ${(err as Error)?.message ?? String(err)}`);
      }
    }
  }

  private markClosed(reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.emit({ type: 'closed', reason });
  }
}
