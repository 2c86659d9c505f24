// The fuzz inputs of a corpus: valid requests from the schema (patched with real names, URIs
// and the allowed tools), near-valid ones (a schema rule broken once), hostile ones (ids,
// payloads, Unicode), unknown methods, notifications, and unparsable text.
import fc from 'fast-check';
import type { Corpus } from './corpus.js';
import type { FuzzInput, FuzzMessage, IdSpec, InputClass, Payload, RawFrame } from './messages.js';
import { inRange, since } from '../revisions.js';
import { ErrorCode } from '../rules/error-codes.js';
import { arbitraryOf, awkwardString, deref, paramsSchemaOf, type JsonSchema } from './schema-arbitrary.js';

/** From 2025-11-25 a tools/call that fails the CallToolRequest schema is a protocol error. */
const MALFORMED_CALLS_ARE_ERRORS = since('2025-11-25');

/** Ids a reply can repeat: the common ones more often than the odd ones. */
export const validId: fc.Arbitrary<IdSpec> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<IdSpec>({ kind: 'counter' }) },
  { weight: 2, arbitrary: fc.constant<IdSpec>({ kind: 'string' }) },
  fc.constant<IdSpec>({ kind: 'unicode-string' }),
  fc.constant<IdSpec>({ kind: 'negative' }),
  fc.constant<IdSpec>({ kind: 'zero' }),
  fc.constant<IdSpec>({ kind: 'big-safe' }),
  fc.constantFrom(64, 1500, 10_000).map((length): IdSpec => ({ kind: 'long-string', length })),
);

/** Ids no reply can be matched to: beyond doubles, fractions, null, other types. */
const hostileIdLexemes = ['123456789012345678901234567890', '9007199254740993', '-9223372036854775809', '1e400', '1E+2', '1.0'];
const invalidIdLexemes = ['1.5', '-0.5', '1e-7', 'null', '{}', '[]', 'true', '{"id":1}'];

/** Unicode edge cases: lone surrogates, NUL, RTL overrides, emoji sequences, BOM, separators. */
export const unicodeText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\ud800', '\udfff', 'a\ud800b', '\u0000', 'x\u0000y', '\u202e\u202dabc', '😀👨‍👩‍👧', '\ufeff', '\u2028\u2029', '\uffff', '\u0085', 'e\u0301\u0301'),
  // Any code points, lone surrogates included (fast-check's 'binary' unit would build a
  // million-entry table the first time it shrinks).
  fc.array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 12 }).map((cps) => String.fromCodePoint(...cps)),
);

/** Payloads an ordinary request may carry and still deserve an answer. */
const moderatePayload: fc.Arbitrary<Payload> = fc.oneof(
  unicodeText.map((text): Payload => ({ kind: 'text', text })),
  fc.constantFrom(2, 16, 64).map((depth): Payload => ({ kind: 'deep', depth })),
  fc.constantFrom(100, 10_000).map((length): Payload => ({ kind: 'big-string', length })),
);

/** Payloads only survival is judged on (a server may refuse them). */
const hugePayload: fc.Arbitrary<Payload> = fc.oneof(
  fc.constantFrom(100, 1000, 2000, 10_000).map((depth): Payload => ({ kind: 'deep', depth })),
  fc.constantFrom(100_000, 1_048_576).map((length): Payload => ({ kind: 'big-string', length })),
  fc.constantFrom('1e400', '-1e400', '-0', '1.0e-400', '123456789012345678901234567890').map((lexeme): Payload => ({ kind: 'number', lexeme })),
);

/** Names no server defines: prototype keys, a reserved rpc. name, near misses, the client's own methods. */
export const UNKNOWN_METHODS = ['x-fuzz/unknown', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'rpc.discover', 'TOOLS/LIST', 'tools/list/', ' ping'];
const CLIENT_METHODS = ['sampling/createMessage', 'roots/list', 'elicitation/create'];

export const NO_SUCH_TOOL = 'mcp-conformance-fuzz-no-such-tool';

const PARSE_TEXTS = ['{', '{"jsonrpc":"2.0",', 'nul', '{"a":1,}', "{'jsonrpc':'2.0'}", 'NaN', '[1,2', '"unterminated', '{"a":"\\x41"}', '\u0000', '}{'];

