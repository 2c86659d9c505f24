// Raw HTTP for wire-level checks: one request exactly as a check wants it (any method, any
// headers, any URL: metadata documents, a GET with Last-Event-ID), recorded in the connection's
// wire log, bounded in time and size, never following redirects. Nothing it receives is
// delivered to the JSON-RPC peer: a check judges the answer itself.
import { request, type Agent } from 'undici';
import { sharedAgent } from './http-agent.js';
import { RequestGate } from '../pacing/rate-gate.js';
import type { WireLog } from '../wire-log.js';
import { decodeUtf8, describeError, errorCode, readCappedBody, responseInfo, type HttpResponseInfo } from './http-util.js';
import { SseParser, type SseEvent } from './sse-parser.js';
import { bearerFor, refusedToken, type CredentialTarget } from './bearer.js';

import type { HeaderOverrides } from '../transport.js';

export type { HeaderOverrides } from '../transport.js';

export interface RawRequest {
  method: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'OPTIONS';
  /** Absolute URL; default: the target's URL. */
  url?: string;
  /** Applied after the target's own headers (which are sent only to the target's origin). */
  headers?: HeaderOverrides;
  body?: string;
  owner?: string;
  /** Time for headers and for a whole non-SSE body (default: the connection timeout). */
  timeoutMs?: number;
  /** For a text/event-stream answer: how long to collect events before hanging up (default 500). */
  sseWindowMs?: number;
  /** Hang up an event stream early once this is true. */
  sseUntil?: (events: SseEvent[]) => boolean;
  /**
   * A rate limit (429, 503 with Retry-After) is waited out and the request sent again (default).
   * false: the check judges exactly this answer's status, a rate limit included.
   */
  rateLimitRetry?: boolean;
}

export interface RawResponse extends HttpResponseInfo {
  /** What went wrong (no answer, body cut off); status 0 when nothing came back. */
  problem?: string;
  /** The events read from a text/event-stream answer. */
  events?: SseEvent[];
  /** The stream ended by itself within the window (text/event-stream answers). */
  streamEnded?: boolean;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
}

const MAX_RAW_BODY = 1024 * 1024;
const MAX_EVENTS = 1000;

/** Merge header sources; later ones replace earlier ones whatever the case of the name. */
export function mergeHeaders(...sources: (HeaderOverrides | undefined)[]): Record<string, string> {
  const merged = new Map<string, [string, string | null]>();
  for (const src of sources) for (const [k, v] of Object.entries(src ?? {})) merged.set(k.toLowerCase(), [k, v]);
  const out: Record<string, string> = {};
  for (const [name, value] of merged.values()) if (value !== null) out[name] = value;
  return out;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK.test(url.hostname);
}

/** May the target's headers (credentials) go to this URL? Same origin, or loopback to loopback. */
export function mayCarryCredentials(target: string, url: string): boolean {
  const a = new URL(target);
  const b = new URL(url);
  return a.origin === b.origin || (isLoopbackUrl(a) && isLoopbackUrl(b) && a.protocol === b.protocol);
}

export class RawHttp {
  private readonly agent: Agent;
  private readonly active = new Set<AbortController>();
  private counter = 0;
  private closed = false;
  /** Requests made so far (see Transport.httpExchanges). */
  sent = 0;

  constructor(
    private readonly wire: WireLog,
    private readonly target: CredentialTarget,
    private readonly timeoutMs: number,
    /** The run's request gate (pacing/rate-gate.ts); default: one of its own. */
    private readonly gate: RequestGate = new RequestGate(),
  ) {
    this.agent = sharedAgent(timeoutMs);
  }

