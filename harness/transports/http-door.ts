// The door from a check to the HTTP wire: narrow a connection's transport, watch the SSE
// streams of a Streamable HTTP connection, POST one request and see where its answer went,
// read WWW-Authenticate challenges. Checks get a connection from ctx.connect()/ctx.session()
// and never touch a socket; everything here is recorded in that connection's wire log.
import type { Peer } from '../peer.js';
import { LegacySseTransport } from './legacy-sse.js';
import type { HeaderOverrides, RawHttp, RawResponse } from './raw-http.js';
import type { SseEvent } from './sse-parser.js';
import { StreamableHttpTransport } from './streamable-http.js';

export function streamableOf(peer: Peer): StreamableHttpTransport | undefined {
  return peer.transport instanceof StreamableHttpTransport ? peer.transport : undefined;
}

export function legacySseOf(peer: Peer): LegacySseTransport | undefined {
  return peer.transport instanceof LegacySseTransport ? peer.transport : undefined;
}

/** Raw requests on this connection (either HTTP transport); undefined for stdio. */
export function rawOf(peer: Peer): { raw: RawHttp; url: string } | undefined {
  const t = streamableOf(peer) ?? legacySseOf(peer);
  return t ? { raw: t.raw, url: t.url } : undefined;
}

export interface WatchedStream {
  events: SseEvent[];
  ended: boolean;
  /** When the stream ended (performance.now()). */
  endedAt?: number;
}

/** Every SSE stream of one Streamable HTTP connection, by label (POST#n, GET#n). */
export class StreamWatch {
  readonly streams = new Map<string, WatchedStream>();
  private waiters: (() => void)[] = [];

  constructor(t: StreamableHttpTransport) {
    t.onSseEvent((e) => {
      const s = this.stream(e.stream);
      if (e.kind === 'event') s.events.push(e.event);
      else {
        s.ended = true;
        s.endedAt = performance.now();
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  stream(label: string): WatchedStream {
    let s = this.streams.get(label);
    if (!s) this.streams.set(label, (s = { events: [], ended: false }));
    return s;
  }

  /** Wait until `test` holds (re-checked on every stream event) or `ms` pass. */
  async until(test: () => boolean, ms: number): Promise<boolean> {
    const end = performance.now() + ms;
    while (!test()) {
      const left = end - performance.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }
}

const watches = new WeakMap<StreamableHttpTransport, StreamWatch>();

export function watchStreams(t: StreamableHttpTransport): StreamWatch {
  let w = watches.get(t);
  if (!w) watches.set(t, (w = new StreamWatch(t)));
  return w;
}

/** The JSON-RPC message of an SSE event, if its data is one. */
export function messageOf(e: SseEvent): Record<string, unknown> | undefined {
  if (!e.hasData || e.data === '') return undefined;
  try {
    const v: unknown = JSON.parse(e.data);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function isResponseTo(m: unknown, id: unknown): boolean {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false;
  const r = m as Record<string, unknown>;
  return r.id === id && !('method' in r) && ('result' in r || 'error' in r);
}

/** A raw POST inside the connection's session, and whether its answer carried the response. */
export interface SessionPost extends RawResponse {
  /** The response to the request was in the JSON body or on the POST's SSE stream. */
  answered: boolean;
}

/**
 * POST one message inside the connection's session (its session id and protocol version, the
 * header changes applied), raw: the answer is judged by the check, never delivered to the peer.
 * A request's SSE answer is read until its response arrives, the stream ends, or `waitMs`.
 */
export async function postInSession(
  t: StreamableHttpTransport,
  revision: string,
  message: { id?: string | number; method: string; params?: unknown },
  opts: { owner?: string; headers?: HeaderOverrides; waitMs: number; readAll?: boolean },
): Promise<SessionPost> {
  // Later entries replace earlier ones whatever the case of their names (RawHttp merges them).
  const headers: HeaderOverrides = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...sessionHeaders(t, revision), ...opts.headers };
  const id = message.id;
  const res = await t.raw.request({
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
    ...(opts.owner ? { owner: opts.owner } : {}),
    sseWindowMs: opts.waitMs,
    ...(opts.readAll || id === undefined ? {} : { sseUntil: (events: SseEvent[]) => events.some((e) => isResponseTo(messageOf(e), id)) }),
  });
  let answered = false;
  if (id !== undefined) {
    if (res.events) answered = res.events.some((e) => isResponseTo(messageOf(e), id));
    else if (res.json !== undefined) answered = (Array.isArray(res.json) ? res.json : [res.json]).some((m) => isResponseTo(m, id));
  }
  return { ...res, answered };
}

/** Headers of a request inside the connection's session (the transport adds them to its own POSTs). */
export function sessionHeaders(t: StreamableHttpTransport, revision: string): Record<string, string> {
  return {
    ...(t.sessionId !== undefined ? { 'Mcp-Session-Id': t.sessionId } : {}),
    ...(revision >= '2025-06-18' ? { 'MCP-Protocol-Version': revision } : {}),
  };
}

export interface Challenge {
  scheme: string;
  /** Parameter names lower-cased, values unquoted. */
  params: Record<string, string>;
}

/** Parse a WWW-Authenticate value (RFC 9110 §11.6.1): schemes with auth-params. Tolerant. */
export function parseChallenges(value: string | undefined): Challenge[] {
  if (!value) return [];
  const out: Challenge[] = [];
  const re = /\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(?:\s*=\s*("(?:[^"\\]|\\.)*"|[^,\s]*))?\s*,?/gy;
  let m: RegExpExecArray | null;
  let current: Challenge | undefined;
  while ((m = re.exec(value)) !== null && m[0] !== '') {
    const [, name, raw] = m;
    if (raw === undefined) {
      // A token without "=": a new scheme (token68 credentials are not expected in challenges).
      current = { scheme: name as string, params: {} };
      out.push(current);
    } else if (current) {
      current.params[(name as string).toLowerCase()] = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    }
  }
  return out;
}

export function bearerChallenge(value: string | undefined): Challenge | undefined {
  return parseChallenges(value).find((c) => c.scheme.toLowerCase() === 'bearer');
}
