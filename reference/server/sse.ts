// The two ways a Streamable HTTP response carries messages: a plain JSON body or an SSE
// stream. A PostChannel decides lazily: responses alone go out as application/json; the
// first notification or request before the end switches the POST to text/event-stream.
// Sessions at 2025-11-25 stream every answer, with event ids (resumable, a priming event
// first), the way transports#sending-messages-to-the-server describes.
import type { ServerResponse } from 'node:http';
import { isOn } from './faults.js';
import { encode, isResponse, type Outbound } from './jsonrpc.js';
import { plainRefusal } from './modes/plain-400.js';
import type { Channel, ReceiveOutcome, SendInfo } from './session.js';

export type Headers = Record<string, string>;

export function sendJson(res: ServerResponse, status: number, body: Outbound, headers: Headers = {}, contentType = 'application/json'): void {
  // --plain-400 (modes/plain-400.ts): a refusal of bad input may go out as plain text.
  const plain = plainRefusal(status, body);
  const text = plain ?? encode(body);
  res.writeHead(status, { ...headers, 'Content-Type': plain === undefined ? contentType : 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** Event ids of one stream, and the session's replay log they are kept in. */
export interface StreamIds {
  next(): string;
  keep(id: string, data: string): void;
}

/** An open text/event-stream response. */
export class SseStream {
  constructor(
    private readonly res: ServerResponse,
    headers: Headers,
    private readonly ids?: StreamIds,
    opts: { prime?: boolean; contentType?: string; accelBuffering?: boolean } = {},
  ) {
    res.writeHead(200, {
      ...headers,
      'Content-Type': opts.contentType ?? 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      // Tells reverse proxies not to buffer the stream (2026-07-28 transports#receiving-messages: SHOULD).
      ...(opts.accelBuffering === false ? {} : { 'X-Accel-Buffering': 'no' }),
    });
    // 2025-11-25: an event with an id and empty data primes the client for reconnection.
    if (ids && (opts.prime ?? true) && !isOn('http-no-priming-event')) {
      const id = ids.next();
      ids.keep(id, '');
      res.write(`id: ${id}\ndata:\n\n`);
    } else res.flushHeaders();
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  /** Kept for replay even when the connection is gone: that is what resumption is for. */
  send(msg: Outbound): void {
    const data = encode(msg);
    const id = this.ids?.next();
    if (id !== undefined) this.ids?.keep(id, data);
    if (this.open) this.res.write(`${id !== undefined ? `id: ${id}\n` : ''}data: ${data}\n\n`);
  }

  /** Write an event kept earlier (resumption). */
  replay(id: string, data: string): void {
    if (this.open) this.res.write(`id: ${id}\ndata: ${data}\n\n`);
  }

  /** An event with a custom type or raw data (legacy HTTP+SSE, faults). */
  event(type: string | undefined, data: string): void {
    if (this.open) this.res.write(`${type ? `event: ${type}\n` : ''}data: ${data}\n\n`);
  }

  comment(text: string): void {
    if (this.open) this.res.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.open) this.res.end();
  }
}

export interface PostOptions {
  /** Headers for the response, computed when it starts (e.g. a new Mcp-Session-Id). */
  headers(): Headers;
  /** Event ids for this stream when the session's revision wants them (2025-11-25). */
  ids(): StreamIds | undefined;
  /** Answer with a stream even when only the response is to be sent. */
  streamAll(): boolean;
  /** False: leave out X-Accel-Buffering (a fault). */
  accelBuffering?: boolean;
}

/** The channel of one POST: collects its responses and streams when it must. */
export class PostChannel implements Channel {
  private buffered: Outbound[] = [];
  /** The status a buffered error response asked for (2026-07-28 errors: SendInfo.status). */
  private status: number | undefined;
  private stream: SseStream | null = null;
  private finished = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly opts: PostOptions,
  ) {}

  get done(): boolean {
    return this.finished;
  }

  send(msg: Outbound, info?: SendInfo): void {
    if (this.finished) return;
    if (this.stream) return this.stream.send(msg); // a resumed stream may have a new response object
    if (this.res.destroyed) return; // the client went away: nothing to deliver to
    if (isResponse(msg) && !this.opts.streamAll()) {
      this.buffered.push(msg);
      if (info?.status !== undefined) this.status = info.status;
      return;
    }
    this.startStream().send(msg);
  }

  /** Continue this stream on another response (a GET with Last-Event-ID). */
  resumeOn(stream: SseStream): void {
    this.stream = stream;
  }

  finish(outcome: ReceiveOutcome): void {
    if (this.finished) return;
    if (!this.stream && !this.res.destroyed) {
      if (this.buffered.length === 1) {
        const type = isOn('http-json-wrong-content-type') ? 'text/plain' : 'application/json';
        sendJson(this.res, this.status ?? (outcome.rejected ? 400 : 200), this.buffered[0] as Outbound, this.opts.headers(), type);
      } else if (this.buffered.length === 0 && !outcome.hadRequests) {
        // Only notifications or responses: 202 Accepted, no body.
        this.res.writeHead(isOn('http-notification-200') ? 200 : 202, this.opts.headers()).end();
      } else {
        // Several messages, or a request left without response (it was cancelled).
        this.startStream();
      }
    }
    this.finished = true;
    const stream = this.stream;
    if (!stream) return;
    if (isOn('http-sse-stream-left-open')) setTimeout(() => stream.end(), 30_000).unref();
    else stream.end();
  }

  /** A keep-alive comment, once the answer is a stream. */
  comment(text: string): void {
    this.stream?.comment(text);
  }

  private startStream(): SseStream {
    const accel = this.opts.accelBuffering;
    const stream = new SseStream(this.res, this.opts.headers(), this.opts.ids(), accel === undefined ? {} : { accelBuffering: accel });
    this.stream = stream;
    for (const m of this.buffered.splice(0)) stream.send(m);
    return stream;
  }
}
