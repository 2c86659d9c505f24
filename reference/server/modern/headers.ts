// transports/streamable-http#server-validation at 2026-07-28: the request metadata headers
// (MCP-Protocol-Version, Mcp-Method, Mcp-Name, Mcp-Param-*) must be present where required,
// hold only visible ASCII (or the =?base64?...?= sentinel) and equal the body. Each refusal
// is a HeaderMismatch error (-32020, HTTP 400).
import type { IncomingMessage } from 'node:http';
import type { ToolDef } from '../catalog/tools.js';
import { isOn } from '../faults.js';
import { headerMismatch } from './errors.js';

/** The canonical spellings (a fault recognises only these, and all lower case). */
const NAMES = { version: 'MCP-Protocol-Version', method: 'Mcp-Method', name: 'Mcp-Name' } as const;
/** transports/streamable-http#standard-request-headers: Mcp-Name mirrors params.name or params.uri. */
const NAME_SOURCE: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };
const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value; names compare case-insensitively (transports/streamable-http#case-sensitivity). */
export function headerOf(req: IncomingMessage, name: string): string | undefined {
  if (isOn('modern-http-header-names-case-sensitive')) {
    // Only the canonical spelling, or all lower case (what fetch sends).
    const at = req.rawHeaders.findIndex((h, i) => i % 2 === 0 && (h === name || h === name.toLowerCase()));
    return at >= 0 ? req.rawHeaders[at + 1] : undefined;
  }
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** A header value as text: plain visible ASCII, or the decoded base64 sentinel; null when invalid. */
function decoded(raw: string): string | null {
  // Node reads header bytes as latin1: anything past 0x7E was not ASCII on the wire.
  let value = raw;
  if (!/^[\x20-\x7E\t]*$/.test(raw)) {
    if (!isOn('modern-http-header-invalid-chars-accepted')) return null;
    value = Buffer.from(raw, 'latin1').toString('utf8');
  }
  const m = SENTINEL.exec(value);
  if (!m || isOn('modern-http-sentinel-not-decoded')) return value;
  const bytes = Buffer.from(m[1] as string, 'base64');
  if (bytes.toString('base64') !== m[1]) return null; // not canonical base64
  const text = new TextDecoder('utf-8', { fatal: true });
  try {
    return text.decode(bytes);
  } catch {
    return null;
  }
}

/** Version, method and name headers of a request (before the body's _meta is read). */
export function checkStandardHeaders(req: IncomingMessage, method: string, params: Record<string, unknown>): void {
  if (headerOf(req, NAMES.version) === undefined && !isOn('modern-http-version-header-optional')) {
    throw headerMismatch(`the ${NAMES.version} header is required`);
  }
  const m = headerOf(req, NAMES.method);
  if (m === undefined) {
    if (!isOn('modern-http-method-header-optional')) throw headerMismatch(`the ${NAMES.method} header is required`);
  } else if (!sameMethod(m, method) && !isOn('modern-http-method-header-unchecked')) {
    throw headerMismatch(`${NAMES.method} header value '${m}' does not match body value '${method}'`);
  }
  const source = NAME_SOURCE[method];
  if (source === undefined) return;
  const raw = headerOf(req, NAMES.name);
  if (raw === undefined) {
    if (isOn('modern-http-name-header-optional')) return;
    throw headerMismatch(`the ${NAMES.name} header is required for ${method}`);
  }
  const value = decoded(raw);
  if (value === null) throw headerMismatch(`${NAMES.name} holds characters outside visible ASCII (use the =?base64?...?= form)`);
  const body = params[source];
  if (typeof body === 'string' && value !== body && !isOn('modern-http-name-header-unchecked')) {
    throw headerMismatch(`${NAMES.name} header value '${raw}' does not match body value '${body}'`);
  }
}

/** Header values are case-sensitive (a fault compares method names case-insensitively). */
function sameMethod(header: string, body: string): boolean {
  return isOn('modern-http-method-header-case-insensitive') ? header.toLowerCase() === body.toLowerCase() : header === body;
}

/** transports/streamable-http#protocol-version-header: the header equals the body's _meta version. */
export function checkVersionHeader(req: IncomingMessage, bodyVersion: string): void {
  const header = headerOf(req, NAMES.version);
  if (header === undefined || header === bodyVersion || isOn('modern-http-version-mismatch-accepted')) return;
  throw headerMismatch(`${NAMES.version} header value '${header}' does not match _meta protocolVersion '${bodyVersion}'`);
}

/** transports/streamable-http#server-behavior-for-custom-headers: every x-mcp-header argument present has its equal header. */
export function checkParamHeaders(req: IncomingMessage, tool: ToolDef, args: Record<string, unknown>): void {
  for (const [prop, schema] of Object.entries(tool.inputSchema.properties)) {
    const name = schema['x-mcp-header'];
    const value = args[prop];
    if (name === undefined || value === undefined || value === null) continue; // no value: no header expected
    const header = `Mcp-Param-${name}`;
    const raw = headerOf(req, header);
    if (raw === undefined) {
      if (isOn('modern-http-param-header-optional')) continue;
      throw headerMismatch(`the ${header} header is required when argument "${prop}" is present`);
    }
    const text = decoded(raw);
    if (text === null) throw headerMismatch(`${header} holds characters outside visible ASCII (use the =?base64?...?= form)`);
    if (!paramMatches(text, value) && !isOn('modern-http-param-header-unchecked')) {
      throw headerMismatch(`${header} header value '${raw}' does not match argument "${prop}" (${JSON.stringify(value)})`);
    }
  }
}

/** Integers compare numerically (42.0 equals 42), booleans as true/false, strings exactly. */
function paramMatches(header: string, value: unknown): boolean {
  if (typeof value === 'number') {
    if (isOn('modern-http-param-integer-as-string')) return header === String(value);
    return header.trim() !== '' && Number(header) === value;
  }
  if (typeof value === 'boolean') return header === String(value);
  return typeof value === 'string' && header === value;
}
