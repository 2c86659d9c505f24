// One interface for every transport: framed JSON-RPC messages in and out, plus raw access
// for wire-level tests. Suites never see sockets or processes, only this (through the peer).
import type { JsonRpcId } from './jsonrpc/types.js';
import type { ObservationLog } from './observations.js';
import type { RequestGate } from './pacing/rate-gate.js';
import type { WireLog } from './wire-log.js';
import type { BearerTokens } from './transports/bearer.js';

export type TransportKind = 'stdio' | 'streamable-http' | 'sse';

/** Per-request header changes: a string sets a header, null omits it (case-insensitive names). */
export type HeaderOverrides = Record<string, string | null>;

/** How to reach a target. The runner opens one Transport per connection from this. */
export type Target =
  | {
      kind: 'stdio';
      command: string;
      /** Extra environment variables for the server process. */
      env?: Record<string, string>;
      cwd?: string;
    }
  | {
      kind: 'http';
      url: string;
      /** Extra headers sent on every request (e.g. Authorization). */
      headers?: Record<string, string>;
      /** Bearer tokens asked for per request (--oauth), renewed when refused or expired. */
      tokens?: BearerTokens;
      /** Forced transport; detected when absent. */
      transport?: 'streamable-http' | 'sse';
    };

/** Something that happened on the transport that is not a message. */
export type TransportEvent =
  | { type: 'closed'; reason: string }
  | { type: 'stderr'; text: string }
  | { type: 'http-status'; status: number; method: string; detail?: string }
  /** HTTP: the POST carrying these requests was refused and its body answered none of them. */
  | { type: 'refused'; ids: JsonRpcId[]; status: number; detail: string };

/** How one outbound message travels, beside its content. */
export interface SendMeta {
  /** The check that caused it (wire excerpts). */
  owner?: string;
  /** Extra HTTP headers (the modern era mirrors body fields into headers); stdio ignores them. */
  headers?: HeaderOverrides;
  /**
   * Serving (the tool plays the server): the stream an inbound message came on (e.g. the POST
   * it was the body of); a reply or a related message goes back on it. Clients ignore it.
   */
  stream?: string;
  /**
   * A request's own timeout: over HTTP the wait for its POST's answer is never shorter (a
   * slow target's patience, or a check's longer wait, must not be cut by the connection's).
   */
  timeoutMs?: number;
}

export interface TransportOptions {
  wire: WireLog;
  observations: ObservationLog;
  /** Milliseconds allowed for the connection to come up (spawn, first HTTP answer). */
  connectTimeoutMs: number;
  /**
   * stdio: how long this start may hold its place among the process starts (see
   * pacing/start-gate.ts); default: the connect timeout.
   */
  startHoldMs?: number;
  /** stdio: a start no longer wanted while it waits for its turn (open() rejects with the reason). */
  startSignal?: AbortSignal;
  /**
   * HTTP: the run's request gate (pacing/rate-gate.ts): --max-rate, and rate limits (429, 503
   * with Retry-After) waited out for every connection together. Default: one of its own.
   */
  gate?: RequestGate;
}

export interface Transport {
  readonly kind: TransportKind;
  /** Send one JSON-RPC message (serialized by the transport). */
  send(message: unknown, opts?: SendMeta): Promise<void>;
  /**
   * Send text exactly as given (stdio: the bytes of one line, a newline is appended unless
   * `noNewline`; HTTP: the POST body). For malformed-input tests.
   */
  sendRaw(text: string, opts?: { owner?: string; noNewline?: boolean }): Promise<void>;
  /** Send bytes exactly as given, nothing appended (stdio: invalid UTF-8 for framing fuzz). */
  sendBytes?(bytes: Buffer, opts?: { owner?: string }): Promise<void>;
  /**
   * Register the receiver of every inbound JSON-RPC message (one JSON value per frame).
   * `seq` is the wire log entry of the frame, when the transport knows it.
   */
  onMessage(handler: (message: unknown, seq?: number, stream?: string) => void): void;
  onEvent(handler: (event: TransportEvent) => void): void;
  /** True once the transport can no longer deliver messages (process exited, stream ended). */
  readonly closed: boolean;
  /**
   * While a message is being delivered, where the transport knows it: how long it took to read,
   * from its first byte until it was parsed; how much of that this process was busy joining,
   * decoding and parsing it; and its size in bytes.
   */
  readonly lastRead?: { ms: number; busyMs: number; bytes: number } | undefined;
  /**
   * Whether the connection holds state a check left beyond its requests (HTTP: a GET stream it
   * opened, which a server may allow only one of): such a connection is not lent again.
   */
  readonly holdsStreams?: boolean;
  /**
   * HTTP requests made so far on this connection, raw ones included (counted when sent).
   * Undefined where the transport does not count them.
   */
  readonly httpExchanges?: number;
  /** Streamable HTTP: the Mcp-Session-Id the server issued, if any (none: each POST stands alone). */
  readonly sessionId?: string | undefined;
  /** Tell the transport which protocol revision was negotiated (HTTP sends it as a header). */
  setProtocolVersion?(version: string): void;
  /** Close gracefully then forcibly; never leaves a child process behind. */
  close(): Promise<void>;
}