/** What the generators need from the corpus, per method: params arbitrary and schema facts. */
export class Generators {
  private readonly paramsArbs = new Map<string, fc.Arbitrary<unknown> | null>();

  constructor(readonly corpus: Corpus) {}

  /** Methods with a valid-params generator (tools/call needs a callable tool). */
  get validMethods(): string[] {
    return this.corpus.methods.filter((m) => this.validParams(m) !== null);
  }

  /** 2026-07-28: every request carries the era's _meta (rendering adds it; see messages.ts). */
  get modern(): boolean {
    return this.corpus.era === 'modern';
  }

  /** The required members of a method's params the fuzzer must supply (the era's _meta is added when rendering). */
  private requiredOf(schema: JsonSchema): string[] {
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    return this.modern ? required.filter((r) => r !== '_meta') : required;
  }

  /** Methods whose params may be left out, or hold nothing but the era's _meta: the lists, ping, server/discover. */
  get paramlessMethods(): string[] {
    return this.corpus.methods.filter((m) => {
      const info = this.info(m);
      if (!info || (info.required && !this.modern)) return false;
      return this.requiredOf(deref(this.corpus.root, info.schema)).length === 0;
    });
  }

  /** Declared methods whose params have a required member, with the first such member. */
  requiredMembers(): { method: string; member: string }[] {
    return this.corpus.methods.flatMap((method) => {
      const info = this.info(method);
      const member = this.requiredOf(info ? deref(this.corpus.root, info.schema) : {})[0];
      return member === undefined ? [] : [{ method, member }];
    });
  }

  /** A valid params value for `method` (undefined: no params member), or null if none can be made. */
  validParams(method: string): fc.Arbitrary<unknown> | null {
    if (!this.paramsArbs.has(method)) this.paramsArbs.set(method, this.buildParams(method));
    return this.paramsArbs.get(method) ?? null;
  }

  private info(method: string): { schema: JsonSchema; required: boolean } | undefined {
    const def = this.corpus.schema.requestDefinition(method);
    return def ? paramsSchemaOf(this.corpus.root, def) : undefined;
  }

