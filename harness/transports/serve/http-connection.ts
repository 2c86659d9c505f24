// One logical connection of a client to the tool's scripted Streamable HTTP server (a legacy
// session, or the stateless modern endpoint): a Transport for a JSON-RPC peer in the server
// role. Each POSTed request opens a stream; the reply and anything related to the request go
// back on it (as a JSON body, or as SSE once something precedes the response); messages
// unrelated to a request go on the GET stream. Event ids allow Last-Event-ID resumption.
import type { ServerResponse } from 'node:http';
import type { ObservationLog } from '../../observations.js';
import type { SendMeta, Transport, TransportEvent } from '../../transport.js';
import { WireLog } from '../../wire-log.js';
import type { HttpRequestRecord } from './http-endpoint.js';

/**
 * How a POST of requests is answered: one JSON body unless a message precedes the response
 * ('auto', 'json'), always an SSE stream ('sse'), or JSON and SSE by turns per method
 * ('alternate': the first request of a method JSON, the second SSE, ...). An error answer
 * whose HTTP status is not 200 (2026-07-28) is always JSON.
 */
export type ResponseMode = 'auto' | 'json' | 'sse' | 'alternate';

/** What a connection does with its streams (from the endpoint's serving options). */
export interface StreamPolicy {
  /** One mode for every request, or a mode per method (others 'auto'). */
  responses: ResponseMode | Readonly<Record<string, ResponseMode>>;
  /** SSE comment lines on every SSE answer: one as it opens, one before each event. */
  comments?: boolean;
  /**
   * Resumption tests: the SSE answer of the first request of this method (and params.name)
   * starts with a priming event (an id, empty data, `retry`) and is closed instead of carrying
   * the response, which is held for a GET with Last-Event-ID.
   */
  cutFirst?: { method: string; name?: string; retryMs?: number };
  /** Hook: may cut a stream short after its n-th event was written. */
  afterEvent?: (stream: string, index: number, end: () => void) => void;
}

interface Stream {
  res: ServerResponse;
  /** undecided until the first message: JSON if it is the response, SSE otherwise. */
  mode: 'undecided' | 'json' | 'sse';
  /** What the policy prefers once the response comes first. */
  prefer: 'json' | 'sse';
  /** The request ids this stream answers; it ends once all are answered. */
  owed: Set<string>;
  ended: boolean;
  /** Events sent on it (or held), for resumption. */
  events: { id: string; data: string }[];
  /** The HTTP request it answers (annotated with how it was answered). */
  record?: HttpRequestRecord;
  /** Resumption test: close it instead of writing the response. */
  cut?: { retryMs?: number };
}

const key = (id: unknown): string => JSON.stringify(id ?? null);

export class HttpServerConnection implements Transport {
  readonly kind = 'streamable-http' as const;
  readonly wire = new WireLog();
  /** The session id the client must send (legacy sessions), once issued. */
  sessionId: string | undefined;
  /** Set when the scripted server ended the session: requests with its id get 404. */
  expired = false;
  /** The HTTP status of a JSON answer (2026-07-28 maps some errors to 400 and 404). */
  statusOf: (message: Record<string, unknown>) => number = () => 200;
  private messageHandlers: ((m: unknown, seq?: number, stream?: string) => void)[] = [];
  private eventHandlers: ((e: TransportEvent) => void)[] = [];
  private readonly streams = new Map<string, Stream>();
  private getStream: string | undefined;
  /** Unrelated messages waiting for a GET stream. */
  private readonly parked: string[] = [];
  private counter = 0;
  /** Requests seen per method ('alternate' answers by turns). */
  private readonly perMethod = new Map<string, number>();
  private isClosed = false;
  /** HTTP+SSE (2024-11-05): the one stream every message goes out on, as `message` events. */
  private legacySse: ServerResponse | undefined;

  constructor(
    readonly label: string,
    readonly observations: ObservationLog,
    private readonly policy: StreamPolicy,
    /** The endpoint's cut-once state, shared by its connections (a run cuts one stream). */
    private readonly cutState: { done: boolean } = { done: false },
  ) {}

  get closed(): boolean {
    return this.isClosed;
  }

  onMessage(handler: (message: unknown, seq?: number, stream?: string) => void): void {
    this.messageHandlers.push(handler);
  }

  onEvent(handler: (event: TransportEvent) => void): void {
    this.eventHandlers.push(handler);
  }

