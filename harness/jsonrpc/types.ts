// JSON-RPC values shared by the peer, the sessions and the checks.

export type JsonRpcId = string | number;

export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** What became of one request: its answer, or why there is none. */
export type Reply =
  | { kind: 'result'; result: unknown; message: Record<string, unknown>; seq?: number; misnamed?: MisnamedId }
  | { kind: 'error'; error: JsonRpcError; message: Record<string, unknown>; seq?: number; misnamed?: MisnamedId }
  | { kind: 'timeout'; afterMs: number }
  /** HTTP: the POST carrying it got a status other than 2xx and no JSON-RPC response to it (e.g. an error with id null). */
  | { kind: 'refused'; status: number; detail: string }
  | { kind: 'closed'; reason: string };

/**
 * An answer taken for a request although its id is not the request's: the same value in another
 * JSON type ("7001" answered as 7001), or an id never sent while this was the one request
 * waiting. The target is alive and answered; the id rule is broken, and judged at once.
 */
export interface MisnamedId {
  /** The id the request carried. */
  sent: JsonRpcId;
  /** The id the answer carried. */
  got: unknown;
}

export type Answered = Extract<Reply, { kind: 'result' | 'error' }>;

export interface InboundMessage {
  message: unknown;
  seq?: number;
  /** Serving: the stream it came on (e.g. the POST whose body it was). */
  stream?: string;
}

/** The answer to an inbound request: a result, or an error. */
export type HandlerAnswer = { result: unknown } | { error: JsonRpcError };

/** What a handler may do while it answers: talk back on the stream the request came on. */
export interface HandlerContext {
  stream?: string;
  /** A notification related to the request (progress, log), on its stream. */
  notify(method: string, params?: Record<string, unknown>): Promise<void>;
  /** A request of our own related to the request (sampling, elicitation, roots), on its stream. */
  request(method: string, params?: Record<string, unknown>, opts?: { timeoutMs?: number }): Promise<Reply>;
}

/** Answers one inbound request (the peer sends what it returns, once). */
export type RequestHandler = (params: Record<string, unknown>, message: Record<string, unknown>, ctx: HandlerContext) => HandlerAnswer | Promise<HandlerAnswer>;

export const isAnswered = (r: Reply | undefined): r is Answered => r?.kind === 'result' || r?.kind === 'error';

/** Ids 1 and "1" are different ids: keep the JSON type in the key. */
export function idKey(id: JsonRpcId): string {
  return typeof id === 'string' ? `s:${id}` : `n:${id}`;
}

export function describeReply(reply: Reply): string {
  switch (reply.kind) {
    case 'result':
      return 'a result';
    case 'error':
      return `error ${reply.error?.code} "${String(reply.error?.message ?? '').slice(0, 200)}"`;
    case 'timeout':
      return `no response within ${reply.afterMs} ms`;
    case 'closed':
      return reply.reason;
    case 'refused':
      return `HTTP ${reply.status} and no JSON-RPC response to it (${reply.detail})`;
  }
}

/** A response (no method, a result or an error) that answers no request in `sent`. */
export function isStrayResponse(m: unknown, sent: (id: unknown) => boolean): boolean {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false;
  const r = m as Record<string, unknown>;
  return !('method' in r) && ('result' in r || 'error' in r) && !sent(r.id);
}

/**
 * Does this JSON text hold notifications only (no request, no response)? Over HTTP a refused
 * POST of such a body is answered by its status alone: its body "MAY comprise a JSON-RPC error
 * response that has no id" (transports#sending-messages-to-the-server), which answers nothing.
 */
export function notificationsOnly(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const messages = Array.isArray(value) ? value : [value];
  const isNotification = (m: unknown) => typeof m === 'object' && m !== null && typeof (m as { method?: unknown }).method === 'string' && !('id' in m);
  return messages.length > 0 && messages.every(isNotification);
}
