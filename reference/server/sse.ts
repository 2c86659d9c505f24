// The two ways a Streamable HTTP response carries messages: a plain JSON body or an SSE
// stream. A PostChannel decides lazily: responses alone go out as application/json; the
// first notification or request before the end switches the POST to text/event-stream.
import type { ServerResponse } from 'node:http';
import { encode, isResponse, type Outbound } from './jsonrpc.js';
import type { Channel, ReceiveOutcome } from './session.js';

export type Headers = Record<string, string>;

export function sendJson(res: ServerResponse, status: number, body: Outbound, headers: Headers = {}): void {
  const text = encode(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** An open text/event-stream response. */
export class SseStream {
  constructor(
    private readonly res: ServerResponse,
    headers: Headers,
    primeEventId?: string,
  ) {
    res.writeHead(200, {
      ...headers,
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    });
    // 2025-11-25 transports: an event with an id and empty data primes the client for reconnection.
    if (primeEventId !== undefined) res.write(`id: ${primeEventId}\ndata:\n\n`);
    else res.flushHeaders();
  }

  get open(): boolean {
    return !this.res.writableEnded && !this.res.destroyed;
  }

  send(msg: Outbound): void {
    if (this.open) this.res.write(`data: ${encode(msg)}\n\n`);
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
  /** The priming event id when the session's revision wants one. */
  primeEventId(): string | undefined;
}

/** The channel of one POST: collects its responses and streams when it must. */
export class PostChannel implements Channel {
  private buffered: Outbound[] = [];
  private stream: SseStream | null = null;
  private finished = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly opts: PostOptions,
  ) {}

  send(msg: Outbound): void {
    if (this.finished || this.res.destroyed) return; // the client went away: nothing to deliver to
    if (this.stream) return this.stream.send(msg);
    if (isResponse(msg)) {
      this.buffered.push(msg);
      return;
    }
    this.startStream().send(msg);
  }

  finish(outcome: ReceiveOutcome): void {
    if (this.finished) return;
    if (!this.stream && !this.res.destroyed) {
      if (this.buffered.length === 1) {
        sendJson(this.res, outcome.rejected ? 400 : 200, this.buffered[0] as Outbound, this.opts.headers());
      } else if (this.buffered.length === 0 && !outcome.hadRequests) {
        // Only notifications or responses: 202 Accepted, no body.
        this.res.writeHead(202, this.opts.headers()).end();
      } else {
        // Several messages, or a request left without response (it was cancelled).
        this.startStream();
      }
    }
    this.finished = true;
    this.stream?.end();
  }

  private startStream(): SseStream {
    const stream = new SseStream(this.res, this.opts.headers(), this.opts.primeEventId());
    this.stream = stream;
    for (const m of this.buffered.splice(0)) stream.send(m);
    return stream;
  }
}
