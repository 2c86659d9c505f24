// One logical connection of a client to the tool's scripted Streamable HTTP server (a legacy
// session, or the stateless modern endpoint): a Transport for a JSON-RPC peer in the server
// role. Each POSTed request opens a stream; the reply and anything related to the request go
// back on it (as a JSON body, or as SSE once something precedes the response); messages
// unrelated to a request go on the GET stream. Event ids allow Last-Event-ID resumption.
import type { ServerResponse } from 'node:http';
import type { ObservationLog } from '../../observations.js';
import type { SendMeta, Transport, TransportEvent } from '../../transport.js';
import { WireLog } from '../../wire-log.js';

export type ResponseMode = 'auto' | 'json' | 'sse';

interface Stream {
  res: ServerResponse;
  /** undecided until the first message: JSON if it is the response, SSE otherwise. */
  mode: 'undecided' | 'json' | 'sse';
  /** The request ids this stream answers; it ends once all are answered. */
  owed: Set<string>;
  ended: boolean;
  /** Events sent on it, for resumption. */
  events: { id: string; data: string }[];
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
  private isClosed = false;
  /** HTTP+SSE (2024-11-05): the one stream every message goes out on, as `message` events. */
  private legacySse: ServerResponse | undefined;

  constructor(
    readonly label: string,
    readonly observations: ObservationLog,
    private readonly mode: ResponseMode,
    /** Hook: may cut a stream short (resumption scenarios) after an event was written. */
    private readonly afterEvent?: (stream: string, index: number, end: () => void) => void,
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
  receive(messages: unknown[], text: string, res: ServerResponse, owner?: string): void {
    const seq = this.wire.record('in', text, owner).seq;
    const requests = messages.filter((m) => typeof m === 'object' && m !== null && 'method' in m && 'id' in m) as Record<string, unknown>[];
    if (requests.length === 0) {
      res.writeHead(202).end();
      this.wire.record('event', 'HTTP 202 Accepted');
      for (const m of messages) this.deliver(m, seq);
      return;
    }
    const label = `POST#${++this.counter}`;
    const stream: Stream = { res, mode: this.mode === 'sse' || messages.length > 1 ? 'sse' : 'undecided', owed: new Set(requests.map((r) => key(r.id))), ended: false, events: [] };
    this.streams.set(label, stream);
    if (stream.mode === 'sse') this.openSse(stream);
    res.on('close', () => {
      if (!stream.ended) this.wire.record('event', `${label}: the client closed the stream before the response`);
      stream.ended = true;
    });
    for (const m of messages) this.deliver(m, seq, label);
  }

  /** A GET: the stream for messages unrelated to a request; `lastEventId` resumes a stream. */
  openGet(res: ServerResponse, lastEventId?: string): void {
    const label = `GET#${++this.counter}`;
    const stream: Stream = { res, mode: 'sse', owed: new Set(), ended: false, events: [] };
    this.streams.set(label, stream);
    this.openSse(stream);
    res.on('close', () => {
      stream.ended = true;
      if (this.getStream === label) this.getStream = undefined;
    });
    const resumed = lastEventId !== undefined ? this.replay(stream, lastEventId) : undefined;
    this.wire.record('event', `${label} opened${lastEventId !== undefined ? ` with Last-Event-ID ${lastEventId} (${resumed ?? 'unknown id'})` : ''}`);
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
  }

  private write(label: string, stream: Stream, text: string, message?: unknown): void {
    const m = (typeof message === 'object' && message !== null ? message : {}) as Record<string, unknown>;
    const isResponse = !('method' in m);
    if (isResponse) stream.owed.delete(key(m.id));
    const last = isResponse && stream.owed.size === 0 && !label.startsWith('GET');
    if (stream.mode === 'undecided' && last) {
      stream.mode = 'json';
      stream.res.writeHead(this.statusOf(m), { 'Content-Type': 'application/json' }).end(text);
      stream.ended = true;
      return;
    }
    if (stream.mode === 'undecided') this.openSse(stream);
    const id = `${label}-${stream.events.length + 1}`;
    stream.events.push({ id, data: text });
    stream.res.write(`id: ${id}\ndata: ${text}\n\n`);
    if (last) {
      stream.res.end();
      stream.ended = true;
      return;
    }
    this.afterEvent?.(label, stream.events.length, () => {
      this.wire.record('event', `${label}: the tool closes the stream after event ${id} (resumption test)`);
      stream.ended = true;
      stream.res.end();
    });
  }

  /** Resume after `lastEventId`: the later events of that stream, on this one. */
  private replay(to: Stream, lastEventId: string): string | undefined {
    for (const [label, s] of this.streams) {
      const i = s.events.findIndex((e) => e.id === lastEventId);
      if (i === -1) continue;
      for (const e of s.events.slice(i + 1)) to.res.write(`id: ${e.id}\ndata: ${e.data}\n\n`);
      // Messages still owed to that stream come here from now on.
      this.streams.set(label, to);
      to.owed = s.owed;
      to.events = s.events;
      return `resumes ${label}`;
    }
    return undefined;
  }
}
