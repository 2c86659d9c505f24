// tools.call-invalid-arguments sends arguments the tool's inputSchema really forbids (issue 38).
// A field with a `default` that is also listed as `required` (zod's JSON Schema does this) may be
// left out: the server applies the default, which is what the default says, and that is no
// finding. The probe then leaves out a required field without a default, or else gives a field a
// value of another type, or skips saying why.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argumentsFor } from '../harness/arguments.js';
import type { CheckContext } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { invalidProbe, type Callable } from '../harness/target/tool-calls.js';
import { allChecks } from '../suites/index.js';

/** As zod's toJSONSchema writes `z.object({ mode: z.enum(['fast', 'slow']).default('fast') })`. */
const DEFAULTED = {
  type: 'object',
  properties: { mode: { type: 'string', enum: ['fast', 'slow'], default: 'fast' } },
  required: ['mode'],
  additionalProperties: false,
};

const callableOf = (name: string, inputSchema: Record<string, unknown>): Callable => {
  const tool = { name, inputSchema, annotations: { readOnlyHint: true } };
  const generated = argumentsFor(inputSchema, '2020-12');
  expect(generated.ok).toBe(true);
  return { tool, name, args: generated.value };
};

const ctx = { revision: '2025-11-25' } as CheckContext;

describe('the invalid arguments of tools.call-invalid-arguments', () => {
  it('never leaves out a required field that has a default', () => {
    const probe = invalidProbe(ctx, [callableOf('speed', DEFAULTED)]);
    expect(probe?.args).toHaveProperty('mode');
    expect(probe).toMatchObject({ name: 'speed', what: 'with "mode" as an object (the inputSchema says string)' });
  });

  it('leaves out a required field without a default first, on any tool', () => {
    const mixed = {
      type: 'object',
      properties: { mode: { type: 'string', default: 'fast' }, query: { type: 'string' } },
      required: ['mode', 'query'],
    };
    const probe = invalidProbe(ctx, [callableOf('speed', DEFAULTED), callableOf('search', mixed)]);
    expect(probe).toEqual({ name: 'search', args: { mode: 'fast' }, what: 'without its required "query"' });
  });

  it('sees a default behind a local $ref', () => {
    const schema = {
      type: 'object',
      $defs: { level: { type: 'integer', default: 3 } },
      properties: { level: { $ref: '#/$defs/level' } },
      required: ['level'],
    };
    const probe = invalidProbe(ctx, [callableOf('depth', schema)]);
    expect(probe).toMatchObject({ args: { level: 'mcp-conformance-not-a-integer' }, what: 'with "level" as a string (the inputSchema says integer)' });
  });

  it('finds none when every field has a default and no type to break', () => {
    const schema = { type: 'object', properties: { anything: { default: 1 } }, required: ['anything'] };
    expect(invalidProbe(ctx, [callableOf('loose', schema)])).toBeUndefined();
  });
});

// A server as zod-based SDK servers are: it applies the default of a missing field and answers a
// wrongly typed one with a tool execution error (isError), as 2025-11-25 asks.
const SERVER = `
import { createInterface } from 'node:readline';
const schema = ${JSON.stringify(DEFAULTED)};
const reply = (id, body) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, ...body }) + '\\n');
const text = (t, isError) => ({ result: { content: [{ type: 'text', text: t }], ...(isError ? { isError: true } : {}) } });
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize') return reply(m.id, { result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'zod-like', version: '1.0.0' } } });
  if (m.method === 'ping') return reply(m.id, { result: {} });
  if (m.method === 'tools/list') return reply(m.id, { result: { tools: [{ name: 'speed', inputSchema: schema, annotations: { readOnlyHint: true } }] } });
  if (m.method === 'tools/call') {
    if (m.params.name !== 'speed') return reply(m.id, { error: { code: -32602, message: 'Unknown tool' } });
    const mode = m.params.arguments?.mode ?? 'fast';
    if (!['fast', 'slow'].includes(mode)) return reply(m.id, text('Input validation error: mode must be "fast" or "slow"', true));
    return reply(m.id, text('going ' + mode));
  }
  reply(m.id, { error: { code: -32601, message: 'Method not found' } });
});`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpc-invalid-args-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('tools.call-invalid-arguments against a server that applies defaults', () => {
  it('passes: the default of a required field is applied, a wrong type is a tool execution error', { timeout: 60_000 }, async () => {
    const file = join(dir, 'zod-like.mjs');
    await writeFile(file, SERVER);
    const d = defaultSettings();
    const report = await runChecks({
      target: { kind: 'stdio', command: `"${process.execPath}" "${file}"` },
      checks: allChecks.filter((c) => c.id === 'tools.call-invalid-arguments'),
      revisions: ['2025-11-25'],
      timeoutMs: 5000,
      concurrency: 1,
      toolVersion: 'test',
      settings: { ...d, fuzz: { ...d.fuzz, enabled: false } },
    });
    const result = report.results.find((r) => r.id === 'tools.call-invalid-arguments');
    expect(result?.status, JSON.stringify(result)).toBe('pass');
    expect(result?.reason).toMatch(/speed with "mode" as an object/);
  });
});
