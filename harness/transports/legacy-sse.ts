// The HTTP+SSE transport of 2024-11-05 (basic/transports#http-with-sse): GET opens an SSE
// stream whose `endpoint` event names the URL to POST messages to; every server message comes
// back as an SSE `message` event on that one stream. The stream is the session: when it ends,
// the connection is over. Opened lazily (first send, or open()), so a check can take the
// connection for raw requests without starting a session.
import { request, type Agent } from 'undici';
import { sharedAgent } from './http-agent.js';
import { RequestGate } from '../pacing/rate-gate.js';
import type { Dispatcher } from 'undici';
import type { ObservationKind } from '../observations.js';
import type { Target, SendMeta, Transport, TransportEvent, TransportOptions } from '../transport.js';
import { decodeUtf8, describeError, errorCode, isJsonRpcShaped, looksJsonRpc, pumpSse, readCappedBody, responseInfo, withTimeout, type HttpResponseInfo } from './http-util.js';
import { bearerFor } from './bearer.js';
import { RawHttp, mayCarryCredentials, mergeHeaders, type HeaderOverrides } from './raw-http.js';
import { SseParser, type SseEvent } from './sse-parser.js';

type HttpTarget = Extract<Target, { kind: 'http' }>;

export interface LegacySseOptions extends TransportOptions {
  /** Largest SSE event or POST answer body; default 16 MB. */
  maxBodyBytes?: number;
}

/** An event of the stream as it arrived, with what the transport made of it. */
export interface ReceivedSseEvent {
  event: SseEvent;
  /** Wire log entry of the event. */
  seq: number;
  /** Handed to the peer as a JSON-RPC message. */
  delivered: boolean;
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
const MAX_KEPT = 2000;

export class LegacySseTransport implements Transport {
  readonly kind = 'sse' as const;
  readonly raw: RawHttp;
  /** The answer to the GET that opened the stream. */
  openInfo: HttpResponseInfo | undefined;
  /** The URL the `endpoint` event named (resolved against the SSE URL). */
  endpoint: string | undefined;
  /** Every event of the stream, in order (the first thousands). */
  readonly events: ReceivedSseEvent[] = [];
  /** The answers to our POSTs, in order (status, headers, body). */
  readonly posts: HttpResponseInfo[] = [];
  private readonly agent: Agent;
  private readonly gate: RequestGate;
  private readonly maxBody: number;
  private messageHandlers: ((m: unknown, seq?: number) => void)[] = [];
  private eventHandlers: ((e: TransportEvent) => void)[] = [];
  private readonly active = new Set<AbortController>();
  private opening: Promise<void> | undefined;
  private streamTask: Promise<void> | undefined;
  private endpointWaiter: ((error?: Error) => void) | undefined;
  private isClosed = false;
  private closeRequested = false;
  private closing: Promise<void> | undefined;
  private counter = 0;

  constructor(
    private readonly target: HttpTarget,
    private readonly opts: LegacySseOptions,
  ) {
    this.maxBody = opts.maxBodyBytes ?? DEFAULT_MAX_BODY;
    this.agent = sharedAgent(opts.connectTimeoutMs);
    this.gate = opts.gate ?? new RequestGate();
    this.raw = new RawHttp(opts.wire, target, opts.connectTimeoutMs, this.gate);
  }

