// harness/arguments.ts: valid arguments from a tool's inputSchema (confirmed with ajv), the
// dialect of a target-supplied schema, and why a schema does not compile.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { argumentsFor, compile, compileProblem, dialectOf, hasUnresolvedRef } from '../harness/arguments.js';

describe('argumentsFor', () => {
  it('fills required properties from const, default, examples, enum, then type', () => {
    const schema = {
      type: 'object',
      properties: {
        c: { const: 7 },
        d: { type: 'string', default: 'dflt' },
        x: { type: 'number', examples: [42] },
        e: { type: 'string', enum: ['a', 'b'] },
        s: { type: 'string', minLength: 20 },
        i: { type: 'integer', minimum: 3, multipleOf: 2 },
        b: { type: 'boolean' },
        arr: { type: 'array', minItems: 2, items: { type: 'string' } },
        obj: { type: 'object', properties: { inner: { type: 'string' } }, required: ['inner'] },
        optional: { type: 'string' },
      },
      required: ['c', 'd', 'x', 'e', 's', 'i', 'b', 'arr', 'obj'],
    };
    const got = argumentsFor(schema);
    expect(got.ok).toBe(true);
    expect(got.value).toEqual({ c: 7, d: 'dflt', x: 42, e: 'a', s: 'conformancexxxxxxxxx', i: 4, b: false, arr: ['conformance', 'conformance'], obj: { inner: 'conformance' } });
  });

  it('uses format samples and resolves local $ref', () => {
    const schema = {
      type: 'object',
      $defs: { when: { type: 'string', format: 'date-time' } },
      properties: { at: { $ref: '#/$defs/when' }, mail: { type: 'string', format: 'email' } },
      required: ['at', 'mail'],
    };
    const got = argumentsFor(schema);
    expect(got).toMatchObject({ ok: true, value: { at: '2025-01-01T00:00:00Z', mail: 'conformance@example.com' } });
  });

  it('says why when no valid instance can be built', () => {
    const got = argumentsFor({ type: 'object', properties: { code: { type: 'string', pattern: '^[0-9]{6}$' } }, required: ['code'] });
    expect(got.ok).toBe(false);
    expect(got.reason).toMatch(/could not build valid arguments.*\/code/);
    expect(argumentsFor(null)).toMatchObject({ ok: false, reason: 'no inputSchema object' });
    expect(argumentsFor({ type: 'object', properties: { a: { type: 'string', minLength: -1 } } }).reason).toMatch(/does not compile/);
  });

  it('honours a declared $schema over the default dialect', () => {
    // prefixItems is 2020-12 only: under draft-07 it is an unknown keyword and ignored.
    const tuple = { type: 'object', properties: { t: { type: 'array', prefixItems: [{ type: 'string' }], minItems: 1 } }, required: ['t'] };
    expect(argumentsFor(tuple, '2020-12').ok).toBe(true);
    const draft7 = { $schema: 'http://json-schema.org/draft-07/schema#', ...tuple };
    expect(argumentsFor(draft7, '2020-12').ok).toBe(true);
    expect(argumentsFor({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' }).reason).toMatch(/dialect this tool does not support/);
  });

  it('always produces arguments its own validator accepts, for simple generated schemas', () => {
    const prop = fc.oneof(
      fc.record({ type: fc.constant('string'), minLength: fc.nat(30), maxLength: fc.constant(40) }),
      fc.record({ type: fc.constantFrom('integer', 'number'), minimum: fc.integer({ min: -100, max: 100 }) }),
      fc.record({ type: fc.constant('boolean') }),
      fc.record({ enum: fc.array(fc.string(), { minLength: 1, maxLength: 3 }) }),
    );
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), prop, { maxKeys: 5 }), (props) => {
        const schema = { type: 'object', properties: props, required: Object.keys(props) };
        const got = argumentsFor(schema);
        expect(got.ok, got.reason).toBe(true);
        expect(compile(schema, '2020-12')?.(got.value)).toBe(true);
      }),
      { numRuns: 40, seed: 4 },
    );
  });
});

describe('dialectOf', () => {
  it('reads $schema, else falls back to the revision default', () => {
    expect(dialectOf({ type: 'object' }, 'draft-07')).toBe('draft-07');
    expect(dialectOf({ type: 'object' }, '2020-12')).toBe('2020-12');
    expect(dialectOf({ $schema: 'http://json-schema.org/draft-07/schema#' }, '2020-12')).toBe('draft-07');
    expect(dialectOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' }, 'draft-07')).toBe('2020-12');
    expect(dialectOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' }, 'draft-07')).toBeUndefined();
    expect(dialectOf({ $schema: 42 }, 'draft-07')).toBeUndefined();
  });
});

describe('compile', () => {
  it('reports why a schema is invalid, per dialect, and tells an external $ref apart', () => {
    const bad = { type: 'object', required: 'x' };
    expect(compile(bad, '2020-12')).toBeNull();
    expect(compileProblem(bad, '2020-12')).toMatch(/required/);
    expect(hasUnresolvedRef(bad, '2020-12')).toBe(false);
    const external = { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } };
    expect(compile(external, 'draft-07')).toBeNull();
    expect(hasUnresolvedRef(external, 'draft-07')).toBe(true);
    const good = { type: 'object', properties: { n: { type: 'integer' } } };
    expect(compileProblem(good, 'draft-07')).toBeUndefined();
    expect(compile(good, 'draft-07')?.({ n: 1.5 })).toBe(false);
  });

  it('compiles two schemas with the same $id (each revision lists the tool anew)', () => {
    const make = () => ({ $id: 'https://example.com/tool.json', type: 'object', properties: { n: { type: 'integer' } } });
    for (const dialect of ['draft-07', '2020-12'] as const) {
      expect(compile(make(), dialect)?.({ n: 1 })).toBe(true);
      expect(compile(make(), dialect)?.({ n: 'x' })).toBe(false);
    }
  });
});
