// Fuzz inputs as small descriptors (so a shrunk counterexample reads well: "ping with params
// nested 10000 deep", not 20 KB of brackets) and their rendering to wire text. Ids are made
// unique per connection at rendering time; hostile parts that JSON.stringify cannot write
// (10 000-deep nesting, integers beyond doubles) are spliced in as raw text.
import type { JsonRpcId } from '../jsonrpc/types.js';

/** What class of input it is: it decides what each property may expect of the answer (classes.ts). */
export type InputClass =
  /** A well-formed request of a method the server declares. */
  | 'valid'
  /** A well-formed request whose params have a member the schema does not name (answer normally). */
  | 'extra-member'
  /** A well-formed request with a top-level member besides jsonrpc, id, method and params. */
  | 'extra-envelope'
  /** A declared method whose params break the schema on a required member: JSON-RPC InvalidParams. */
  | 'invalid-params'
  /** 2026-07-28: a request whose _meta lacks one required field (the other is there): InvalidParams. */
  | 'meta-missing'
  /** 2026-07-28: a request with no modern _meta at all (params absent or not an object). */
  | 'era-ambiguous'
  /** An optional member of the wrong type: InvalidParams if refused, a result is acceptable. */
  | 'invalid-params-lenient'
  /** A method nobody defined: JSON-RPC MethodNotFound. */
  | 'unknown-method'
  /** Valid id and envelope, awkward content (Unicode edge cases, nesting, long strings). */
  | 'stress'
  /** Valid JSON that is not a valid request object: JSON-RPC InvalidRequest (or silence). */
  | 'invalid-request'
  /** Params that are not structured (null, a number): InvalidRequest if refused, a result is acceptable. */
  | 'invalid-request-lenient'
  /** Not JSON at all: JSON-RPC ParseError (or silence). */
  | 'parse'
  /** Anything goes (huge payloads, ids beyond doubles): only survival is judged. */
  | 'hostile'
  /** A well-formed notification: never answered. */
  | 'notification';

export type IdSpec =
  | { kind: 'counter' }
  | { kind: 'string' }
  | { kind: 'unicode-string' }
  | { kind: 'long-string'; length: number }
  | { kind: 'negative' }
  | { kind: 'zero' }
  | { kind: 'big-safe' }
  /** Not usable as a reply key: sent as a raw lexeme. */
  | { kind: 'raw'; lexeme: string }
  | { kind: 'absent' };

/** Hostile content, placed at `params.fuzz`. */
export type Payload =
  | { kind: 'deep'; depth: number }
  | { kind: 'big-string'; length: number }
  | { kind: 'text'; text: string }
  | { kind: 'number'; lexeme: string };

export interface FuzzMessage {
  /** One line a user understands, e.g. "prompts/get without `name`". */
  label: string;
  cls: InputClass;
  method: unknown;
  id: IdSpec;
  /** Omitted when undefined. */
  params?: unknown;
  /** Default "2.0"; `omitJsonrpc` leaves the member out. */
  jsonrpc?: unknown;
  omitJsonrpc?: boolean;
  /** Top-level members besides jsonrpc, id, method, params. */
  extra?: Record<string, unknown>;
  payload?: Payload;
  /** Error codes accepted besides the one of its class (where JSON-RPC 2.0 can be read two ways). */
  alsoAccept?: number[];
  /**
   * 2026-07-28: how the era's per-request _meta goes in (default: all of it, into object
   * params). `omit`: none; `without-version` / `without-capabilities`: all but that field.
   */
  meta?: 'omit' | 'without-version' | 'without-capabilities';
}

/** Text sent as is (parse errors, non-object JSON). */
export interface RawFrame {
  label: string;
  cls: 'parse' | 'invalid-request' | 'hostile';
  text: string;
}

export type FuzzInput = FuzzMessage | RawFrame;

export const isRaw = (i: FuzzInput): i is RawFrame => 'text' in i;

/** The wire form of one input and the id its answer must carry (when one is owed). */
export interface Rendered {
  input: FuzzInput;
  text: string;
  /** The id a reply must repeat; undefined for notifications and unreadable ids. */
  id?: JsonRpcId;
  method?: string;
  /** Some string of it (method, member name or value) holds a lone surrogate (RFC 8259 section 8.2). */
  open: boolean;
  /** 2026-07-28: a request that carries none of the era's _meta fields (a server may take it for another era). */
  ambiguous: boolean;
  /** 2026-07-28: a request without _meta protocolVersion: it names no revision its answer could be held to. */
  versionless?: boolean;
}

/** How to render for the era under test: the modern per-request _meta, absent in the legacy era. */
export interface RenderOptions {
  meta?: Record<string, unknown>;
}

