// The server's own small JSON-RPC 2.0 layer: framing-independent parsing, envelope
// classification, error codes and encoding. Independent of harness/ by design.
import { isOn } from './faults.js';
import { strictBodyProblem } from './modes/strict-body.js';
import { memberText } from './rawjson.js';

export type Id = string | number;

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** MCP: resource not found (2024-11-05..2025-11-25). */
  ResourceNotFound: -32002,
  /** 2026-07-28: HTTP headers disagree with the body, or are missing or malformed. */
  HeaderMismatch: -32020,
  /** 2026-07-28: the request needs a client capability it did not declare. */
  MissingRequiredClientCapability: -32021,
  /** 2026-07-28: the request names a protocol version the server does not implement. */
  UnsupportedProtocolVersion: -32022,
} as const;

/** Thrown by handlers to answer with a JSON-RPC error. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** The HTTP status this error wants when it answers a POST (2026-07-28 fixes some); absent: 200. */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

export const invalidParams = (message: string, data?: unknown): RpcError =>
  new RpcError(ErrorCode.InvalidParams, message, data);

/** An outbound JSON-RPC message (request, notification, response or a batch of responses). */
export type Outbound = Record<string, unknown> | Record<string, unknown>[];

/** The exact source lexeme of a numeric id, kept beside the message (JSON.stringify skips symbols). */
const RAW_ID = Symbol('rawId');

