// The fuzzer's generators, without a server: valid requests and notifications validate
// against the official schema of every revision (the same validators the harness uses; at
// 2026-07-28 rendered with the per-request _meta), near-valid ones break exactly what they
// say, rendering keeps ids unique and hostile parts intact, and inputs the standards leave
// open are judged leniently.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Generators } from '../harness/fuzz/arbitraries.js';
import { codeAccepted, ruleOf } from '../harness/fuzz/classes.js';
import { loadRawSchema, type Corpus } from '../harness/fuzz/corpus.js';
import { IdSource, render, type FuzzMessage } from '../harness/fuzz/messages.js';
import { REVISION_IDS, revisionInfo } from '../harness/revisions.js';
import { loadRevisionSchema } from '../harness/schema.js';
import { CLIENT_INFO, META_KEYS } from '../harness/sessions/session.js';

async function corpus(revision: string): Promise<Corpus> {
  const [root, schema] = await Promise.all([loadRawSchema(revision), loadRevisionSchema(revision)]);
  const rev = revisionInfo(revision);
  return {
    revision,
    era: rev.era,
    fence: rev.fence,
    root,
    schema,
    methods: schema.methods.clientRequests.filter((m) => m !== 'initialize' && m !== 'tasks/result' && m !== 'subscriptions/listen'),
    notifications: schema.methods.clientNotifications,
    tools: [{ name: 'echo', arguments: { message: 'hi' } }],
    prompts: [{ name: 'greeting', args: [{ name: 'name', required: true }, { name: 'style', required: false }] }],
    resources: ['test://static/readme'],
    templates: ['test://template/item/{id}'],
    notes: [],
  };
}

/** The per-request _meta of a 2026-07-28 session (what the fuzzer renders requests with). */
const META = { [META_KEYS.protocolVersion]: '2026-07-28', [META_KEYS.clientCapabilities]: {}, [META_KEYS.clientInfo]: CLIENT_INFO };
const metaFor = (revision: string) => (revisionInfo(revision).era === 'modern' ? { meta: META } : {});

describe.each(REVISION_IDS)('generators at %s', (revision) => {
  const parse = (m: FuzzMessage): Record<string, unknown> => JSON.parse(render(m, new IdSource(), metaFor(revision)).text) as Record<string, unknown>;

  it('make valid requests for every method, valid against the official schema', async () => {
    const c = await corpus(revision);
    const g = new Generators(c);
    expect(g.validMethods.sort()).toEqual([...c.methods].sort());
    for (const m of fc.sample(g.valid(), { numRuns: 400, seed: 1 })) {
      const def = c.schema.requestDefinition(m.method as string) as string;
      const check = c.schema.validate(def, parse(m));
      expect(check, `${m.label}: ${JSON.stringify(m.params)}`).toEqual({ ok: true });
    }
  });

  it('never call a tool outside the corpus (the allowed tools, or one that cannot exist)', async () => {
    const g = new Generators(await corpus(revision));
    const arbs = [g.valid(), g.nearValid(), g.stress(), g.notification()];
    for (const arb of arbs) {
      for (const m of fc.sample(arb, { numRuns: 300, seed: 2 })) {
        if (m.method !== 'tools/call') continue;
        const name = (m.params as { name?: unknown } | undefined)?.name;
        if (typeof name === 'string') expect(['echo', 'mcp-conformance-fuzz-no-such-tool']).toContain(name);
      }
    }
  });

  it('make near-valid requests that break the schema when they say so, and only extend it otherwise', async () => {
    const c = await corpus(revision);
    const g = new Generators(c);
    for (const m of fc.sample(g.nearValid(), { numRuns: 400, seed: 3 })) {
      const def = c.schema.requestDefinition(m.method as string) as string;
      const ok = c.schema.validate(def, parse(m)).ok;
      if (m.cls === 'extra-member' || m.cls === 'extra-envelope') expect(ok, m.label).toBe(true);
      // Array params, missing or mistyped required members and missing _meta fields are schema violations.
      if ((m.cls === 'invalid-params' || m.cls === 'meta-missing' || m.cls === 'era-ambiguous') && !m.label.includes('unknown')) expect(ok, m.label).toBe(false);
    }
  });

  it('make valid notifications of the schema (and unknown ones)', async () => {
    const c = await corpus(revision);
    const g = new Generators(c);
    for (const m of fc.sample(g.notification(), { numRuns: 300, seed: 4 })) {
      const wire = parse(m);
      expect(wire.id, m.label).toBeUndefined();
      const def = c.schema.notificationDefinition(m.method as string);
      if (def && m.payload === undefined) expect(c.schema.validate(def, wire), m.label).toEqual({ ok: true });
    }
  });
});