  private buildParams(method: string): fc.Arbitrary<unknown> | null {
    const c = this.corpus;
    const info = this.info(method);
    if (!info) return null;
    const fromSchema = arbitraryOf(c.root, info.schema);
    switch (method) {
      case 'tools/call': {
        // Only tools the user allows, with arguments that validate against their inputSchema,
        // or a tool that cannot exist (answered with an error; nothing runs).
        const none = fc.constant({ name: NO_SUCH_TOOL, arguments: {} });
        return c.tools.length === 0 ? none : fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...c.tools).map((t) => ({ name: t.name, arguments: t.arguments })) }, none);
      }
      case 'prompts/get':
        if (c.prompts.length === 0) return fromSchema;
        return fc.constantFrom(...c.prompts).chain((p) =>
          fc
            .tuple(...p.args.map((a) => (a.required ? awkwardString : fc.option(awkwardString, { nil: undefined }))))
            .map((values) => ({ name: p.name, arguments: Object.fromEntries(p.args.flatMap((a, i) => (values[i] === undefined ? [] : [[a.name, values[i]]]))) })),
        );
      case 'resources/read':
      case 'resources/subscribe':
      case 'resources/unsubscribe':
        return c.resources.length === 0 ? fromSchema : fc.oneof(fc.constantFrom(...c.resources).map((uri) => ({ uri })), fromSchema);
      case 'completion/complete': {
        const refs = [
          ...c.prompts.flatMap((p) => p.args.map((a) => ({ ref: { type: 'ref/prompt', name: p.name }, argument: a.name }))),
          ...c.templates.flatMap((t) => [...t.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => ({ ref: { type: 'ref/resource', uri: t }, argument: m[1] as string }))),
        ];
        if (refs.length === 0) return fromSchema;
        const known = fc.tuple(fc.constantFrom(...refs), awkwardString).map(([r, value]) => ({ ref: r.ref, argument: { name: r.argument, value } }));
        return fc.oneof(known, fromSchema);
      }
      default:
        return info.required ? fromSchema : fc.option(fromSchema, { nil: undefined, freq: 3 });
    }
  }

  valid(): fc.Arbitrary<FuzzMessage> {
    const methods = this.validMethods;
    return fc.constantFrom(...methods).chain((method) =>
      fc.tuple(this.validParams(method) as fc.Arbitrary<unknown>, validId).map(([params, id]) => msg(`valid ${method}`, 'valid', method, id, params)),
    );
  }

  /** A valid request with one schema rule broken (or an extra member). */
  nearValid(): fc.Arbitrary<FuzzMessage> {
    return fc.constantFrom(...this.validMethods).chain((method) =>
      fc.tuple(this.validParams(method) as fc.Arbitrary<unknown>, validId, fc.nat()).chain(([params, id, pick]) => this.mutations(method, params, id, pick)),
    );
  }

  private mutations(method: string, params: unknown, id: IdSpec, pick: number): fc.Arbitrary<FuzzMessage> {
    const info = this.info(method);
    const schema = info ? deref(this.corpus.root, info.schema) : {};
    const props = { ...((schema.properties ?? {}) as Record<string, JsonSchema>) };
    if (this.modern) delete props._meta; // the era's own: its mutations are below
    const requiredNames = this.requiredOf(schema);
    const obj = typeof params === 'object' && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
    // 2026-07-28: params that cannot carry _meta make a request of no era (basic/versioning).
    const noMeta: InputClass = this.modern ? 'era-ambiguous' : 'invalid-params';
    const out: fc.Arbitrary<FuzzMessage>[] = [
      fc.constant(msg(`${method} with params as an array`, noMeta, method, id, [])),
      jsonValueSmall.map((v) => msg(`${method} with an extra member in params`, 'extra-member', method, id, { ...obj, 'x-fuzz-extra': v })),
      jsonValueSmall.map((v) => ({ ...msg(`${method} with an extra top-level member`, 'extra-envelope', method, id, params), extra: { 'x-fuzz': v } })),
    ];
    if (this.modern) {
      out.push(
        // Without a version the request names no era: a dual-era server may serve it as legacy.
        fc.constant({ ...msg(`${method} without _meta.io.modelcontextprotocol/protocolVersion`, 'era-ambiguous', method, id, params), meta: 'without-version' as const }),
        fc.constant({ ...msg(`${method} without _meta.io.modelcontextprotocol/clientCapabilities`, 'meta-missing', method, id, params), meta: 'without-capabilities' as const }),
        fc.constant({ ...msg(`${method} without _meta`, 'era-ambiguous', method, id, params), meta: 'omit' as const }),
      );
    }
    const required = requiredNames.length > 0 ? requiredNames[pick % requiredNames.length] : undefined;
    if (required !== undefined) {
      const { [required]: _gone, ...rest } = obj;
      out.push(fc.constant(msg(`${method} without \`${required}\``, 'invalid-params', method, id, rest)));
      const wrong = wrongTypeFor(props[required] ?? {}, this.corpus.root);
      if (wrong) out.push(wrong.map((v) => msg(`${method} with \`${required}\` of the wrong type`, 'invalid-params', method, id, { ...obj, [required]: v })));
    }
    if (info?.required) out.push(fc.constant({ ...msg(`${method} without params`, noMeta, method, id, undefined), ...(this.modern ? { meta: 'omit' as const } : {}) }));
    const optional = Object.keys(props).filter((k) => !requiredNames.includes(k));
    if (optional.length > 0) {
      const name = optional[pick % optional.length] as string;
      const wrong = wrongTypeFor(props[name] ?? {}, this.corpus.root);
      // server/tools#error-handling (2025-11-25 on): "Malformed requests (requests that fail to
      // satisfy CallToolRequest schema)" are protocol errors; elsewhere an optional member of
      // the wrong type may be ignored.
      const cls: InputClass = method === 'tools/call' && inRange(this.corpus.revision, MALFORMED_CALLS_ARE_ERRORS) ? 'invalid-params' : 'invalid-params-lenient';
      if (wrong) out.push(wrong.map((v) => msg(`${method} with \`${name}\` of the wrong type`, cls, method, id, { ...obj, [name]: v })));
    }
    const enumMember = Object.entries(props).find(([k, s]) => requiredNames.includes(k) && Array.isArray(deref(this.corpus.root, s).enum));
    if (enumMember) out.push(fc.constant(msg(`${method} with an unknown \`${enumMember[0]}\` value`, 'invalid-params', method, id, { ...obj, [enumMember[0]]: 'x-fuzz-unknown' })));
    return fc.oneof(...out);
  }

  /** Envelope errors: wrong jsonrpc, method or params types, ids of the wrong type. */
  invalidRequest(): fc.Arbitrary<FuzzInput> {
    const base = fc.tuple(fc.constantFrom(...this.validMethods), validId);
    return fc.oneof(
      fc.tuple(base, fc.constantFrom<unknown>('1.0', '2', 2, null, undefined)).map(([[method, id], v]): FuzzMessage => ({
        ...msg(`${method} with jsonrpc ${v === undefined ? 'missing' : JSON.stringify(v)}`, 'invalid-request', method, id, undefined),
        ...(v === undefined ? { omitJsonrpc: true } : { jsonrpc: v }),
      })),
      // A method that is not a string, params that are not structured: InvalidRequest by the
      // letter of JSON-RPC 2.0; MethodNotFound and InvalidParams are defensible readings too.
      // Params that are not structured may also be read as absent (the lenient class).
      fc.tuple(validId, fc.constantFrom<unknown>(5, null, [], {}, true)).map(([id, m]) => ({ ...msg(`method ${JSON.stringify(m)}`, 'invalid-request', m, id, undefined), alsoAccept: [ErrorCode.MethodNotFound] })),
      fc.tuple(base, fc.constantFrom<unknown>(5, 'x', true, null)).map(([[method, id], p]) => ({ ...msg(`${method} with params ${JSON.stringify(p)}`, 'invalid-request-lenient', method, id, p), alsoAccept: [ErrorCode.InvalidParams] })),
      fc.tuple(fc.constantFrom(...this.validMethods), fc.constantFrom(...invalidIdLexemes)).map(([method, lexeme]) =>
        msg(`${method} with id ${lexeme}`, 'invalid-request', method, { kind: 'raw', lexeme }, undefined),
      ),
      fc.constantFrom('5', '"x"', 'null', 'true', '{}').map((text): RawFrame => ({ label: 'a JSON value that is not a request object', cls: 'invalid-request', text })),
    );
  }

  unknownMethod(): fc.Arbitrary<FuzzMessage> {
    const name = fc.oneof(fc.constantFrom(...UNKNOWN_METHODS, ...CLIENT_METHODS), unicodeText.map((s) => `x-fuzz/${s}`));
    return fc.tuple(name, validId).map(([method, id]) => msg(`unknown method ${JSON.stringify(method)}`, 'unknown-method', method, id, {}));
  }

  /** Unparsable text: fixed shapes and prefixes of a request. */
  parseError(): fc.Arbitrary<RawFrame> {
    const request = '{"jsonrpc":"2.0","id":"fz-parse","method":"ping","params":{}}';
    return fc.oneof(
      fc.constantFrom(...PARSE_TEXTS).map((text): RawFrame => ({ label: 'malformed JSON', cls: 'parse', text })),
      fc.integer({ min: 1, max: request.length - 1 }).map((cut): RawFrame => ({ label: `a request cut after ${cut} characters`, cls: 'parse', text: request.slice(0, cut) })),
    );
  }

  /** A valid request carrying awkward content that still deserves an answer. */
  stress(): fc.Arbitrary<FuzzMessage> {
    return fc.tuple(this.valid(), moderatePayload).map(([m, payload]) => ({ ...m, label: `${m.label} with ${describePayload(payload)}`, cls: 'stress' as InputClass, payload }));
  }

  /** Payloads and ids only survival is judged on. */
  hostile(): fc.Arbitrary<FuzzInput> {
    return fc.oneof(
      fc.tuple(fc.constantFrom(...this.validMethods), hugePayload).map(([method, payload]) => ({
        ...msg(`${method} with ${describePayload(payload)}`, 'hostile', method, { kind: 'counter' }, undefined),
        payload,
      })),
      fc.tuple(fc.constantFrom(...this.validMethods), fc.constantFrom(...hostileIdLexemes)).map(([method, lexeme]) =>
        msg(`${method} with id ${lexeme}`, 'hostile', method, { kind: 'raw', lexeme }, undefined),
      ),
      fc.constantFrom('[]', '[5]', '[{}]', '[[]]').map((text): RawFrame => ({ label: 'an array (batch) of invalid messages', cls: 'hostile', text })),
    );
  }

  /** Well-formed notifications: of the schema, unknown ones, and requests without an id. */
  notification(): fc.Arbitrary<FuzzMessage> {
    const c = this.corpus;
    const known = fc.constantFrom(...c.notifications).chain((method) => {
      const def = c.schema.notificationDefinition(method);
      const info = def ? paramsSchemaOf(c.root, def) : undefined;
      const params = info ? arbitraryOf(c.root, info.schema) : fc.constant(undefined);
      return (info?.required ? params : fc.option(params, { nil: undefined })).map((p) =>
        msg(`notification ${method}`, 'notification', method, { kind: 'absent' }, neverSentRequestId(method, p)),
      );
    });
    const unknown = fc
      .oneof(fc.constantFrom('notifications/x-fuzz', 'x-fuzz', 'notifications/'), unicodeText.map((s) => `notifications/x-fuzz-${s}`))
      .map((method) => msg(`unknown notification ${JSON.stringify(method)}`, 'notification', method, { kind: 'absent' }, {}));
    // A request without its id is a notification: it must not be answered (and must not be
    // built from anything unsafe: valid() only calls allowed tools).
    const requestShaped = this.valid().map((m) => ({ ...m, label: `${m.method as string} sent as a notification (no id)`, cls: 'notification' as InputClass, id: { kind: 'absent' } as IdSpec }));
    const withPayload = fc.tuple(known, moderatePayload).map(([m, payload]) => ({ ...m, label: `${m.label} with ${describePayload(payload)}`, payload }));
    return fc.oneof(known, unknown, requestShaped, withPayload);
  }
}

