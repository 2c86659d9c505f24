// The small rules the client suites apply by hand: `_meta` key names (and extension ids),
// and elicitation form content against a requested schema.
import { describe, expect, it } from 'vitest';
import { contentProblem } from '../suites/client/support/form-content.js';
import { metaKeyProblem } from '../suites/client/support/meta-keys.js';
import { FORM_SCHEMA } from '../suites/client/scenarios/asks.js';

describe('_meta key names', () => {
  it('accepts the spec examples and plain names', () => {
    for (const key of ['io.modelcontextprotocol/related-task', 'progressToken', 'com.example/x', 'a', 'x-y_z.1', 'dev.mcp/', 'traceparent']) expect(metaKeyProblem(key), key).toBeUndefined();
  });

  it('refuses broken prefixes and names', () => {
    for (const key of ['-x', 'a/b/c', '1abc.com/x', 'ref client/trace', 'com.example/-x', 'com..example/x', '/x', 'x-']) expect(metaKeyProblem(key), key).toBeDefined();
  });

  it('requires a prefix for extension ids', () => {
    expect(metaKeyProblem('io.modelcontextprotocol/tasks', true)).toBeUndefined();
    expect(metaKeyProblem('tasks', true)).toBeDefined();
    expect(metaKeyProblem('traceparent', true)).toBeDefined();
  });
});

describe('elicitation form content', () => {
  it('accepts content of the requested types', () => {
    expect(contentProblem({ name: 'Ada', age: 36, subscribe: true, color: 'red' }, FORM_SCHEMA)).toBeUndefined();
    expect(contentProblem({ name: 'Ada', extra: 1 }, FORM_SCHEMA)).toBeUndefined();
  });

  it('names what does not match', () => {
    expect(contentProblem(undefined, FORM_SCHEMA)).toMatch(/no content/);
    expect(contentProblem({ age: 1 }, FORM_SCHEMA)).toMatch(/required "name"/);
    expect(contentProblem({ name: 0 }, FORM_SCHEMA)).toMatch(/"name" is not a string/);
    expect(contentProblem({ name: 'x', age: 'x' }, FORM_SCHEMA)).toMatch(/"age" is not an integer/);
    expect(contentProblem({ name: 'x', subscribe: 'yes' }, FORM_SCHEMA)).toMatch(/"subscribe" is not a boolean/);
    expect(contentProblem({ name: 'x', color: 'blue' }, FORM_SCHEMA)).toMatch(/"color" is not one of/);
  });
});
