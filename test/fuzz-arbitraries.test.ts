// The fuzzer's generators, without a server: valid requests and notifications validate
// against the official schema of every legacy revision (the same validators the harness
// uses), near-valid ones break exactly what they say, and rendering keeps ids unique and
// hostile parts intact.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Generators } from '../harness/fuzz/arbitraries.js';
import { loadRawSchema, type Corpus } from '../harness/fuzz/corpus.js';
import { IdSource, render, type FuzzMessage } from '../harness/fuzz/messages.js';
import { LEGACY_REVISIONS } from '../harness/revisions.js';
import { loadRevisionSchema } from '../harness/schema.js';

async function corpus(revision: string): Promise<Corpus> {
  const [root, schema] = await Promise.all([loadRawSchema(revision), loadRevisionSchema(revision)]);
  return {
    revision,
    root,
    schema,
    methods: schema.methods.clientRequests.filter((m) => m !== 'initialize' && m !== 'tasks/result'),
    notifications: schema.methods.clientNotifications,
    tools: [{ name: 'echo', arguments: { message: 'hi' } }],
    prompts: [{ name: 'greeting', args: [{ name: 'name', required: true }, { name: 'style', required: false }] }],
    resources: ['test://static/readme'],
    templates: ['test://template/item/{id}'],
    notes: [],
  };
}

const parse = (m: FuzzMessage): Record<string, unknown> => JSON.parse(render(m, new IdSource()).text) as Record<string, unknown>;

describe.each(LEGACY_REVISIONS)('generators at %s', (revision) => {
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
      if (m.cls === 'extra-member') expect(ok, m.label).toBe(true);
      // Array params and missing or mistyped required members are schema violations.
      if (m.cls === 'invalid-params' && !m.label.includes('unknown')) expect(ok, m.label).toBe(false);
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
