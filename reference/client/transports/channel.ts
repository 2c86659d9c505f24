// What every transport offers the peer: send one message, deliver what arrives to a sink.
// HTTP specifics (status, headers, stream lifetime) surface as the errors below.
import type { IncomingHttpHeaders } from 'node:http';
import type { Id } from '../jsonrpc.js';

export type TransportKind = 'stdio' | 'streamable-http' | 'sse';

export interface SendOptions {
  /** The id of the request being sent: an HTTP channel reads its answer from the POST. */
  expectId?: Id;
  /** Transport headers (HTTP only), computed by the session. */
  headers?: Record<string, string>;
  /** Aborting closes the request's response stream (HTTP) or does nothing (stdio). */
  signal?: AbortSignal;
}

export interface Sink {
  message(msg: unknown): void;
  /** The transport ended on its own (process exit, stream closed). */
  closed(reason: string): void;
}

export interface Channel {
  readonly kind: TransportKind;
  setSink(sink: Sink): void;
  send(msg: unknown, opts?: SendOptions): Promise<void>;
  /** Bytes exactly as given (faults only: malformed frames). */
  sendRaw(body: string | Uint8Array, opts?: SendOptions): Promise<void>;
  close(): Promise<void>;
}

/** A non-2xx HTTP answer; `json` is the parsed body when it was JSON. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: IncomingHttpHeaders,
  ) {
    super(`HTTP ${status}${body ? `: ${body.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`);
  }

  get json(): unknown {
    try {
      return JSON.parse(this.body) as unknown;
    } catch {
      return undefined;
    }
  }
}

/** A response stream ended before the answer it should carry. */
export class StreamBrokenError extends Error {
  constructor(
    message: string,
    /** The last SSE event id seen on the stream, if any. */
    readonly lastEventId?: string,
  ) {
    super(message);
  }
}

/** The transport is gone (process exited, stdin closed). */
export class ChannelClosedError extends Error {}

/** The server still wants credentials after the auth hooks had their chance. */
export class AuthRequiredError extends Error {
  constructor(readonly status: number) {
    super(`the server requires authorization (HTTP ${status}) and this client could not obtain it`);
  }
}
