// The client's own small JSON-RPC 2.0 layer: builders, classification of inbound frames,
// error codes. Independent of harness/ by design (the suite must not prove itself with itself).
import { isOn } from './faults.js';

export type Id = string | number;
export type Json = Record<string, unknown>;

export const Code = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  HeaderMismatch: -32020,
  MissingClientCapability: -32021,
  UnsupportedProtocolVersion: -32022,
} as const;

/** Errors a modern (2026-07-28) server answers with; seeing one identifies a modern server. */
export const MODERN_ERROR_CODES: readonly number[] = [Code.HeaderMismatch, Code.MissingClientCapability, Code.UnsupportedProtocolVersion];

/** A JSON-RPC error the peer answered with (status is the HTTP status when it came over HTTP). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    readonly status?: number,
  ) {
    super(`${message} (${code})`);
  }
}

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isId(v: unknown): v is Id {
  return typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));
}

/** Map key for an id that keeps its JSON type apart ("1" and 1 are different ids). */
export function idKey(id: unknown): string {
  return JSON.stringify(id) ?? 'undefined';
}

export function request(id: Id, method: string, params?: Json): Json {
  return params === undefined ? { jsonrpc: '2.0', id, method } : { jsonrpc: '2.0', id, method, params };
}

export function notification(method: string, params?: Json): Json {
  return params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params };
}

export type Inbound =
  | { kind: 'request'; id: Id; method: string; params: Json }
  | { kind: 'notification'; method: string; params: Json }
  | { kind: 'response'; id: unknown; result?: Json; error?: { code: number; message: string; data?: unknown } }
  | { kind: 'invalid' };

/** Classifies one parsed value (untrusted) as a JSON-RPC message. */
export function classify(v: unknown): Inbound {
  if (!isObject(v) || v.jsonrpc !== '2.0') return { kind: 'invalid' };
  const params = isObject(v.params) ? v.params : {};
  if (typeof v.method === 'string') {
    if (!('id' in v)) return { kind: 'notification', method: v.method, params };
    return isId(v.id) ? { kind: 'request', id: v.id, method: v.method, params } : { kind: 'invalid' };
  }
  if (isObject(v.error)) {
    const code = typeof v.error.code === 'number' ? v.error.code : Code.InternalError;
    const message = typeof v.error.message === 'string' ? v.error.message : 'error';
    return { kind: 'response', id: v.id, error: { code, message, data: v.error.data } };
  }
  if ('result' in v) return { kind: 'response', id: v.id, result: isObject(v.result) ? v.result : {} };
  return { kind: 'invalid' };
}

/** Parses a JSON text into the messages it carries (a batch array yields its members). */
export function parseMessages(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  return membersOf(value);
}

/** The messages one parsed frame carries: a batch (JSON array) yields its members. */
export function membersOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) return [value];
  return isOn('server-batch-ignored') ? [] : value;
}

/** One compact line (JSON.stringify escapes newlines inside strings). */
export function encode(msg: unknown): string {
  return JSON.stringify(msg);
}
