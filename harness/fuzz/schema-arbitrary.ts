// fast-check arbitraries from the official MCP JSON Schema: a value of a definition (request
// params, notification params) built from its types, enums, consts, required members and
// $refs. The values validate against the same schema the validators come from (a unit test
// confirms it for every client request of every revision).
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/** Sample strings for the formats the MCP schemas use (ajv checks them). */
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uri: fc.constantFrom('urn:mcp-conformance:fuzz', 'mcp-conformance-fuzz://x/y?z=1', 'https://example.invalid/fuzz'),
  'uri-template': fc.constantFrom('mcp-conformance-fuzz://{x}'),
  byte: fc.constantFrom('', 'AA==', 'aGVsbG8='),
  'date-time': fc.constantFrom('2025-01-01T00:00:00Z'),
  email: fc.constantFrom('fuzz@example.invalid'),
};

/** Text with the awkward characters: NUL, RTL override, emoji, combining marks, U+2028. */
export const awkwardString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom('\u0000', 'a\u202eb', '😀', '👨‍👩‍👧', 'e\u0301', '\u2028', '\ufeff', 'Ω≈ç√', ''),
);

export interface SchemaArbitraryOptions {
  /** Beyond this nesting, optional members are left out and `{}` schemas give null. */
  maxDepth?: number;
  /** Strings without a format or enum. */
  strings?: fc.Arbitrary<string>;
}

/** Resolve `#/definitions/X` or `#/$defs/X` against the schema root. */
export function resolveRef(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const part of ref.slice(2).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as JsonSchema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return typeof node === 'object' && node !== null ? (node as JsonSchema) : undefined;
}

/** The schema with $refs followed (one level at a time, as needed). */
export function deref(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; i < 16 && typeof s.$ref === 'string'; i++) s = resolveRef(root, s.$ref) ?? {};
  return s;
}

/** The named definition of a revision's schema (draft-07 `definitions` or 2020-12 `$defs`). */
export function definition(root: JsonSchema, name: string): JsonSchema | undefined {
  const defs = (root.definitions ?? root.$defs) as Record<string, JsonSchema> | undefined;
  return defs && Object.hasOwn(defs, name) ? defs[name] : undefined;
}

export function arbitraryOf(root: JsonSchema, schema: JsonSchema, opts: SchemaArbitraryOptions = {}, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(root, schema);
  const maxDepth = opts.maxDepth ?? 4;
  const strings = opts.strings ?? awkwardString;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length > 0) return fc.constantFrom(...(s.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = s[key];
    if (Array.isArray(options) && options.length > 0) {
      return fc.oneof(...options.map((o) => arbitraryOf(root, o as JsonSchema, opts, depth + 1)));
    }
  }
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((p) => arbitraryOf(root, p as JsonSchema, opts, depth + 1));
    return fc.tuple(...parts).map((values) => Object.assign({}, ...values.filter((v) => typeof v === 'object' && v !== null)) as unknown);
  }
  if (Array.isArray(s.type)) {
    return fc.oneof(...(s.type as string[]).map((t) => arbitraryOf(root, { ...s, type: t }, opts, depth)));
  }
  switch (s.type) {
    case 'object':
      return objectOf(root, s, opts, depth);
    case 'array': {
      const items = typeof s.items === 'object' && s.items !== null ? (s.items as JsonSchema) : {};
      const minLength = typeof s.minItems === 'number' ? s.minItems : 0;
      if (depth >= maxDepth) return fc.constant([]);
      return fc.array(arbitraryOf(root, items, opts, depth + 1), { minLength, maxLength: Math.max(minLength, 2) });
    }
    case 'string': {
      const format = typeof s.format === 'string' ? FORMATS[s.format] : undefined;
      if (format) return format;
      const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
      return minLength > 0 ? strings.filter((x) => x.length >= minLength) : strings;
    }
    case 'integer':
      return fc.integer({ min: typeof s.minimum === 'number' ? s.minimum : -1_000_000, max: typeof s.maximum === 'number' ? s.maximum : 1_000_000 });
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: typeof s.minimum === 'number' ? s.minimum : -1e9,
        max: typeof s.maximum === 'number' ? s.maximum : 1e9,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      if (s.properties) return objectOf(root, s, opts, depth);
      // `{}`: any JSON value, kept small.
      return depth >= maxDepth ? fc.constant(null) : fc.jsonValue({ maxDepth: 1 });
  }
}

function objectOf(root: JsonSchema, s: JsonSchema, opts: SchemaArbitraryOptions, depth: number): fc.Arbitrary<unknown> {
  const props = (s.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const maxDepth = opts.maxDepth ?? 4;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, sub] of Object.entries(props)) {
    if (!required.has(name) && depth >= maxDepth) continue;
    model[name] = arbitraryOf(root, sub, opts, depth + 1);
  }
  return fc.record(model, { requiredKeys: Object.keys(model).filter((k) => required.has(k)) });
}

/** The schema of a request's or notification's `params` (inline or by $ref). */
export function paramsSchemaOf(root: JsonSchema, messageDefinition: string): { schema: JsonSchema; required: boolean } | undefined {
  const def = definition(root, messageDefinition);
  if (!def) return undefined;
  const props = (def.properties ?? {}) as Record<string, JsonSchema>;
  const params = props.params;
  if (!params) return { schema: { type: 'object', properties: {} }, required: false };
  const required = Array.isArray(def.required) && (def.required as string[]).includes('params');
  return { schema: deref(root, params), required };
}
