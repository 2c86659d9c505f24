// Values that validate against a JSON Schema (untrusted, from the server): tool arguments
// (required properties only) and elicitation form content (every property).
import { isObject, type Json } from './jsonrpc.js';

const MAX_DEPTH = 8;

const FORMATS: Record<string, string> = {
  email: 'test@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  date: '2024-01-01',
  'date-time': '2024-01-01T00:00:00Z',
  time: '00:00:00Z',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** The first type a schema names, skipping "null" (which is chosen only when alone). */
function typeOf(schema: Json): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') ?? t[0]) as string | undefined;
  if (isObject(schema.properties)) return 'object';
  return undefined;
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function numberFor(schema: Json, integer: boolean): number {
  const min = num(schema.minimum) ?? (num(schema.exclusiveMinimum) !== undefined ? (num(schema.exclusiveMinimum) as number) + 1 : undefined);
  const max = num(schema.maximum) ?? (num(schema.exclusiveMaximum) !== undefined ? (num(schema.exclusiveMaximum) as number) - 1 : undefined);
  let v = 1;
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return integer ? Math.ceil(v) : v;
}

function stringFor(schema: Json): string {
  let s = (typeof schema.format === 'string' && FORMATS[schema.format]) || 'test';
  const min = num(schema.minLength);
  const max = num(schema.maxLength);
  if (min !== undefined && s.length < min) s = s.padEnd(min, 't');
  if (max !== undefined && s.length > max) s = s.slice(0, Math.max(0, max));
  return s;
}

/** The options a (multi-)select offers: enum values, or consts of anyOf/oneOf branches. */
function choices(schema: Json): unknown[] | undefined {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  const consts = branches?.filter((b) => isObject(b) && 'const' in b).map((b) => (b as Json).const);
  return consts && consts.length > 0 ? consts : undefined;
}

function arrayFor(schema: Json, depth: number): unknown[] {
  const items = isObject(schema.items) ? schema.items : {};
  const options = choices(items);
  const min = num(schema.minItems) ?? (options ? 1 : 0);
  const max = num(schema.maxItems) ?? Infinity;
  const n = Math.min(min, max);
  return Array.from({ length: n }, (_, i) => (options ? options[i % options.length] : valueFor(items, depth + 1)));
}

function objectFor(schema: Json, depth: number, all: boolean): Json {
  const out: Json = {};
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
  for (const key of all ? Object.keys(props) : required) out[key] = valueFor(props[key], depth + 1);
  return out;
}

/** A value valid for `schema` as far as common keywords go (pattern and the like are not solved). */
export function valueFor(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return 'test';
  if ('const' in schema) return schema.const;
  if ('default' in schema && schema.default !== undefined) return schema.default;
  const options = choices(schema);
  if (options && typeOf(schema) !== 'array') return options[0];
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && isObject(branches[0]) && typeOf(schema) === undefined) return valueFor(branches[0], depth + 1);
  }
  switch (typeOf(schema)) {
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return arrayFor(schema, depth);
    case 'object':
      return objectFor(schema, depth, false);
    default:
      return 'test';
  }
}

/** Tool arguments: the required properties of an inputSchema, recursively. */
export function argumentsFor(inputSchema: unknown): Json {
  return isObject(inputSchema) ? objectFor(inputSchema, 0, false) : {};
}

/** Elicitation form content: every property of the (flat) requestedSchema. */
export function formContent(requestedSchema: unknown): Json {
  return isObject(requestedSchema) ? objectFor(requestedSchema, 0, true) : {};
}