  /** A POST body: deliver its messages; requests keep `res` open as their stream. */
  receive(messages: unknown[], text: string, res: ServerResponse, record?: HttpRequestRecord): void {
    const seq = this.wire.record('in', text).seq;
    const requests = messages.filter((m) => typeof m === 'object' && m !== null && 'method' in m && 'id' in m) as Record<string, unknown>[];
    if (requests.length === 0) {
      res.writeHead(202).end();
      this.wire.record('event', 'HTTP 202 Accepted');
      for (const m of messages) this.deliver(m, seq);
      return;
    }
    const label = `POST#${++this.counter}`;
    if (record) record.stream = label;
    const mode = this.modeFor(requests[0] as Record<string, unknown>);
    const stream: Stream = { res, mode: 'undecided', prefer: mode === 'sse' || messages.length > 1 ? 'sse' : 'json', owed: new Set(requests.map((r) => key(r.id))), ended: false, events: [], ...(record ? { record } : {}) };
    this.streams.set(label, stream);
    const cut = this.policy.cutFirst;
    if (cut && !this.cutState.done && requests.some((r) => r.method === cut.method && (cut.name === undefined || (r.params as { name?: unknown } | undefined)?.name === cut.name))) {
      this.cutState.done = true;
      stream.cut = cut.retryMs !== undefined ? { retryMs: cut.retryMs } : {};
      this.openSse(stream);
      this.event(label, stream, '', cut.retryMs);
    } else if (mode === 'sse' && messages.length > 1) this.openSse(stream);
    res.on('close', () => {
      if (!stream.ended) this.wire.record('event', `${label}: the client closed the stream before the response`);
      stream.ended = true;
    });
    for (const m of messages) this.deliver(m, seq, label);
  }

  private modeFor(request: Record<string, unknown>): ResponseMode {
    const r = this.policy.responses;
    const mode = typeof r === 'string' ? r : (r[String(request.method)] ?? 'auto');
    if (mode !== 'alternate') return mode;
    const n = (this.perMethod.get(String(request.method)) ?? 0) + 1;
    this.perMethod.set(String(request.method), n);
    return n % 2 === 0 ? 'sse' : 'json';
  }

  /** A GET: the stream for messages unrelated to a request; `lastEventId` resumes a stream. */
  openGet(res: ServerResponse, lastEventId?: string, record?: HttpRequestRecord): void {
    const label = `GET#${++this.counter}`;
    const stream: Stream = { res, mode: 'sse', prefer: 'sse', owed: new Set(), ended: false, events: [] };
    this.streams.set(label, stream);
    this.openSse(stream);
    res.on('close', () => {
      stream.ended = true;
      if (this.getStream === label) this.getStream = undefined;
    });
    const resumed = lastEventId !== undefined ? this.replay(stream, lastEventId) : undefined;
    if (resumed && record) record.resumes = resumed.stream;
    this.wire.record('event', `${label} opened${lastEventId !== undefined ? ` with Last-Event-ID ${lastEventId} (${resumed ? `resumes ${resumed.stream}` : 'unknown id'})` : ''}`);
    if (resumed === undefined) {
      this.getStream = label;
      for (const text of this.parked.splice(0)) this.write(label, stream, text);
    }
  }

  /** HTTP+SSE: the GET stream that carries everything. */
  openLegacySse(res: ServerResponse): void {
    this.legacySse = res;
    res.on('close', () => {
      this.legacySse = undefined;
      this.close().catch(() => undefined);
    });
  }

  /** HTTP+SSE: a POST body (already answered 202). */
  receiveLegacySse(messages: unknown[], text: string): void {
    const seq = this.wire.record('in', text).seq;
    for (const m of messages) this.deliver(m, seq);
  }

  async send(message: unknown, opts: SendMeta = {}): Promise<void> {
    const text = JSON.stringify(message);
    this.wire.record('out', text, opts.owner);
    if (this.legacySse) return void this.legacySse.write(`event: message\ndata: ${text}\n\n`);
    const target = opts.stream ? this.streams.get(opts.stream) : undefined;
    if (opts.stream && target && !target.ended) return this.write(opts.stream, target, text, message);
    // Unrelated, or its stream is gone: the GET stream, when there is one.
    const get = this.getStream ? this.streams.get(this.getStream) : undefined;
    if (this.getStream && get && !get.ended) return this.write(this.getStream, get, text, message);
    if (this.parked.length < 100) this.parked.push(text);
    this.wire.record('event', 'no open stream for this message: kept for a GET stream');
  }