/** A cancellation names a request id no one ever sent (ids of this connection are left alone). */
function neverSentRequestId(method: string, params: unknown): unknown {
  if (method !== 'notifications/cancelled' || typeof params !== 'object' || params === null) return params;
  return { ...params, requestId: NEVER_SENT_ID };
}

export const NEVER_SENT_ID = 'fz-never-sent';

function msg(label: string, cls: InputClass, method: unknown, id: IdSpec, params: unknown): FuzzMessage {
  return { label, cls, method, id, ...(params !== undefined ? { params } : {}) };
}

const jsonValueSmall = fc.jsonValue({ maxDepth: 2 });

/** A value of a JSON type the schema does not allow (null when the allowed types are unclear). */
function wrongTypeFor(schema: JsonSchema, root: JsonSchema): fc.Arbitrary<unknown> | null {
  const s = deref(root, schema);
  const options = Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : [s];
  const allowed = new Set<string>();
  for (const o of options as JsonSchema[]) {
    const d = deref(root, o);
    const types = Array.isArray(d.type) ? (d.type as string[]) : typeof d.type === 'string' ? [d.type] : d.properties ? ['object'] : [];
    if (types.length === 0) return null; // `{}` or a const without a type: anything may be valid
    for (const t of types) allowed.add(t);
  }
  const samples: [unknown, boolean][] = [
    ['x-fuzz', allowed.has('string')],
    [5, allowed.has('integer') || allowed.has('number')],
    [1.5, allowed.has('number')],
    [true, allowed.has('boolean')],
    [null, allowed.has('null')],
    [[], allowed.has('array')],
    [{}, allowed.has('object')],
  ];
  const wrong = samples.filter(([, ok]) => !ok).map(([v]) => v);
  return wrong.length > 0 ? fc.constantFrom(...wrong) : null;
}

export function describePayload(p: Payload): string {
  switch (p.kind) {
    case 'deep':
      return `params nested ${p.depth} deep`;
    case 'big-string':
      return `a ${p.length}-character string`;
    case 'text':
      return `the string ${JSON.stringify(p.text)}`;
    case 'number':
      return `the number ${p.lexeme}`;
  }
}
