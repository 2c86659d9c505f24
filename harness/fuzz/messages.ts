// Fuzz inputs as small descriptors (so a shrunk counterexample reads well: "ping with params
// nested 10000 deep", not 20 KB of brackets) and their rendering to wire text. Ids are made
// unique per connection at rendering time; hostile parts that JSON.stringify cannot write
// (10 000-deep nesting, integers beyond doubles) are spliced in as raw text.
import type { JsonRpcId } from '../jsonrpc/types.js';

/** What class of input it is: it decides what each property may expect of the answer. */
export type InputClass =
  /** A well-formed request of a method the server declares. */
  | 'valid'
  /** A well-formed request with a member the schema does not name (allowed: answer normally). */
  | 'extra-member'
  /** A declared method whose params break the schema on a required member: JSON-RPC -32602. */
  | 'invalid-params'
  /** An optional member of the wrong type: -32602 if refused, a result is acceptable. */
  | 'invalid-params-lenient'
  /** A method nobody defined: JSON-RPC -32601. */
  | 'unknown-method'
  /** Valid id and envelope, awkward content (Unicode edge cases, nesting, long strings). */
  | 'stress'
  /** Valid JSON that is not a valid request object: JSON-RPC -32600 (or silence). */
  | 'invalid-request'
  /** Not JSON at all: JSON-RPC -32700 (or silence). */
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

export function render(input: FuzzInput, ids: IdSource): Rendered {
  if (isRaw(input)) return { input, text: input.text };
  const id = ids.make(input.id);
  const msg: Record<string, unknown> = {};
  if (!input.omitJsonrpc) msg.jsonrpc = input.jsonrpc === undefined ? '2.0' : input.jsonrpc;
  if (id !== undefined) msg.id = id;
  else if (input.id.kind === 'raw') msg.id = `${RAW}id`;
  msg.method = input.method;
  let params = input.params;
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
  return { input, text, ...(id !== undefined ? { id } : {}), ...(typeof input.method === 'string' ? { method: input.method } : {}) };
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