  async sendRaw(text: string): Promise<void> {
    await this.send(JSON.parse(text) as unknown);
  }

  async close(): Promise<void> {
    for (const s of this.streams.values()) if (!s.ended) s.res.end();
    this.isClosed = true;
    for (const h of this.eventHandlers) h({ type: 'closed', reason: 'closed by the tool' });
  }

  private deliver(message: unknown, seq: number, stream?: string): void {
    for (const h of this.messageHandlers) h(message, seq, stream);
  }

  private openSse(stream: Stream): void {
    stream.mode = 'sse';
    stream.res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
    if (stream.record) stream.record.answer = 'sse';
    if (this.policy.comments) {
      stream.res.write(': mcp-conformance keep-alive\n\n');
      if (stream.record) stream.record.comments = true;
    }
  }

  /** One SSE event with the next id of the stream (empty data: a priming event). */
  private event(label: string, stream: Stream, data: string, retryMs?: number): string {
    const id = `${label}-${stream.events.length + 1}`;
    stream.events.push({ id, data });
    const comment = this.policy.comments ? ': event follows\n' : '';
    stream.res.write(`${comment}id: ${id}\n${retryMs !== undefined ? `retry: ${retryMs}\n` : ''}data: ${data}\n\n`);
    return id;
  }

  private write(label: string, stream: Stream, text: string, message?: unknown): void {
    const m = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    // A batch (an array) is no response: it does not settle what the stream owes.
    const isResponse = !Array.isArray(message) && !('method' in m);
    if (isResponse) stream.owed.delete(key(m.id));
    const last = isResponse && stream.owed.size === 0 && !label.startsWith('GET');
    const status = this.statusOf(m);
    if (stream.record && message !== undefined) {
      const answered = (stream.record.answered ??= []);
      if (answered.length < 100) answered.push(message);
    }
    if (stream.mode === 'undecided' && last && (stream.prefer === 'json' || status !== 200)) {
      stream.mode = 'json';
      if (stream.record) stream.record.answer = 'json';
      stream.res.writeHead(status, { 'Content-Type': 'application/json' }).end(text);
      stream.ended = true;
      return;
    }
    if (stream.mode === 'undecided') this.openSse(stream);
    if (stream.cut && isResponse) return this.hold(label, stream, text);
    this.event(label, stream, text);
    if (last) {
      stream.res.end();
      stream.ended = true;
      return;
    }
    this.policy.afterEvent?.(label, stream.events.length, () => {
      this.wire.record('event', `${label}: the tool closes the stream after event ${stream.events.at(-1)?.id ?? ''} (resumption test)`);
      stream.ended = true;
      stream.res.end();
    });
  }

  /** Resumption test: keep the response for a GET with Last-Event-ID; close the stream without it. */
  private hold(label: string, stream: Stream, text: string): void {
    const lastEventId = stream.events.at(-1)?.id ?? '';
    stream.events.push({ id: `${label}-${stream.events.length + 1}`, data: text });
    const entry = this.wire.record('event', `${label}: the tool closes the stream after event ${lastEventId}, before the response (held for Last-Event-ID)`);
    if (stream.record) stream.record.cut = { t: entry.t, seq: entry.seq, lastEventId, ...(stream.cut?.retryMs !== undefined ? { retryMs: stream.cut.retryMs } : {}) };
    stream.ended = true;
    stream.res.end();
  }

  /** Resume after `lastEventId`: the later events of that stream, on this one. */
  private replay(to: Stream, lastEventId: string): { stream: string } | undefined {
    for (const [label, s] of this.streams) {
      const i = s.events.findIndex((e) => e.id === lastEventId);
      if (i === -1) continue;
      for (const e of s.events.slice(i + 1)) to.res.write(`id: ${e.id}\ndata: ${e.data}\n\n`);
      // Messages still owed to that stream come here from now on; an answered POST stream ends.
      this.streams.set(label, to);
      to.owed = s.owed;
      to.events = s.events;
      if (label.startsWith('GET')) this.getStream = label;
      else if (s.owed.size === 0) {
        to.ended = true;
        to.res.end();
      }
      return { stream: label };
    }
    return undefined;
  }
}
