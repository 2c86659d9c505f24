// HTTP+SSE (2024-11-05): GET opens the event stream, whose first event names the endpoint;
// every client message is then POSTed there (SSE-003); everything from the server arrives
// as `message` events on the stream.
import { isOn } from '../faults.js';
import { encode, parseMessages } from '../jsonrpc.js';
import { verbose } from '../log.js';
import { HttpStatusError, type Channel, type SendOptions, type Sink } from './channel.js';
import { mediaType, readText, sseEvents, type HttpClient } from './http-client.js';
import type { SseEvent } from './sse-parser.js';

export class LegacySseChannel implements Channel {
  readonly kind = 'sse';
  private sink: Sink | undefined;
  private early: unknown[] = [];
  private closing = false;

  private constructor(
    private readonly url: URL,
    readonly endpoint: URL,
    private readonly http: HttpClient,
    private readonly timeoutMs: number,
    private readonly abort: AbortController,
  ) {}

  /** Opens the stream and waits (bounded) for the endpoint event. */
  static async connect(url: URL, http: HttpClient, timeoutMs: number): Promise<LegacySseChannel> {
    const abort = new AbortController();
    const res = await http.fetch({ method: 'GET', url, headers: { Accept: 'text/event-stream' }, signal: abort.signal, headersTimeoutMs: timeoutMs });
    if (res.status !== 200 || mediaType(res.headers) !== 'text/event-stream') {
      abort.abort();
      throw new HttpStatusError(res.status, await readText(res.body, 1 << 16, timeoutMs).catch(() => ''), res.headers);
    }
    const events = sseEvents(res.body);
    const timer = setTimeout(() => abort.abort(), timeoutMs);
    let endpoint: URL | undefined;
    const before: SseEvent[] = [];
    // Manual iteration: breaking out of for-await would close the stream we keep reading.
    for (let next = await events.next(); !next.done; next = await events.next()) {
      if (next.value.event === 'endpoint') {
        endpoint = URL.canParse(next.value.data.trim(), url) ? new URL(next.value.data.trim(), url) : undefined;
        break;
      }
      before.push(next.value);
    }
    clearTimeout(timer);
    if (!endpoint || !/^https?:$/.test(endpoint.protocol)) {
      abort.abort();
      throw new Error(`no usable endpoint event on the SSE stream at ${url.href}`);
    }
    verbose(`HTTP+SSE endpoint ${endpoint.href}`);
    const channel = new LegacySseChannel(url, endpoint, http, timeoutMs, abort);
    for (const ev of before) channel.onEvent(ev);
    void channel.pumpRest(events);
    return channel;
  }

  private async pumpRest(events: AsyncGenerator<SseEvent>): Promise<void> {
    for await (const ev of events) this.onEvent(ev);
    if (!this.closing) this.sink?.closed('the SSE stream closed');
  }

  private onEvent(ev: SseEvent): void {
    if (ev.event !== 'message') return;
    for (const m of parseMessages(ev.data)) {
      if (this.sink) this.sink.message(m);
      else this.early.push(m);
    }
  }

  setSink(sink: Sink): void {
    this.sink = sink;
    for (const m of this.early.splice(0)) sink.message(m);
  }

  async send(msg: unknown, opts: SendOptions = {}): Promise<void> {
    await this.post(encode(msg), opts, true);
  }

  async sendRaw(body: string | Uint8Array, opts: SendOptions = {}): Promise<void> {
    await this.post(body, opts, false).catch(() => undefined);
  }

  private async post(body: string | Uint8Array, opts: SendOptions, strict: boolean): Promise<void> {
    const target = isOn('sse-post-to-wrong-endpoint') ? this.url : this.endpoint;
    const headers = { ...opts.headers, 'Content-Type': 'application/json' };
    const res = await this.http.fetch({ method: 'POST', url: target, headers, body, signal: opts.signal, headersTimeoutMs: this.timeoutMs });
    const text = await readText(res.body, 1 << 16, this.timeoutMs);
    // The answer travels on the stream; the POST status only says whether it was taken.
    if (strict && (res.status < 200 || res.status > 299)) throw new HttpStatusError(res.status, text, res.headers);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.abort.abort();
    this.http.abortAll();
  }
}
