// The 2026-07-28 rules for values mirrored into headers (streamable-http#value-encoding): which
// values may go plain, which need the base64 sentinel, what a header decodes to, and the string
// form of an x-mcp-header parameter; plus the x-mcp-header annotations of a tool's inputSchema
// (streamable-http#schema-extension) and the tools a client had seen at a point of its run.
import type { Recording } from '../../../../../harness/client/recording.js';
import { posts, requestOf } from '../../../support/http.js';
import { isObject, type Json } from '../../../../../harness/rules/json.js';

const PREFIX = '=?base64?';
const SUFFIX = '?=';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** RFC 9110 token characters (an x-mcp-header value). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
const MAX_DEPTH = 32;

export const looksLikeSentinel = (v: string): boolean => v.startsWith(PREFIX) && v.endsWith(SUFFIX);

/**
 * "When a value cannot be safely represented as a plain ASCII header value (e.g., it contains
 * non-ASCII characters, control characters, or has leading/trailing whitespace), clients MUST
 * use Base64 encoding", and so for a value that matches the sentinel pattern. An inner tab is
 * left undecided (RFC 9110 allows it in field values; the spec also names control characters):
 * it is neither required to be encoded nor judged.
 */
export function mustEncode(v: string): boolean {
  return /[^\t\x20-\x7e]/.test(v) || /^[ \t]|[ \t]$/.test(v) || looksLikeSentinel(v);
}

/** May the value travel as is? (Plain visible ASCII, inner spaces and tabs, not a look-alike.) */
export const mayBePlain = (v: string): boolean => !mustEncode(v);

/** The exact sentinel form of a value ("=?base64?" + base64 of its UTF-8 + "?="). */
export const sentinelOf = (v: string): string => `${PREFIX}${Buffer.from(v, 'utf8').toString('base64')}${SUFFIX}`;

/** What a header value stands for: a sentinel decoded (when well-formed), or the value itself. */
export function decodeHeader(h: string): { value: string; sentinel: boolean; wellFormed: boolean } {
  if (!looksLikeSentinel(h)) return { value: h, sentinel: false, wellFormed: true };
  const inner = h.slice(PREFIX.length, h.length - SUFFIX.length);
  if (!BASE64.test(inner)) return { value: h, sentinel: true, wellFormed: false };
  return { value: Buffer.from(inner, 'base64').toString('utf8'), sentinel: true, wellFormed: true };
}

/** Does the header value carry `v` correctly: the well-formed sentinel of `v`, or `v` plain when allowed? */
export function carries(h: string, v: string): boolean {
  const d = decodeHeader(h);
  if (d.sentinel) return d.wellFormed && d.value === v;
  return mayBePlain(v) && h === v;
}

/** The string a parameter value becomes ("string as-is", "integer decimal", "boolean lowercase"); undefined when no rule applies. */
export function headerForm(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return undefined;
}

export interface Annotation {
  header: string;
  path: string[];
}

/** The x-mcp-header annotations of an inputSchema, or why they make the tool invalid. */
export function annotationsOf(inputSchema: unknown): { ok: true; annotations: Annotation[] } | { ok: false; reason: string } {
  const annotations: Annotation[] = [];
  let reason: string | undefined;
  const problem = (node: Json, path: string[], reachable: boolean): string | undefined => {
    const name = node['x-mcp-header'];
    if (!reachable || path.length === 0) return 'an x-mcp-header not reachable through properties alone';
    if (typeof name !== 'string' || !TOKEN.test(name)) return `x-mcp-header ${JSON.stringify(name)} is not an HTTP token`;
    if (annotations.some((a) => a.header.toLowerCase() === name.toLowerCase())) return `x-mcp-header "${name}" is not unique`;
    const types = (Array.isArray(node.type) ? node.type : [node.type]).filter((t) => t !== 'null');
    if (types.length !== 1 || !PRIMITIVE.has(types[0] as string)) return `x-mcp-header "${name}" is on a parameter that is not a string, integer or boolean`;
    annotations.push({ header: name, path });
    return undefined;
  };
  const walk = (node: unknown, path: string[], reachable: boolean, depth: number): void => {
    if (reason !== undefined || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, path, false, depth + 1));
    if (!isObject(node)) return;
    if ('x-mcp-header' in node) reason = problem(node, path, reachable);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'x-mcp-header' || key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || key === 'required') continue;
      if (key === 'properties' && isObject(value)) for (const [name, sub] of Object.entries(value)) walk(sub, [...path, name], reachable, depth + 1);
      else walk(value, path, false, depth + 1);
    }
  };
  walk(inputSchema, [], true, 0);
  return reason !== undefined ? { ok: false, reason } : { ok: true, annotations };
}

/** The value at a chain of property names (undefined when absent). */
export function valueAt(args: unknown, path: string[]): unknown {
  let v = args;
  for (const key of path) v = isObject(v) ? v[key] : undefined;
  return v;
}

/** The tool definitions the tool had sent in tools/list answers before `seq` (the latest wins). */
export function toolsSeenBefore(recording: Recording, seq: number): Map<string, Json> {
  const seen = new Map<string, Json>();
  for (const p of posts(recording)) {
    if (p.record.seq >= seq || requestOf(p)?.method !== 'tools/list') continue;
    for (const answer of p.record.answered ?? []) {
      const tools = isObject(answer) && isObject(answer.result) ? answer.result.tools : undefined;
      if (!Array.isArray(tools)) continue;
      for (const t of tools) if (isObject(t) && typeof t.name === 'string') seen.set(t.name, t);
    }
  }
  return seen;
}