  /** The SSE endpoint (the URL the user gave). */
  get url(): string {
    return this.target.url;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  onMessage(handler: (message: unknown, seq?: number) => void): void {
    this.messageHandlers.push(handler);
  }

  onEvent(handler: (event: TransportEvent) => void): void {
    this.eventHandlers.push(handler);
  }

  /**
   * GET the SSE endpoint and wait for the `endpoint` event (at most the connect timeout).
   * Idempotent. Rejects with a sentence a user understands; the transport is then closed.
   */
  open(opts: { headers?: HeaderOverrides; owner?: string } = {}): Promise<void> {
    this.opening ??= this.doOpen(opts).catch((err: unknown) => {
      const reason = err instanceof Error ? err.message : String(err);
      this.opts.wire.record('event', reason, opts.owner);
      this.markClosed(reason);
      throw err;
    });
    return this.opening;
  }

  async send(message: unknown, opts: SendMeta = {}): Promise<void> {
    const owner = opts.owner;
    await this.post(JSON.stringify(message) ?? 'null', { owner });
  }

  async sendRaw(text: string, opts?: { owner?: string; noNewline?: boolean }): Promise<void> {
    await this.post(text, { owner: opts?.owner });
  }

  /** POST a body to the endpoint (opening the stream first). Never throws; undefined if not sent. */
  async post(body: string, opts: { owner?: string; headers?: HeaderOverrides } = {}): Promise<HttpResponseInfo | undefined> {
    const { owner } = opts;
    try {
      await this.open({ owner });
    } catch {
      this.opts.wire.record('out', body, owner);
      this.opts.wire.record('event', 'POST not sent: the SSE connection did not open', owner);
      return undefined;
    }
    if (this.closeRequested || this.isClosed || this.endpoint === undefined) {
      this.opts.wire.record('event', 'POST not sent: the transport is closed', owner);
      return undefined;
    }
    const label = `POST#${++this.counter}`;
    this.opts.wire.record('out', body, owner);
    const carries = mayCarryCredentials(this.target.url, this.endpoint);
    const own = carries ? this.target.headers : undefined;
    const headers = mergeHeaders({ 'Content-Type': 'application/json' }, own, carries ? await this.bearer(opts.headers) : undefined, opts.headers);
    const sent = await this.request('POST', this.endpoint, label, headers, body, owner);
    if (!sent) return undefined;
    const info = responseInfo(sent.res);
    info.label = label;
    const read = await readCappedBody(sent.res.body, { maxBytes: this.maxBody, timeoutMs: this.opts.connectTimeoutMs, abort: () => sent.ac.abort() });
    this.active.delete(sent.ac);
    if (read.problem === undefined) info.body = decodeUtf8(read.bytes).text;
    if (this.posts.length < MAX_KEPT) this.posts.push(info);
    // Responses belong on the stream; a body is recorded, never delivered.
    const text = info.body ?? read.problem ?? '';
    const entry = this.opts.wire.record('event', `${label} HTTP ${info.status}${text ? `: ${text.slice(0, 200)}` : ''}`, owner);
    if (info.status < 200 || info.status >= 300) {
      this.opts.observations.add({ kind: 'http-status', seq: entry.seq, conn: this.opts.wire.conn, detail: `HTTP ${info.status} on POST`, context: { status: info.status, method: 'POST' } });
      this.emit({ type: 'http-status', status: info.status, method: 'POST', detail: `HTTP ${info.status} on POST` });
    }
    return info;
  }

  /** Cut the stream, release the sockets. Never hangs. */
  close(): Promise<void> {
    this.closeRequested = true;
    this.closing ??= (async () => {
      for (const ac of this.active) ac.abort();
      this.endpointWaiter?.(new Error('closed by the harness'));
      if (this.streamTask) await withTimeout(this.streamTask, 1000);
      await this.raw.close();
      this.markClosed('closed by the harness');
    })();
    return this.closing;
  }

  private async doOpen(opts: { headers?: HeaderOverrides; owner?: string }): Promise<void> {
    if (this.closeRequested) throw new Error('the transport is closed');
    const headers = mergeHeaders({ Accept: 'text/event-stream' }, this.target.headers, await this.bearer(opts.headers), opts.headers);
    this.opts.wire.record('event', `GET ${this.target.url} Accept: text/event-stream (HTTP+SSE)`, opts.owner);
    const sent = await this.request('GET', this.target.url, 'GET', headers, undefined, opts.owner);
    if (!sent) throw new Error(`GET ${this.target.url} got no answer: the SSE stream did not open`);
    const info = responseInfo(sent.res);
    this.openInfo = info;
    if (info.status !== 200) {
      const read = await readCappedBody(sent.res.body, { maxBytes: 64 * 1024, timeoutMs: this.opts.connectTimeoutMs, abort: () => sent.ac.abort() });
      this.active.delete(sent.ac);
      info.body = read.bytes ? decodeUtf8(read.bytes).text : '';
      const challenge = info.headers['www-authenticate'] !== undefined ? ` (WWW-Authenticate: ${info.headers['www-authenticate']})` : '';
      throw new Error(`GET ${this.target.url} answered HTTP ${info.status}${challenge}${info.body ? `: ${info.body.slice(0, 200)}` : ''}; no SSE stream`);
    }
    const note = info.contentType === 'text/event-stream' ? '' : ` with Content-Type "${info.contentType}" (read as SSE anyway)`;
    this.opts.wire.record('event', `GET HTTP 200${note}: SSE stream open, waiting for the endpoint event`, opts.owner);
    const endpointArrived = new Promise<void>((resolve, reject) => {
      this.endpointWaiter = (error) => (error ? reject(error) : resolve());
    });
    this.streamTask = this.read(sent.res, sent.ac, opts.owner);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no endpoint event within ${this.opts.connectTimeoutMs} ms on ${this.target.url}`)), this.opts.connectTimeoutMs);
    });
    try {
      await Promise.race([endpointArrived, timeout]);
    } finally {
      clearTimeout(timer);
      this.endpointWaiter = undefined;
    }
  }

  /** Read the stream until it ends, breaks, overflows or close(). */
  private async read(res: Dispatcher.ResponseData, ac: AbortController, owner: string | undefined): Promise<void> {
    let reason = 'ended by the server';
    const parser = new SseParser((event) => this.onSse(event, owner), {
      maxEventChars: this.maxBody,
      onOverflow: (chars) => (reason = `cut off: an event over ${this.maxBody} characters (${chars} so far)`),
      onInvalidUtf8: () => this.observe('invalid-utf8', 'the SSE stream is not valid UTF-8', owner),
    });
    reason = (await pumpSse(res.body, parser, () => this.closeRequested)) ?? reason;
    ac.abort();
    this.active.delete(ac);
    const detail = `the SSE stream ${reason}`;
    this.opts.wire.record('event', detail, owner);
    this.endpointWaiter?.(new Error(`${detail} before an endpoint event`));
    this.markClosed(detail);
    // The stream was the session: nothing can be sent any more, so what is in flight ends now.
    for (const a of this.active) a.abort();
  }

  private onSse(event: SseEvent, owner: string | undefined): void {
    if (event.event === 'endpoint') {
      const entry = this.opts.wire.record('event', `SSE endpoint event: ${event.data}`, owner);
      this.keep(event, entry.seq, false);
      if (this.endpoint === undefined) this.acceptEndpoint(event.data.trim());
      return;
    }
    if (!event.hasData || event.data === '') {
      const entry = this.opts.wire.record('event', `SSE event "${event.event}" without data`, owner);
      this.keep(event, entry.seq, false);
      return;
    }
    const entry = this.opts.wire.record('in', event.data, owner);
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      value = undefined;
    }
    // Events of other types are the server's business, unless they carry a JSON-RPC message:
    // that is delivered anyway (lenient), and the checks judge the event type.
    if (event.event !== 'message' && !looksJsonRpc(event.data)) {
      this.keep(event, entry.seq, false);
      return;
    }
    if (value === undefined) {
      this.keep(event, entry.seq, false);
      this.addObservation('not-json-line', entry.seq, `SSE "${event.event}" event data is not one JSON value: ${event.data.slice(0, 200)}`);
      return;
    }
    if (!isJsonRpcShaped(value)) {
      this.keep(event, entry.seq, false);
      this.addObservation('not-jsonrpc', entry.seq, `SSE "${event.event}" event data is JSON but not a JSON-RPC message`, value);
      return;
    }
    this.keep(event, entry.seq, true);
    for (const h of this.messageHandlers) {
      try {
        h(value, entry.seq);
      } catch (err) {
        this.opts.wire.record('event', `A transport handler threw: ${(err as Error)?.message ?? String(err)}`);
      }
    }
  }

  private acceptEndpoint(data: string): void {
    let url: URL;
    try {
      url = new URL(data, this.target.url);
    } catch {
      return this.endpointWaiter?.(new Error(`the endpoint event's data is not a URL: ${JSON.stringify(data.slice(0, 200))}`));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return this.endpointWaiter?.(new Error(`the endpoint event names a ${url.protocol} URL, not http(s): ${url.href}`));
    }
    // Never carry messages (and the user's credentials) to another host.
    if (!mayCarryCredentials(this.target.url, url.href)) {
      return this.endpointWaiter?.(new Error(`the endpoint event names another origin (${url.origin}); refusing to POST there`));
    }
    this.endpoint = url.href;
    this.endpointWaiter?.();
  }