export type Inbound =
  | { kind: 'request'; id: Id; rawId?: string; method: string; params: unknown }
  | { kind: 'notification'; method: string; params: unknown }
  | { kind: 'response'; id: Id | null; result?: unknown; error?: unknown }
  | { kind: 'invalid'; id: Id | null; rawId?: string; reason: string };

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isValidId(v: unknown): v is Id {
  return typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export type Parsed = { ok: true; value: unknown; text: string } | { ok: false; reply: Record<string, unknown> };

/** Decodes (strict UTF-8) and parses one frame. Failure yields the parse-error reply. */
export function parseFrame(bytes: Uint8Array | string): Parsed {
  let text: string;
  let value: unknown;
  try {
    text = typeof bytes === 'string' ? bytes : strictUtf8.decode(bytes);
    value = JSON.parse(text) as unknown;
  } catch (e) {
    if (isOn('crash-on-parse-error')) {
      process.stderr.write('reference server: fault crash-on-parse-error: exiting on invalid JSON\n');
      process.exit(1);
    }
    const code = isOn('parse-error-wrong-code') ? ErrorCode.InternalError : ErrorCode.ParseError;
    return { ok: false, reply: errorResponse(null, code, `Parse error: ${(e as Error).message}`) };
  }
  // --strict-body (modes/strict-body.ts): refused here, before anything else looks at it.
  const problem = strictBodyProblem(value);
  if (problem !== undefined) return { ok: false, reply: strictRefusal(value, text, problem) };
  return { ok: true, value, text };
}

/** The -32600 of a strictly refused message: a request's own id when readable, else null (never a response's id). */
function strictRefusal(value: unknown, text: string, problem: string): Record<string, unknown> {
  const msg = isPlainObject(value) && 'method' in value ? classify(value, text) : undefined;
  const echo = msg?.kind === 'request' || msg?.kind === 'invalid' ? msg : undefined;
  return errorResponse(echo?.id ?? null, ErrorCode.InvalidRequest, `Invalid Request: ${problem}`, undefined, echo?.rawId);
}

/** Classifies one parsed JSON value (not an array) as a JSON-RPC message. */
export function classify(value: unknown, text?: string): Inbound {
  if (!isPlainObject(value)) return { kind: 'invalid', id: null, reason: 'Invalid Request: a message must be a JSON object' };
  const hasId = Object.prototype.hasOwnProperty.call(value, 'id');
  const id = value.id;
  const rawId = typeof id === 'number' && text !== undefined ? rawLexeme(id, text) : undefined;
  const readableId: Id | null = isValidId(id) ? id : null;

  if (!('method' in value)) {
    if ('result' in value || 'error' in value) return { kind: 'response', id: readableId, ...('result' in value ? { result: value.result } : { error: value.error }) };
    return { kind: 'invalid', id: readableId, rawId, reason: 'Invalid Request: no method, result or error member' };
  }
  if (hasId && !isValidId(id)) {
    return { kind: 'invalid', id: null, reason: 'Invalid Request: id must be a string or an integer' };
  }
  const versionOk = value.jsonrpc === '2.0' || (hasId && isOn('lenient-jsonrpc-version'));
  if (!versionOk) return { kind: 'invalid', id: readableId, rawId, reason: 'Invalid Request: jsonrpc must be exactly "2.0"' };
  if (typeof value.method !== 'string') return { kind: 'invalid', id: readableId, rawId, reason: 'Invalid Request: method must be a string' };
  if ('params' in value && (typeof value.params !== 'object' || value.params === null)) {
    return { kind: 'invalid', id: readableId, rawId, reason: 'Invalid Request: params must be a structured value' };
  }
  if (hasId) return { kind: 'request', id: id as Id, rawId, method: value.method, params: value.params };
  return { kind: 'notification', method: value.method, params: value.params };
}

function rawLexeme(id: number, text: string): string | undefined {
  const raw = memberText(text, 'id');
  return raw !== undefined && raw !== String(id) ? raw : undefined;
}

/** The id a response carries: the request's own id, with its JSON type. */
function echoId(id: Id | null): Id | null {
  if (isOn('id-coerced') && typeof id === 'string' && /^\d+$/.test(id)) return Number(id);
  return id;
}

function withRawId(msg: Record<string, unknown>, rawId: string | undefined): Record<string, unknown> {
  if (rawId !== undefined && typeof msg.id === 'number') Object.defineProperty(msg, RAW_ID, { value: rawId });
  return msg;
}

export function resultResponse(id: Id, result: unknown, rawId?: string): Record<string, unknown> {
  return withRawId({ jsonrpc: '2.0', id: echoId(id), result }, rawId);
}

export function errorResponse(id: Id | null, code: number, message: string, data?: unknown, rawId?: string): Record<string, unknown> {
  const error: Record<string, unknown> = { code, message };
  if (data !== undefined) error.data = data;
  return withRawId({ jsonrpc: '2.0', id: echoId(id), error }, rawId);
}

/**
 * An error about input whose id could not be read. 2026-07-28 leaves `id` out (its shape is
 * `id?: string | number`, and RequestId has no null); earlier revisions keep JSON-RPC 2.0's id null.
 */
export function unreadableIdError(reply: Record<string, unknown>, modern: boolean): Record<string, unknown> {
  // A refusal that could read the id (a strict envelope check, say) echoes it.
  if (!modern || reply.id !== null || isOn('unreadable-id-error-id-null')) return reply;
  const { id: _unread, ...rest } = reply;
  return rest;
}

export function notification(method: string, params?: Record<string, unknown>): Record<string, unknown> {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

export function isResponse(msg: Outbound): boolean {
  if (Array.isArray(msg)) return true;
  return !('method' in msg);
}

const PLACEHOLDER = '\u0000mcp-ref-raw-id\u0000';

function encodeOne(msg: Record<string, unknown>): string {
  const raw = (msg as { [RAW_ID]?: string })[RAW_ID];
  if (raw === undefined) return JSON.stringify(msg);
  // `id` is the second member of every response built here, so the first match is it.
  return JSON.stringify({ ...msg, id: PLACEHOLDER }).replace(JSON.stringify(PLACEHOLDER), raw);
}

/** One compact line of JSON (no embedded newline: JSON.stringify escapes them). */
export function encode(msg: Outbound): string {
  return Array.isArray(msg) ? `[${msg.map(encodeOne).join(',')}]` : encodeOne(msg);
}
