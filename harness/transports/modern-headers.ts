// The request metadata headers of Streamable HTTP at 2026-07-28 (basic/transports/
// streamable-http#request-metadata): body fields mirrored into MCP-Protocol-Version,
// Mcp-Method, Mcp-Name and Mcp-Param-{Name}, with the base64 sentinel for unsafe values.
import type { HeaderOverrides } from '../transport.js';

const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
/**
 * Methods whose target goes into Mcp-Name: params.name or params.uri (core), params.taskId
 * (the io.modelcontextprotocol/tasks extension's tasks/get, tasks/update, tasks/cancel).
 */
const NAMED: Record<string, 'name' | 'uri' | 'taskId'> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'tasks/get': 'taskId',
  'tasks/update': 'taskId',
  'tasks/cancel': 'taskId',
};
const SENTINEL = /^=\?base64\?.*\?=$/s;

/** A header value as is when it is plain visible ASCII, else `=?base64?...?=` (#value-encoding). */
export function encodeHeaderValue(value: string): string {
  const plain = /^[\x21-\x7e]([\x20-\x7e\t]*[\x21-\x7e])?$/.test(value) && !SENTINEL.test(value);
  return plain ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The decoded value of a header that may use the sentinel; undefined when the sentinel is malformed. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!SENTINEL.test(value)) return value;
  const b64 = value.slice('=?base64?'.length, -2);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) return undefined;
  return Buffer.from(b64, 'base64').toString('utf8');
}

/** An x-mcp-header value a conforming client accepts: an RFC 9110 token (1*tchar). */
export const isHeaderNamePart = (name: string): boolean => /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name);

/** Property paths annotated with x-mcp-header in a tool's inputSchema (through `properties` only). */
export function headerParams(inputSchema: unknown): { name: string; path: string[]; type: unknown }[] {
  const out: { name: string; path: string[]; type: unknown }[] = [];
  const walk = (schema: unknown, path: string[]): void => {
    if (typeof schema !== 'object' || schema === null) return;
    const s = schema as Record<string, unknown>;
    if (path.length > 0 && typeof s['x-mcp-header'] === 'string') out.push({ name: s['x-mcp-header'], path, type: s.type });
    const props = s.properties;
    if (typeof props !== 'object' || props === null) return;
    for (const [key, sub] of Object.entries(props)) walk(sub, [...path, key]);
  };
  walk(inputSchema, []);
  return out;
}

function valueAt(args: unknown, path: string[]): unknown {
  let v: unknown = args;
  for (const key of path) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * The headers a conforming 2026-07-28 client sends with this message. `inputSchemaOf` gives a
 * tool's inputSchema by name, for the Mcp-Param-* headers of tools/call.
 */
export function mirroredHeaders(message: Record<string, unknown>, inputSchemaOf?: (tool: string) => unknown): HeaderOverrides {
  const headers: HeaderOverrides = {};
  const params = (typeof message.params === 'object' && message.params !== null ? message.params : {}) as Record<string, unknown>;
  const meta = (typeof params._meta === 'object' && params._meta !== null ? params._meta : {}) as Record<string, unknown>;
  if (typeof meta[PROTOCOL_VERSION_KEY] === 'string') headers['MCP-Protocol-Version'] = meta[PROTOCOL_VERSION_KEY];
  if (typeof message.method !== 'string') return headers;
  headers['Mcp-Method'] = message.method;
  const field = NAMED[message.method];
  const target = field ? params[field] : undefined;
  if (typeof target === 'string') headers['Mcp-Name'] = encodeHeaderValue(target);
  if (message.method === 'tools/call' && typeof params.name === 'string' && inputSchemaOf) {
    for (const p of headerParams(inputSchemaOf(params.name))) {
      const v = valueAt(params.arguments, p.path);
      if (v === undefined || v === null) continue;
      const text = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
      if (text !== undefined) headers[`Mcp-Param-${p.name}`] = encodeHeaderValue(text);
    }
  }
  return headers;
}
