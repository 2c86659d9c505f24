// Reading a client's HTTP traffic from the recording: the requests it made (method, headers,
// parsed bodies), the sessions the tool issued, and which requests belong to which session.
import type { Recording } from '../../../harness/client/recording.js';
import type { Json } from '../../../harness/rules/json.js';

export type HttpRecord = Recording['http'][number];
export type { Json };

export interface Post {
  record: HttpRecord;
  /** The JSON-RPC messages of the body (a batch gives several). */
  messages: Json[];
}

/** Header value by case-insensitive name (the recording keeps names lower-cased). */
export function header(r: HttpRecord, name: string): string | undefined {
  return r.headers[name.toLowerCase()];
}

export function messagesOf(r: HttpRecord): Json[] {
  if (r.body === undefined) return [];
  try {
    const value: unknown = JSON.parse(r.body);
    return (Array.isArray(value) ? value : [value]).filter((m): m is Json => typeof m === 'object' && m !== null && !Array.isArray(m));
  } catch {
    return [];
  }
}

/** Every POST with its messages, in arrival order. */
export function posts(recording: Recording): Post[] {
  return recording.http.filter((r) => r.method === 'POST').map((record) => ({ record, messages: messagesOf(record) }));
}

export const isRequest = (m: Json): boolean => typeof m.method === 'string' && 'id' in m;

/** The request a POST carries (the first, for a batch). */
export function requestOf(p: Post): Json | undefined {
  return p.messages.find(isRequest);
}

export function paramsOf(m: Json): Json {
  return typeof m.params === 'object' && m.params !== null && !Array.isArray(m.params) ? (m.params as Json) : {};
}

/** Params without `_meta` (per-request metadata differs between sends of the same request). */
export function paramsSansMeta(m: Json): Json {
  const { _meta: _ignored, ...rest } = paramsOf(m);
  return rest;
}

/** Deep equality of JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Json)[k], (b as Json)[k]));
}

/** Media types listed in an Accept value (lower-cased, parameters dropped). */
export function mediaTypes(accept: string | undefined): string[] {
  return (accept ?? '').split(',').map((t) => (t.split(';')[0] ?? '').trim().toLowerCase()).filter((t) => t !== '');
}

/** One legacy session: the initialize POST whose answer issued it, and the requests sent in it. */
export interface Session {
  id: string;
  /** The initialize POST that received the id. */
  opened: HttpRecord;
  /** Every HTTP request after `opened` and before the next initialize POST. */
  window: HttpRecord[];
  /**
   * The requests the client sent knowing the id. A message may have left before the initialize
   * answer arrived (nothing to echo yet; only a client that does not wait for it sends one):
   * POSTs before the first request that carries the id, and requests numbered below it, are
   * left out. GET and DELETE always count (no client opens a stream or ends a session it
   * has not been given).
   */
  known: HttpRecord[];
}

const isInitializePost = (r: HttpRecord): boolean => r.method === 'POST' && messagesOf(r).some((m) => m.method === 'initialize');

/** The numeric JSON-RPC id of the request a POST carries. */
export function numericId(r: HttpRecord): number | undefined {
  const id = messagesOf(r).find(isRequest)?.id;
  return typeof id === 'number' ? id : undefined;
}

export function sessions(recording: Recording): Session[] {
  const all = recording.http;
  const out: Session[] = [];
  all.forEach((r, i) => {
    if (!r.issuedSession) return;
    const id = r.issuedSession;
    const rest = all.slice(i + 1);
    const end = rest.findIndex(isInitializePost);
    const window = end === -1 ? rest : rest.slice(0, end);
    const anchor = window.findIndex((x) => x.method === 'POST' && header(x, 'mcp-session-id') === id && messagesOf(x).some(isRequest));
    const anchorId = anchor === -1 ? undefined : numericId(window[anchor] as HttpRecord);
    const known = window.filter((x, k) => {
      if (x.method !== 'POST' || header(x, 'mcp-session-id') !== undefined) return true;
      if (anchor === -1 || k < anchor) return false;
      const n = numericId(x);
      return !(n !== undefined && anchorId !== undefined && n < anchorId);
    });
    out.push({ id, opened: r, window, known });
  });
  return out;
}

/** "POST tools/call", "GET", "DELETE": what a request was, for evidence. */
export function describeRequest(r: HttpRecord): string {
  const m = messagesOf(r)[0];
  return m && typeof m.method === 'string' ? `${r.method} ${m.method}` : m ? `${r.method} (a response)` : r.method;
}
