// The HTTP capability of the check context (ctx.http, absent on stdio): raw requests, the
// HTTP side of a conversation (its session id, raw POSTs inside it, the GET stream, DELETE,
// the SSE streams it saw) and the HTTP+SSE stream. Checks never see a transport: this file is
// where the harness looks under a conversation, and everything is recorded in its wire log.
import type { JsonRpcId } from '../jsonrpc/types.js';
import type { RevisionInfo } from '../revisions.js';
import { peerOf } from '../sessions/conversation.js';
import type { ModernSession } from '../sessions/modern.js';
import type { Conversation } from '../sessions/session.js';
import type { HeaderOverrides, Transport } from '../transport.js';
import type { HttpResponseInfo } from '../transports/http-util.js';
import { withCredentials, type CredentialTarget } from '../transports/bearer.js';
import { LegacySseTransport, type ReceivedSseEvent } from '../transports/legacy-sse.js';
import { mirroredHeaders } from '../transports/modern-headers.js';
import type { RawRequest, RawResponse } from '../transports/raw-http.js';
import type { SseEvent } from '../transports/sse-parser.js';
import { isResponseTo, messageOf, watchStreams, type StreamWatch } from '../transports/sse-watch.js';
import { StreamableHttpTransport } from '../transports/streamable-http.js';

export type { Challenge } from '../transports/challenge.js';
export { bearerChallenge, parseChallenges } from '../transports/challenge.js';
export type { HttpResponseInfo } from '../transports/http-util.js';
export type { ReceivedSseEvent } from '../transports/legacy-sse.js';
export { decodeHeaderValue, encodeHeaderValue, headerParams, isHeaderNamePart, mirroredHeaders } from '../transports/modern-headers.js';
export type { RawRequest, RawResponse } from '../transports/raw-http.js';
export type { SseEvent } from '../transports/sse-parser.js';
export { isResponseTo, messageOf } from '../transports/sse-watch.js';
export type { StreamWatch, WatchedStream } from '../transports/sse-watch.js';
export type { HeaderOverrides } from '../transport.js';

/** A raw POST inside a conversation's session, and whether its answer carried the response. */
export interface SessionPost extends RawResponse {
  /** The response to the request was in the JSON body or on the POST's SSE stream. */
  answered: boolean;
}

export interface PostOptions {
  headers?: HeaderOverrides;
  /** How long to read an SSE answer (default: the per-request timeout). */
  waitMs?: number;
  /** Read an SSE answer for the whole window, not only until the response. */
  readAll?: boolean;
}

/** The HTTP side of one conversation. */
export interface HttpConversation {
  readonly url: string;
  /** Streamable HTTP (legacy era): the Mcp-Session-Id the server issued on initialize. */
  readonly sessionId: string | undefined;
  /** Headers and body of the last POST answer the conversation's own messages got. */
  readonly lastResponse: HttpResponseInfo | undefined;
  /** The headers a request inside this session carries (session id, protocol version). */
  sessionHeaders(): Record<string, string>;
  /**
   * POST one message inside the session, raw: the era's headers (session and version headers,
   * or the 2026-07-28 mirrored headers) with `headers` applied last. The answer is returned to
   * the check and never delivered to the conversation.
   */
  post(message: Record<string, unknown>, opts?: PostOptions): Promise<SessionPost>;
  /** Any request exactly as given (other URLs: metadata documents), recorded in this conversation's log. */
  raw(req: RawRequest): Promise<RawResponse>;
  /** Streamable HTTP: GET the endpoint for server-initiated messages (read in the background). */
  openGetStream(opts?: { lastEventId?: string; headers?: HeaderOverrides }): Promise<HttpResponseInfo>;
  /** Streamable HTTP: DELETE the session; status 0 when nothing answered. */
  deleteSession(timeoutMs?: number): Promise<{ status: number }>;
  /** Streamable HTTP: the SSE streams of this conversation, as they arrive. */
  watch(): StreamWatch;
  /** HTTP+SSE: open the SSE stream (when the conversation has not yet). */
  openSse(opts?: { headers?: HeaderOverrides }): Promise<void>;
  /** HTTP+SSE: the answer to the GET that opened the stream. */
  readonly sseOpenInfo: HttpResponseInfo | undefined;
  /** HTTP+SSE: every event of the stream so far, with its wire sequence number. */
  readonly sseEvents: readonly ReceivedSseEvent[];
}