  /** One request; never throws for network trouble (status 0 and `problem` instead). */
  async request(req: RawRequest): Promise<RawResponse> {
    const url = req.url ?? this.target.url;
    this.sent++;
    const label = `RAW#${++this.counter}`;
    const timeoutMs = req.timeoutMs ?? this.timeoutMs;
    const carries = mayCarryCredentials(this.target.url, url);
    const own = carries ? this.target.headers : undefined;
    const bearer = carries ? await bearerFor(this.target, req.headers) : undefined;
    let headers = mergeHeaders(own, bearer !== undefined ? { Authorization: `Bearer ${bearer}` } : undefined, req.headers);
    const shown = Object.entries(headers)
      .filter(([k]) => k.toLowerCase() !== 'authorization')
      .map(([k, v]) => `${k}: ${v}`);
    const auth = Object.keys(headers).some((k) => k.toLowerCase() === 'authorization') ? ' (with Authorization)' : ' (no Authorization)';
    this.wire.record('event', `${label} ${req.method} ${url}${auth}${shown.length ? ` [${shown.join('; ')}]` : ''}`, req.owner);
    if (req.body !== undefined) this.wire.record('out', req.body, req.owner);
    if (this.closed) return { status: 0, headers: {}, contentType: '', problem: 'not sent: the connection is closed' };

    const ac = new AbortController();
    this.active.add(ac);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ac.abort();
    }, timeoutMs);
    let res;
    try {
      // Requests to other origins (an authorization server's documents) are not the target's to limit.
      const toTarget = new URL(url).origin === new URL(this.target.url).origin;
      const gated = {
        label,
        signal: ac.signal,
        deadline: performance.now() + timeoutMs,
        retry: req.rateLimitRetry !== false,
        record: (text: string) => { this.wire.record('event', text, req.owner); },
      };
      const send = () => request(url, { dispatcher: this.agent, method: req.method, headers, body: req.body, signal: ac.signal });
      res = toTarget ? await this.gate.send(gated, send) : await send();
      // The token expired or was revoked under us: a new one, and this request once more.
      if (bearer !== undefined && this.target.tokens && refusedToken(res.statusCode, res.headers['www-authenticate'])) {
        const fresh = await this.target.tokens.refused(bearer);
        if (fresh !== undefined && fresh !== bearer) {
          await res.body.dump();
          this.wire.record('event', `${label} HTTP 401 invalid_token: sent again with a renewed token`, req.owner);
          this.target.tokens.noteRetry();
          headers = mergeHeaders(own, { Authorization: `Bearer ${fresh}` }, req.headers);
          res = toTarget ? await this.gate.send(gated, send) : await send();
        }
      }
    } catch (err) {
      this.active.delete(ac);
      const problem = timedOut ? `no response headers within ${timeoutMs} ms` : describeError(errorCode(err), err, url);
      this.wire.record('event', `${label} failed: ${problem}`, req.owner);
      return { status: 0, headers: {}, contentType: '', problem };
    } finally {
      clearTimeout(timer);
    }
    const info: RawResponse = responseInfo(res);
    try {
      if (info.contentType === 'text/event-stream' && info.status >= 200 && info.status < 300) {
        await this.readEvents(label, res.body, ac, info, req);
      } else {
        const read = await readCappedBody(res.body, { maxBytes: MAX_RAW_BODY, timeoutMs, abort: () => ac.abort() });
        if (read.problem !== undefined) info.problem = read.problem;
        else {
          info.body = decodeUtf8(read.bytes).text;
          try {
            if (info.body.trim() !== '') info.json = JSON.parse(info.body) as unknown;
          } catch {
            // not JSON: the check decides whether that matters
          }
        }
      }
    } finally {
      ac.abort();
      this.active.delete(ac);
    }
    const location = info.headers.location ? ` Location: ${info.headers.location}` : '';
    const challenge = info.headers['www-authenticate'] ? ` WWW-Authenticate: ${info.headers['www-authenticate']}` : '';
    this.wire.record('event', `${label} HTTP ${info.status}${info.contentType ? ` ${info.contentType}` : ''}${location}${challenge}${info.problem ? `; ${info.problem}` : ''}`, req.owner);
    if (info.body) this.wire.record('in', info.body, req.owner);
    return info;
  }

  /** Abort whatever is in flight and release the sockets. */
  async close(): Promise<void> {
    this.closed = true;
    for (const ac of this.active) ac.abort();
  }

  private async readEvents(label: string, body: AsyncIterable<unknown>, ac: AbortController, info: RawResponse, req: RawRequest): Promise<void> {
    const events: SseEvent[] = [];
    info.events = events;
    let done = false;
    const parser = new SseParser(
      (e) => {
        if (events.length < MAX_EVENTS) events.push(e);
        this.wire.record(e.hasData && e.data !== '' ? 'in' : 'event', e.hasData && e.data !== '' ? e.data : `${label} SSE event without data${e.id !== undefined ? ` id=${e.id}` : ''}`, req.owner);
        if (req.sseUntil?.(events) || events.length >= MAX_EVENTS) done = true;
      },
      { maxEventChars: MAX_RAW_BODY, onOverflow: () => (info.problem = `an SSE event over ${MAX_RAW_BODY} characters; cut off`) },
    );
    const window = setTimeout(() => ac.abort(), req.sseWindowMs ?? 500);
    try {
      for await (const chunk of body) {
        if (!parser.push(chunk as Buffer) || done) break;
      }
      if (!done && !info.problem && !ac.signal.aborted) {
        parser.end();
        info.streamEnded = true;
      }
    } catch {
      // The window closed (we aborted) or the server broke the stream: what arrived is kept.
    } finally {
      clearTimeout(window);
    }
  }
}
