// The 2026-07-28 request-metadata headers: MCP-Protocol-Version, Mcp-Method, Mcp-Name and
// Mcp-Param-{Name} mirrored from the body, the base64 sentinel for unsafe values, and the
// validity rules of x-mcp-header annotations (streamable-http#request-metadata).
import { isOn } from '../faults.js';
import { isObject, type Json } from '../jsonrpc.js';
import { TASK_METHODS } from '../tasks.js';

const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Keywords whose values are data, not subschemas. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required']);
const MAX_DEPTH = 32;

function looksLikeSentinel(v: string): boolean {
  return v.startsWith(SENTINEL_PREFIX) && v.endsWith(SENTINEL_SUFFIX);
}

/** SHTTP-121: plain visible ASCII (inner spaces allowed) as is; anything else base64 in the sentinel. */
export function encodeHeaderValue(v: string): string {
  const plain = /^[\x20-\x7e]*$/.test(v) && v === v.trim();
  if (plain && !looksLikeSentinel(v)) return v;
  if (plain && isOn('http-sentinel-lookalike-not-encoded')) return v;
  // Raw, as far as Node lets a header value through (it rejects controls and code points above 0xFF).
  if (!plain && isOn('http-header-value-not-encoded')) return v.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
  return `${SENTINEL_PREFIX}${Buffer.from(v, 'utf8').toString('base64')}${SENTINEL_SUFFIX}`;
}

interface Annotation {
  header: string;
  path: string[];
}

/** The x-mcp-header annotations of an inputSchema, or the reason the tool must be dropped (SHTTP-131). */
export function headerAnnotations(inputSchema: unknown): { ok: true; annotations: Annotation[] } | { ok: false; reason: string } {
  const annotations: Annotation[] = [];
  let reason: string | undefined;
  const walk = (node: unknown, path: string[], reachable: boolean, depth: number): void => {
    if (reason || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) return node.forEach((n) => walk(n, path, false, depth + 1));
    if (!isObject(node)) return;
    if ('x-mcp-header' in node) reason ??= annotationProblem(node, path, reachable, annotations);
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key) || key === 'x-mcp-header') continue;
      if (key === 'properties' && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, [...path, name], reachable, depth + 1);
      } else walk(value, path, false, depth + 1);
    }
  };
  walk(inputSchema, [], true, 0);
  return reason ? { ok: false, reason } : { ok: true, annotations };
}

function annotationProblem(node: Json, path: string[], reachable: boolean, seen: Annotation[]): string | undefined {
  const header = node['x-mcp-header'];
  if (!reachable || path.length === 0) return 'x-mcp-header on a schema not reachable through properties alone';
  if (typeof header !== 'string' || !TOKEN.test(header)) return `x-mcp-header ${JSON.stringify(header)} is not an HTTP token`;
  if (seen.some((a) => a.header.toLowerCase() === header.toLowerCase())) return `x-mcp-header "${header}" is not unique`;
  const types = (Array.isArray(node.type) ? node.type : [node.type]).filter((t) => t !== 'null');
  if (types.length !== 1 || !PRIMITIVE.has(types[0] as string)) return `x-mcp-header "${header}" on a parameter that is not a string, integer or boolean`;
  seen.push({ header, path });
  return undefined;
}

function at(args: unknown, path: string[]): unknown {
  let v = args;
  for (const key of path) v = isObject(v) ? v[key] : undefined;
  return v;
}

/** SHTTP-130: one Mcp-Param-{Name} per annotated parameter that has a value. */
export function paramHeaders(inputSchema: unknown, args: unknown): Record<string, string> {
  const found = headerAnnotations(inputSchema);
  if (!found.ok || isOn('http-mcp-param-missing')) return {};
  const out: Record<string, string> = {};
  for (const a of found.annotations) {
    const v = at(args, a.path);
    if (typeof v === 'string') out[`Mcp-Param-${a.header}`] = encodeHeaderValue(v);
    else if (typeof v === 'number' && Number.isSafeInteger(v)) out[`Mcp-Param-${a.header}`] = String(v);
    else if (typeof v === 'boolean') out[`Mcp-Param-${a.header}`] = isOn('http-mcp-param-boolean-capitalized') ? (v ? 'True' : 'False') : String(v);
  }
  return out;
}

const NAMED: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** The headers of one modern POST; `afterProbe` is false only for the era probe. */
export function modernHeaders(msg: Json, version: string, toolSchemas: ReadonlyMap<string, unknown>, afterProbe: boolean): Record<string, string> {
  const h: Record<string, string> = {};
  if (!(afterProbe && isOn('http-modern-protocol-version-missing'))) h['MCP-Protocol-Version'] = afterProbe && isOn('http-modern-protocol-version-mismatch') ? '2025-11-25' : version;
  if (typeof msg.method !== 'string') return h;
  if (!isOn('http-mcp-method-missing')) h['Mcp-Method'] = msg.method;
  const params = isObject(msg.params) ? msg.params : {};
  const field = NAMED[msg.method];
  const name = field ? params[field] : undefined;
  if (typeof name === 'string' && !isOn('http-mcp-name-missing')) h['Mcp-Name'] = encodeHeaderValue(name);
  // TASK-104: a request about a task names it in Mcp-Name.
  if (TASK_METHODS.has(msg.method) && typeof params.taskId === 'string' && !isOn('tasks-mcp-name-missing')) h['Mcp-Name'] = encodeHeaderValue(params.taskId);
  if (msg.method === 'tools/call' && typeof name === 'string') Object.assign(h, paramHeaders(toolSchemas.get(name), params.arguments));
  return h;
}