export interface HttpAccess {
  readonly url: string;
  readonly kind: 'streamable-http' | 'sse';
  /** Does every request carry credentials the user gave (an Authorization header)? */
  readonly withCredentials: boolean;
  /** The HTTP side of a conversation from this context (or of the shared session). */
  of(conversation: Conversation): HttpConversation;
}

type HttpTransport = StreamableHttpTransport | LegacySseTransport;

function transportOf(c: Conversation): HttpTransport {
  const t: Transport = peerOf(c).transport;
  if (t instanceof StreamableHttpTransport || t instanceof LegacySseTransport) return t;
  throw new Error('ctx.http.of() was given a conversation that is not over HTTP');
}

class Door implements HttpConversation {
  constructor(
    private readonly conversation: Conversation,
    private readonly t: HttpTransport,
    private readonly rev: RevisionInfo,
    private readonly owner: string,
    /** The target's patience now (pacing/pace.ts). */
    private readonly patience: () => number,
  ) {}

  get url(): string {
    return this.t.url;
  }

  get sessionId(): string | undefined {
    return this.t instanceof StreamableHttpTransport ? this.t.sessionId : undefined;
  }

  get lastResponse(): HttpResponseInfo | undefined {
    return this.t instanceof StreamableHttpTransport ? this.t.lastResponse : this.t.posts.at(-1);
  }

  sessionHeaders(): Record<string, string> {
    const sid = this.sessionId;
    return {
      ...(sid !== undefined ? { 'Mcp-Session-Id': sid } : {}),
      ...(this.rev.protocolVersionHeader && this.rev.era === 'legacy' ? { 'MCP-Protocol-Version': this.rev.id } : {}),
    };
  }

  async post(message: Record<string, unknown>, opts: PostOptions = {}): Promise<SessionPost> {
    const session = this.conversation as Partial<ModernSession>;
    const era = this.rev.era !== 'modern' ? this.sessionHeaders() : typeof session.mirrored === 'function' ? session.mirrored.call(this.conversation, message) : mirroredHeaders(message);
    const headers: HeaderOverrides = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...era, ...opts.headers };
    const id = message.id as JsonRpcId | undefined;
    const res = await this.t.raw.request({
      method: 'POST',
      url: this.t instanceof LegacySseTransport ? (this.t.endpoint ?? this.t.url) : this.t.url,
      headers,
      body: JSON.stringify(message),
      owner: this.owner,
      sseWindowMs: opts.waitMs ?? this.patience(),
      ...(opts.readAll || id === undefined ? {} : { sseUntil: (events: SseEvent[]) => events.some((e) => isResponseTo(messageOf(e), id)) }),
    });
    let answered = false;
    if (id !== undefined) {
      if (res.events) answered = res.events.some((e) => isResponseTo(messageOf(e), id));
      else if (res.json !== undefined) answered = (Array.isArray(res.json) ? res.json : [res.json]).some((m) => isResponseTo(m, id));
    }
    return { ...res, answered };
  }

  raw(req: RawRequest): Promise<RawResponse> {
    return this.t.raw.request({ owner: this.owner, ...req });
  }

  openGetStream(opts: { lastEventId?: string; headers?: HeaderOverrides } = {}): Promise<HttpResponseInfo> {
    return this.streamable().openGetStream({ ...opts, owner: this.owner });
  }

  deleteSession(timeoutMs?: number): Promise<{ status: number }> {
    return this.streamable().deleteSession(timeoutMs);
  }

  watch(): StreamWatch {
    return watchStreams(this.streamable());
  }

  async openSse(opts: { headers?: HeaderOverrides } = {}): Promise<void> {
    await this.sse().open({ ...opts, owner: this.owner });
  }

  get sseOpenInfo(): HttpResponseInfo | undefined {
    return this.sse().openInfo;
  }

  get sseEvents(): readonly ReceivedSseEvent[] {
    return this.sse().events;
  }

  private streamable(): StreamableHttpTransport {
    if (this.t instanceof StreamableHttpTransport) return this.t;
    throw new Error('this HTTP access needs a Streamable HTTP connection');
  }

  private sse(): LegacySseTransport {
    if (this.t instanceof LegacySseTransport) return this.t;
    throw new Error('this HTTP access needs an HTTP+SSE connection');
  }
}

export function httpAccess(target: CredentialTarget, kind: 'streamable-http' | 'sse', rev: RevisionInfo, owner: string, patience: () => number): HttpAccess {
  return {
    url: target.url,
    kind,
    withCredentials: withCredentials(target),
    of: (c) => new Door(c, transportOf(c), rev, owner, patience),
  };
}