describe('rendering', () => {
  it('gives 2026-07-28 requests the per-request _meta, or leaves out what the input says', () => {
    const ids = new IdSource();
    const base = { label: 'x', cls: 'valid' as const, method: 'tools/list', id: { kind: 'counter' as const } };
    const full = render(base, ids, { meta: META });
    expect((JSON.parse(full.text) as { params: { _meta: unknown } }).params._meta).toEqual(META);
    expect(full.ambiguous).toBe(false);
    const partial = render({ ...base, cls: 'meta-missing', meta: 'without-version' }, ids, { meta: META });
    expect(Object.keys((JSON.parse(partial.text) as { params: { _meta: object } }).params._meta)).not.toContain(META_KEYS.protocolVersion);
    expect(partial.ambiguous).toBe(false);
    expect(render({ ...base, params: [] }, ids, { meta: META }).ambiguous).toBe(true);
    expect(render({ ...base, meta: 'omit' }, ids, { meta: META }).ambiguous).toBe(true);
    // Notifications carry no _meta of the era.
    expect(JSON.parse(render({ ...base, id: { kind: 'absent' } }, ids, { meta: META }).text)).not.toHaveProperty('params');
  });

  it('judges inputs with lone surrogates leniently (RFC 8259 section 8.2), and a request of no era likewise', () => {
    const ids = new IdSource();
    const open = render({ label: 'x', cls: 'unknown-method', method: 'x-fuzz/\ud800', id: { kind: 'counter' }, params: {} }, ids);
    expect(open.open).toBe(true);
    expect(ruleOf(open).answer).toBe('may');
    expect(codeAccepted(open, -32700, { headerChecks: false })).toBe(true);
    const plain = render({ label: 'x', cls: 'unknown-method', method: 'x-fuzz/é', id: { kind: 'counter' }, params: {} }, ids);
    expect(plain.open).toBe(false);
    expect(ruleOf(plain).answer).toBe('must');
    expect(codeAccepted(plain, -32700, { headerChecks: false })).toBe(false);
    expect(codeAccepted(plain, -32020, { headerChecks: true })).toBe(true);
    const noEra = render({ label: 'x', cls: 'invalid-params', method: 'tools/call', id: { kind: 'counter' }, params: [] }, ids, { meta: META });
    expect(ruleOf(noEra).anyCode).toBe(true);
    const missing = render({ label: 'x', cls: 'meta-missing', method: 'tools/call', id: { kind: 'counter' }, params: { name: 'x' }, meta: 'without-capabilities' }, ids, { meta: META });
    expect([ruleOf(missing).answer, codeAccepted(missing, -32600, { headerChecks: false }), codeAccepted(missing, -32602, { headerChecks: false })]).toEqual(['must', false, true]);
  });

  it('never reuses an id on a connection, whatever the id shape', () => {
    const ids = new IdSource();
    const seen = new Set<string>();
    for (const kind of ['counter', 'string', 'zero', 'zero', 'negative', 'big-safe', 'unicode-string'] as const) {
      const id = ids.make({ kind });
      const key = JSON.stringify(id);
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    expect(typeof ids.make({ kind: 'long-string', length: 5000 })).toBe('string');
  });

  it('splices raw lexemes and 10 000-deep nesting into the text', () => {
    const ids = new IdSource();
    const raw = render({ label: 'x', cls: 'hostile', method: 'ping', id: { kind: 'raw', lexeme: '123456789012345678901234567890' } }, ids);
    expect(raw.text).toContain('"id":123456789012345678901234567890');
    expect(raw.id).toBeUndefined();
    const deep = render({ label: 'x', cls: 'hostile', method: 'ping', id: { kind: 'counter' }, payload: { kind: 'deep', depth: 10_000 } }, ids);
    const parsed = JSON.parse(deep.text) as { params: { fuzz: unknown } };
    let depth = 0;
    for (let v: unknown = parsed.params.fuzz; Array.isArray(v); v = v[0]) depth++;
    expect(depth).toBe(10_000);
    const surrogate = render({ label: 'x', cls: 'stress', method: 'ping', id: { kind: 'counter' }, payload: { kind: 'text', text: '\ud800' } }, ids);
    expect(surrogate.text).toContain('\\ud800');
  });
});
