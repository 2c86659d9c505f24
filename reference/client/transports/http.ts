// Streamable HTTP, both shapes: every message its own POST; a request's answer comes back as
// JSON or as an SSE stream. Legacy (2025-03-26..2025-11-25) adds the GET listening stream,
// resumption with Last-Event-ID honouring `retry`, and DELETE; modern streams are not
// resumable (the session re-issues the request instead).
import type { IncomingHttpHeaders } from 'node:http';
import { isOn } from '../faults.js';
import { encode, idKey, isObject, parseMessages, type Id } from '../jsonrpc.js';
import { verbose } from '../log.js';
import { HttpStatusError, StreamBrokenError, type Channel, type SendOptions, type Sink } from './channel.js';
import { mediaType, readText, sseEvents, type HttpClient, type HttpResponse } from './http-client.js';

const ACCEPT_BOTH = 'application/json, text/event-stream';
const DEFAULT_RETRY_MS = 1000;
const MAX_RESUMES = 3;

interface StreamState {
  lastEventId?: string;
  retryMs?: number;
  answered: boolean;
}

export class StreamableHttpChannel implements Channel {
  readonly kind = 'streamable-http';
  era: 'legacy' | 'modern' = 'modern';
  /** The last Mcp-Session-Id a response carried (legacy sessions read it after initialize). */
  sessionIdSeen: string | undefined;
  private sink: Sink | undefined;
  private posts = 0;
  private closing = false;
  private getStream: AbortController | undefined;

  constructor(
    readonly url: URL,
    private readonly http: HttpClient,
    private readonly timeoutMs: number,
  ) {}

  setSink(sink: Sink): void {
    this.sink = sink;
  }

  async send(msg: unknown, opts: SendOptions = {}): Promise<void> {
    const res = await this.post(encode(msg), opts);
    if (opts.expectId === undefined) return void (await readText(res.body, 1 << 20, this.timeoutMs));
    await this.readAnswer(res, opts.expectId, opts);
  }

  async sendRaw(body: string | Uint8Array, opts: SendOptions = {}): Promise<void> {
    const res = await this.post(body, opts).catch(() => undefined);
    if (res) await readText(res.body, 1 << 20, Math.min(this.timeoutMs, 2000));
  }

  private async post(body: string | Uint8Array, opts: SendOptions): Promise<HttpResponse> {
    const first = this.posts++ === 0;
    const accept = isOn('http-accept-json-only') && !first ? 'application/json' : ACCEPT_BOTH;
    const headers = { ...opts.headers, 'Content-Type': 'application/json', Accept: accept };
    const res = await this.http.fetch({ method: 'POST', url: this.url, headers, body, signal: opts.signal, headersTimeoutMs: this.timeoutMs });
    this.noteSession(res.headers);
    if (res.status < 200 || res.status > 299) throw new HttpStatusError(res.status, await readText(res.body, 1 << 20, this.timeoutMs), res.headers);
    return res;
  }

  private noteSession(headers: IncomingHttpHeaders): void {
    const id = headers['mcp-session-id'];
    if (typeof id === 'string' && id !== '') this.sessionIdSeen = id;
  }

  /** Reads the answer to request `id` from a POST response (JSON or SSE, resumed if need be). */
  private async readAnswer(res: HttpResponse, id: Id, opts: SendOptions): Promise<void> {
    let type = mediaType(res.headers);
    // SHTTP-123: header names are compared case-insensitively (Node lower-cases res.headers); the fault looks for one spelling.
    const spelled = exactMediaType(res.body.rawHeaders);
    if (spelled !== type && isOn('header-names-case-sensitive')) type = spelled;
    if (res.status === 202) throw new StreamBrokenError('the server answered 202 Accepted to a request');
    if (type === 'application/json') {
      const msgs = parseMessages(await readText(res.body, 64 << 20, this.timeoutMs));
      for (const m of msgs) this.sink?.message(m);
      if (!msgs.some((m) => isAnswerTo(m, id))) throw new StreamBrokenError('the JSON body carries no response to the request');
      return;
    }
    if (type !== 'text/event-stream') {
      res.body.resume();
      throw new StreamBrokenError(`unexpected Content-Type "${res.headers['content-type'] ?? ''}"`);
    }
    const state: StreamState = { answered: false };
    await this.pump(res, state, id);
    for (let n = 0; !state.answered && n < MAX_RESUMES; n++) {
      // Modern streams are not resumable (SHTTP-108): the session re-issues instead.
      const resumable = this.era === 'legacy' || isOn('modern-resume-attempted');
      if (!resumable || state.lastEventId === undefined || opts.signal?.aborted || this.closing) break;
      const resumed = await this.resume(state, opts);
      if (!resumed) break;
      await this.pump(resumed, state, id);
    }
    if (!state.answered) throw new StreamBrokenError('the response stream ended before the response', state.lastEventId);
  }