  /** The --oauth token as a header (no renewal on refusal here: the stream is opened once). */
  private async bearer(overrides?: HeaderOverrides): Promise<Record<string, string> | undefined> {
    const token = await bearerFor(this.target, overrides);
    return token !== undefined ? { Authorization: `Bearer ${token}` } : undefined;
  }

  private keep(event: SseEvent, seq: number, delivered: boolean): void {
    if (this.events.length < MAX_KEPT) this.events.push({ event, seq, delivered });
  }

  private async request(
    method: 'GET' | 'POST',
    url: string,
    label: string,
    headers: Record<string, string>,
    body: string | undefined,
    owner: string | undefined,
  ): Promise<{ res: Dispatcher.ResponseData; ac: AbortController } | undefined> {
    const ac = new AbortController();
    this.active.add(ac);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort();
    }, this.opts.connectTimeoutMs);
    try {
      // A rate limit is waited out and the same request sent again, within this request's time.
      const gated = { label, signal: ac.signal, deadline: performance.now() + this.opts.connectTimeoutMs, record: (text: string) => { this.opts.wire.record('event', text, owner); } };
      return { res: await this.gate.send(gated, () => request(url, { dispatcher: this.agent, method, headers, body, signal: ac.signal })), ac };
    } catch (err) {
      this.active.delete(ac);
      const detail = timedOut
        ? `No response headers to ${method} within ${this.opts.connectTimeoutMs} ms.`
        : this.closeRequested
          ? `${method} aborted because the transport is closing.`
          : describeError(errorCode(err), err, url);
      this.opts.wire.record('event', `${label} failed: ${detail}`, owner);
      if (!this.closeRequested && method === 'POST') this.emit({ type: 'http-status', status: 0, method, detail });
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  private observe(kind: ObservationKind, detail: string, owner: string | undefined): void {
    const entry = this.opts.wire.record('event', detail, owner);
    this.addObservation(kind, entry.seq, detail);
  }

  private addObservation(kind: ObservationKind, seq: number, detail: string, message?: unknown): void {
    this.opts.observations.add({ kind, seq, conn: this.opts.wire.conn, detail, ...(message !== undefined ? { message } : {}) });
  }

  private emit(event: TransportEvent): void {
    for (const h of this.eventHandlers) {
      try {
        h(event);
      } catch {
        // the receiver's bug; the stream goes on
      }
    }
  }

  private markClosed(reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    this.emit({ type: 'closed', reason });
  }
}