/** The _meta keys a 2026-07-28 request must carry (basic#meta), and the optional clientInfo. */
export const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
const META_INFO = 'io.modelcontextprotocol/clientInfo';

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Params with the era's _meta merged in (what the message says to leave out left out). */
function withMeta(params: unknown, meta: Record<string, unknown>, how: FuzzMessage['meta']): unknown {
  if (how === 'omit') {
    if (!isPlain(params) || !('_meta' in params)) return params;
    const { _meta: _generated, ...rest } = params;
    return rest;
  }
  const base = params === undefined ? {} : params;
  if (!isPlain(base)) return params; // an array or a scalar cannot carry _meta
  // Generated _meta may hold schema-valid but random protocol fields: the era's replace them.
  const own = isPlain(base._meta) ? { ...base._meta } : {};
  for (const k of [META_VERSION, META_CAPABILITIES, META_INFO]) delete own[k];
  const merged: Record<string, unknown> = { ...own, ...meta };
  if (how === 'without-version') delete merged[META_VERSION];
  if (how === 'without-capabilities') delete merged[META_CAPABILITIES];
  return { ...base, _meta: merged };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Does any string in `v` (keys included) hold a lone surrogate? */
export function hasLoneSurrogate(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return LONE_SURROGATE.test(v);
  if (depth > 32 || typeof v !== 'object' || v === null) return false;
  if (Array.isArray(v)) return v.some((x) => hasLoneSurrogate(x, depth + 1));
  return Object.entries(v).some(([k, x]) => LONE_SURROGATE.test(k) || hasLoneSurrogate(x, depth + 1));
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Numeric ids of the fuzzer start here, far from the peer's own 1, 2, 3... */
const NUMERIC_BASE = 1_000_000_000;
const RAW = '\u0000fz-raw\u0000';

/** Per connection: ids are never reused within a session (basic#requests). */
export class IdSource {
  private n = 0;
  private zeroUsed = false;
  readonly used = new Set<string>();

  make(spec: IdSpec): JsonRpcId | undefined {
    const n = ++this.n;
    let id: JsonRpcId | undefined;
    switch (spec.kind) {
      case 'counter':
        id = NUMERIC_BASE + n;
        break;
      case 'string':
        id = `fz-${n}`;
        break;
      case 'unicode-string':
        id = `fz-${n}-é✓😀\u202eß\u0000`;
        break;
      case 'long-string':
        id = `fz-${n}-`.padEnd(Math.max(spec.length, 8), 'x');
        break;
      case 'negative':
        id = -(NUMERIC_BASE + n);
        break;
      case 'zero':
        id = this.zeroUsed ? NUMERIC_BASE + n : 0;
        this.zeroUsed = true;
        break;
      case 'big-safe':
        id = MAX_SAFE - n;
        break;
      default:
        return undefined;
    }
    this.used.add(idKey(id));
    return id;
  }
}

export function idKey(id: unknown): string {
  return typeof id === 'string' ? `s:${id}` : `n:${String(id)}`;
}

export function render(input: FuzzInput, ids: IdSource, opts: RenderOptions = {}): Rendered {
  if (isRaw(input)) return { input, text: input.text, open: false, ambiguous: false };
  const id = ids.make(input.id);
  const msg: Record<string, unknown> = {};
  if (!input.omitJsonrpc) msg.jsonrpc = input.jsonrpc === undefined ? '2.0' : input.jsonrpc;
  if (id !== undefined) msg.id = id;
  else if (input.id.kind === 'raw') msg.id = `${RAW}id`;
  msg.method = input.method;
  const request = input.id.kind !== 'absent';
  let params = opts.meta && request ? withMeta(input.params, opts.meta, input.meta) : input.params;
  const meta = isPlain(params) && isPlain(params._meta) ? params._meta : {};
  const versionless = opts.meta !== undefined && request && !(META_VERSION in meta);
  const ambiguous = versionless && !(META_CAPABILITIES in meta);
  const open = hasLoneSurrogate(input.method) || hasLoneSurrogate(params) || (input.payload?.kind === 'text' && hasLoneSurrogate(input.payload.text));
  const raws: Record<string, string> = input.id.kind === 'raw' ? { id: input.id.lexeme } : {};
  if (input.payload) {
    const base = typeof params === 'object' && params !== null && !Array.isArray(params) ? params : {};
    params = { ...base, fuzz: `${RAW}payload` };
    raws.payload = payloadText(input.payload);
  }
  if (params !== undefined) msg.params = params;
  Object.assign(msg, input.extra ?? {});
  let text = JSON.stringify(msg);
  for (const [name, raw] of Object.entries(raws)) text = text.replace(JSON.stringify(`${RAW}${name}`), raw);
  return { input, text, ...(id !== undefined ? { id } : {}), ...(typeof input.method === 'string' ? { method: input.method } : {}), open, ambiguous, ...(versionless ? { versionless } : {}) };
}

function payloadText(p: Payload): string {
  switch (p.kind) {
    case 'deep':
      return `${'['.repeat(p.depth)}${']'.repeat(p.depth)}`;
    case 'big-string':
      return JSON.stringify('x'.repeat(p.length));
    case 'text':
      return JSON.stringify(p.text);
    case 'number':
      return p.lexeme;
  }
}

/** One line for evidence: the descriptor without its bulk. */
export function describeInput(input: FuzzInput): string {
  if (isRaw(input)) return `${input.label}: ${JSON.stringify(input.text.length > 120 ? `${input.text.slice(0, 120)}…` : input.text)}`;
  const id = describeId(input.id);
  return id ? `${input.label} (id ${id})` : input.label;
}

function describeId(id: IdSpec): string | undefined {
  switch (id.kind) {
    case 'long-string':
      return `a ${id.length}-character string`;
    case 'unicode-string':
      return 'a string with NUL, RTL and emoji';
    case 'negative':
    case 'zero':
      return id.kind;
    case 'big-safe':
      return 'near 2^53';
    default:
      return undefined;
  }
}
