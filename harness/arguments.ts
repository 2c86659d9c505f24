// Arguments from a JSON Schema: a valid instance for a tool's inputSchema (or a prompt's
// arguments), built from defaults, examples, enums and type constraints, then confirmed with
// ajv. When no valid instance can be made, say so: the caller skips with that reason.
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Schema = Record<string, unknown>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** Sample strings that satisfy common formats. */
const FORMAT_SAMPLES: Record<string, string> = {
  uri: 'https://example.com/mcp-conformance',
  'uri-reference': 'https://example.com/mcp-conformance',
  url: 'https://example.com/mcp-conformance',
  email: 'conformance@example.com',
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
  hostname: 'example.com',
  ipv4: '127.0.0.1',
  ipv6: '::1',
};

export interface GeneratedArguments {
  ok: boolean;
  value: Record<string, unknown>;
  /** Why no valid instance could be produced (when !ok). */
  reason?: string;
}

export type Dialect = 'draft-07' | '2020-12';

/**
 * The dialect a target-supplied schema is written in: the one its `$schema` names, else
 * `fallback` (the revision's default: draft-07 up to 2025-06-18, 2020-12 from 2025-11-25).
 * Undefined when `$schema` names a dialect this tool cannot compile (draft-04, 2019-09, ...).
 */
export function dialectOf(schema: unknown, fallback: Dialect): Dialect | undefined {
  const declared = typeof schema === 'object' && schema !== null ? (schema as Schema).$schema : undefined;
  if (declared === undefined) return fallback;
  if (typeof declared !== 'string') return undefined;
  if (/json-schema\.org\/draft-0[67]\/schema#?$/.test(declared)) return 'draft-07';
  if (/json-schema\.org\/draft\/2020-12\/schema#?$/.test(declared)) return '2020-12';
  return undefined;
}

/**
 * A valid object for `schema` (an inputSchema). `dialect` is the default when the schema
 * declares no `$schema`; a declared one wins (see dialectOf).
 */
export function argumentsFor(schema: unknown, dialect: Dialect = '2020-12'): GeneratedArguments {
  if (typeof schema !== 'object' || schema === null) return { ok: false, value: {}, reason: 'no inputSchema object' };
  const root = schema as Schema;
  const value = instanceOf(root, root, 0);
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const used = dialectOf(root, dialect);
  if (!used) return { ok: false, value: object, reason: `the inputSchema declares a dialect this tool does not support (${String(root.$schema)})` };
  const validate = compile(root, used);
  if (!validate) return { ok: false, value: object, reason: `the inputSchema does not compile as JSON Schema ${used}: ${compileProblem(root, used) ?? ''}` };
  if (validate(object)) return { ok: true, value: object };
  const first = validate.errors?.[0];
  return { ok: false, value: object, reason: `could not build valid arguments (${first?.instancePath || '(root)'} ${first?.message ?? ''})` };
}

interface Compiled {
  validate: ValidateFunction | null;
  /** Why it did not compile. */
  problem?: string;
  /** It did not compile only because a $ref points outside the schema (not fetched, by design). */
  unresolved?: boolean;
}

/**
 * Per schema text and dialect: compiling is the costly part, and every revision lists the
 * same tools again (new objects, the same text). Bounded: a hostile server may list many.
 */
const cache = new Map<string, Compiled>();
const CACHE_MAX = 1000;

function compiled(schema: Schema, dialect: Dialect): Compiled {
  const { $schema: _ignored, ...rest } = schema;
  const key = `${dialect} ${JSON.stringify(rest)}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let result: Compiled;
  try {
    result = { validate: compileWith(sharedAjv(dialect), rest) };
  } catch {
    // A fresh instance decides: the shared one may hold an $id of an earlier schema.
    try {
      result = { validate: compileWith(newAjv(dialect), rest) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      result = { validate: null, problem: message.slice(0, 300), unresolved: typeof error === 'object' && error !== null && 'missingRef' in error };
    }
  }
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(key, result);
  return result;
}

function newAjv(dialect: Dialect): Ajv {
  const options = { strict: false, allErrors: false, logger: false, addUsedSchema: false } as const;
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats(ajv as Ajv);
  return ajv as Ajv;
}

/** One instance per dialect: a new ajv with formats costs ~10x the compile of a small schema. */
const shared = new Map<Dialect, Ajv>();
function sharedAjv(dialect: Dialect): Ajv {
  let ajv = shared.get(dialect);
  if (!ajv) shared.set(dialect, (ajv = newAjv(dialect)));
  return ajv;
}

/** Compile, then drop the schema from the instance (the function keeps working). */
function compileWith(ajv: Ajv, schema: Schema): ValidateFunction {
  try {
    return ajv.compile(schema);
  } finally {
    ajv.removeSchema(schema);
  }
}

/** Compile a target-supplied schema; null when it does not compile. */
export function compile(schema: Schema, dialect: Dialect): ValidateFunction | null {
  return compiled(schema, dialect).validate;
}

/**
 * Why a schema does not compile under `dialect` (undefined when it does). A $ref to a
 * document outside the schema is not fetched (BASE-043), so it is reported apart: `unresolved`.
 */
export function compileProblem(schema: Schema, dialect: Dialect): string | undefined {
  return compiled(schema, dialect).problem;
}

/** True when the schema failed to compile only because of a $ref this tool does not fetch. */
export function hasUnresolvedRef(schema: Schema, dialect: Dialect): boolean {
  return compiled(schema, dialect).unresolved === true;
}

function resolveRef(root: Schema, ref: string): Schema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return typeof node === 'object' && node !== null ? (node as Schema) : undefined;
}

function instanceOf(schema: Schema, root: Schema, depth: number): unknown {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') {
    const target = resolveRef(root, schema.$ref);
    return target ? instanceOf(target, root, depth + 1) : {};
  }
  if ('const' in schema) return schema.const;
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      const nonNull = options.find((o) => (o as Schema).type !== 'null') ?? options[0];
      return instanceOf(nonNull as Schema, root, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...schema.allOf.map((s) => instanceOf(s as Schema, root, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== 'null') ?? schema.type[0]) : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema, root, depth);
    case 'array': {
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const items = typeof schema.items === 'object' && schema.items !== null ? (schema.items as Schema) : {};
      return Array.from({ length: min }, () => instanceOf(items, root, depth + 1));
    }
    case 'string':
      return stringOf(schema);
    case 'integer':
    case 'number':
      return numberOf(schema, type === 'integer');
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return schema.properties ? objectOf(schema, root, depth) : 'conformance';
  }
}

function objectOf(schema: Schema, root: Schema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  for (const name of required) out[name] = instanceOf(props[name] ?? {}, root, depth + 1);
  return out;
}

function stringOf(schema: Schema): string {
  const format = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
  let s = format ?? 'conformance';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (s.length < min) s = s.padEnd(min, 'x');
  if (s.length > max) s = s.slice(0, max);
  return s;
}

function numberOf(schema: Schema, integer: boolean): number {
  const min = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
  let n = min ?? (max !== undefined ? Math.min(0, max) : 1);
  if (integer) n = Math.ceil(n);
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) n = Math.ceil(n / schema.multipleOf) * schema.multipleOf;
  return n;
}