  /** Delivers the messages of one SSE body; stops once the answer to `id` has arrived. */
  private async pump(res: HttpResponse, state: StreamState, id?: Id): Promise<void> {
    for await (const ev of sseEvents(res.body)) {
      if (ev.id !== undefined) state.lastEventId = ev.id;
      if (ev.retry !== undefined) state.retryMs = ev.retry;
      if (ev.event !== 'message' || ev.data.trim() === '') continue;
      for (const m of parseMessages(ev.data)) {
        this.sink?.message(m);
        if (id !== undefined && isAnswerTo(m, id)) state.answered = true;
      }
      if (state.answered) return void res.body.destroy();
    }
  }

  /** SHTTP-014: waits `retry` ms, then GETs the stream again with Last-Event-ID. */
  private async resume(state: StreamState, opts: SendOptions): Promise<HttpResponse | undefined> {
    const wait = isOn('http-resume-ignores-retry') ? 0 : (state.retryMs ?? DEFAULT_RETRY_MS);
    await new Promise((r) => setTimeout(r, wait));
    const headers: Record<string, string> = { ...opts.headers, Accept: 'text/event-stream' };
    if (!isOn('http-resume-without-last-event-id') && state.lastEventId !== undefined) headers['Last-Event-ID'] = state.lastEventId;
    verbose(`resuming an SSE stream after event ${state.lastEventId ?? '(none)'}`);
    const res = await this.http.fetch({ method: 'GET', url: this.url, headers, signal: opts.signal, headersTimeoutMs: this.timeoutMs }).catch(() => undefined);
    if (!res) return undefined;
    if (res.status !== 200 || mediaType(res.headers) !== 'text/event-stream') {
      res.body.resume();
      return undefined;
    }
    return res;
  }

  /** Legacy: the optional GET stream for server messages; reconnects (resumes) while ids allow. */
  openGetStream(headers: () => Record<string, string>): void {
    const ctl = new AbortController();
    this.getStream = ctl;
    void (async () => {
      const state: StreamState = { answered: false };
      let res = await this.http
        .fetch({ method: 'GET', url: this.url, headers: { ...headers(), Accept: 'text/event-stream' }, signal: ctl.signal, headersTimeoutMs: this.timeoutMs })
        .catch(() => undefined);
      for (let n = 0; res && n <= MAX_RESUMES; n++) {
        if (res.status !== 200 || mediaType(res.headers) !== 'text/event-stream') {
          verbose(`no GET stream (HTTP ${res.status})`);
          return void res.body.resume();
        }
        await this.pump(res, state);
        if (ctl.signal.aborted || this.closing || state.lastEventId === undefined) return;
        res = await this.resume(state, { headers: headers(), signal: ctl.signal });
      }
    })();
  }

  closeGetStream(): void {
    this.getStream?.abort();
    this.getStream = undefined;
  }

  /** Legacy: ends the session (the server may refuse with 405). */
  async deleteSession(headers: Record<string, string>): Promise<void> {
    const res = await this.http.fetch({ method: 'DELETE', url: this.url, headers, headersTimeoutMs: this.timeoutMs }).catch(() => undefined);
    if (res) await readText(res.body, 1 << 16, this.timeoutMs);
  }

  async close(): Promise<void> {
    this.closing = true;
    this.closeGetStream();
    this.http.abortAll();
  }
}

/** Faults only: the media type of a header spelled exactly Content-Type ('' when none is). */
function exactMediaType(raw: string[]): string {
  const at = raw.findIndex((name, i) => i % 2 === 0 && name === 'Content-Type');
  return at < 0 ? '' : ((raw[at + 1] ?? '').split(';')[0]?.trim().toLowerCase() ?? '');
}

function isAnswerTo(m: unknown, id: Id): boolean {
  return isObject(m) && !('method' in m) && ('result' in m || 'error' in m) && idKey(m.id) === idKey(id);
}
