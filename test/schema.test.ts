// The schema pipeline: generated validators agree with the official examples and reject
// what the schemas forbid, methods.json says what the schemas say, sync refuses bad files.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRevisionSchema, projectRoot } from '../harness/schema.js';

const root = projectRoot();
const schemaDir = process.env.MCP_SCHEMA_DIR ?? join(root, '..', 'shared', 'mcp-schema');
const revisions = (JSON.parse(readFileSync(join(root, 'schema', 'revisions.json'), 'utf8')) as {
  revisions: { id: string; era: string; dialect: string; sha256: string }[];
}).revisions;
const ids = revisions.map((r) => r.id);
/** Revisions with the initialize handshake. */
const legacy = revisions.filter((r) => r.era === 'legacy').map((r) => r.id);
/** Revisions whose error response is named JSONRPCError and requires id (draft-07 era). */
const draft07 = revisions.filter((r) => r.dialect === 'draft-07').map((r) => r.id);
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('official examples of 2026-07-28', () => {
  const examples = join(schemaDir, '2026-07-28', 'examples');
  // Read at collection time, so each type folder is its own test; a missing folder fails below.
  const folders = existsSync(examples) ? readdirSync(examples).sort() : [];

  it('exist', () => {
    expect(existsSync(examples), `${examples} is missing`).toBe(true);
    expect(folders.length).toBeGreaterThan(0);
  });

  for (const folder of folders) {
    it(`${folder} examples validate`, async () => {
      const schema = await loadRevisionSchema('2026-07-28');
      // Every folder is named after a definition; one that is not is a failure, not a skip.
      expect(schema.has(folder), `${folder} is not a definition of 2026-07-28`).toBe(true);
      const files = readdirSync(join(examples, folder)).filter((f) => f.endsWith('.json'));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const value: unknown = JSON.parse(readFileSync(join(examples, folder, file), 'utf8'));
        expect(schema.validate(folder, value), `${folder}/${file}`).toEqual({ ok: true });
      }
    });
  }
});

describe.each(ids)('validators of %s', (rev) => {
  const request = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

  it('accept a JSON-RPC request and reject id: null', async () => {
    const schema = await loadRevisionSchema(rev);
    expect(schema.validate('JSONRPCRequest', request)).toEqual({ ok: true });
    const bad = schema.validate('JSONRPCRequest', { ...request, id: null });
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error).toContain('/id');
      expect(bad.error).not.toContain('\n');
    }
    expect(schema.validate('JSONRPCMessage', { jsonrpc: '2.0' }).ok).toBe(false);
  });

  it('check formats (uri)', async () => {
    const schema = await loadRevisionSchema(rev);
    expect(schema.validate('RequestId', 'a')).toEqual({ ok: true });
    const check = schema.validate('Resource', { uri: 'not a uri', name: 'x' });
    expect(check).toEqual({ ok: false, error: expect.stringContaining('/uri must match format "uri"') });
  });

  it('let ServerCapabilities carry unknown keys (no additionalProperties: false)', async () => {
    const schema = await loadRevisionSchema(rev);
    expect(schema.validate('ServerCapabilities', { tools: {}, vendorThing: { x: 1 } })).toEqual({ ok: true });
  });

  it('require an id on error responses only in the draft-07 revisions', async () => {
    const schema = await loadRevisionSchema(rev);
    const def = schema.has('JSONRPCError') ? 'JSONRPCError' : 'JSONRPCErrorResponse';
    const error = { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } };
    expect(schema.validate(def, { ...error, id: 1 })).toEqual({ ok: true });
    expect(schema.validate(def, error).ok).toBe(!draft07.includes(rev));
    // JSON-RPC's id: null for unparsable requests is valid in no revision: RequestId is string | integer.
    expect(schema.validate(def, { ...error, id: null }).ok).toBe(false);
  });

  it(legacy.includes(rev) ? 'reject an InitializeResult without serverInfo' : 'have no InitializeResult (no handshake)', async () => {
    const schema = await loadRevisionSchema(rev);
    if (!legacy.includes(rev)) {
      expect(schema.has('InitializeResult')).toBe(false);
      return;
    }
    const result = { protocolVersion: rev, capabilities: {}, serverInfo: { name: 's', version: '1' } };
    expect(schema.validate('InitializeResult', result)).toEqual({ ok: true });
    const { serverInfo: _omitted, ...withoutInfo } = result;
    expect(schema.validate('InitializeResult', withoutInfo)).toEqual({
      ok: false,
      error: "(root) must have required property 'serverInfo'",
    });
  });

  it('name only existing definitions in methods.json', async () => {
    const schema = await loadRevisionSchema(rev);
    const table = JSON.parse(readFileSync(join(root, 'schema', 'generated', rev, 'methods.json'), 'utf8')) as {
      requests: Record<string, { request: string; result: string | null }>;
      notifications: Record<string, string>;
    };
    for (const [method, { request, result }] of Object.entries(table.requests)) {
      expect(schema.has(request), method).toBe(true);
      expect(result !== null && schema.has(result), method).toBe(true);
    }
    for (const def of Object.values(table.notifications)) expect(schema.has(def), def).toBe(true);
    const { methods } = schema;
    for (const m of [...methods.clientRequests, ...methods.serverRequests]) expect(schema.requestDefinition(m), m).toBeDefined();
    for (const m of [...methods.clientNotifications, ...methods.serverNotifications]) {
      expect(schema.notificationDefinition(m), m).toBeDefined();
    }
  });
});

describe('loadRevisionSchema', () => {
  it('maps 2025-06-18 methods as the schema says', async () => {
    const schema = await loadRevisionSchema('2025-06-18');
    expect(schema.resultDefinition('initialize')).toBe('InitializeResult');
    expect(schema.resultDefinition('ping')).toBe('EmptyResult'); // PingRequest has no PingResult
    expect(schema.resultDefinition('tools/list')).toBe('ListToolsResult');
    expect(schema.requestDefinition('tools/call')).toBe('CallToolRequest');
    expect(schema.notificationDefinition('notifications/progress')).toBe('ProgressNotification');
    expect(schema.methods.serverNotifications).toContain('notifications/progress');
    expect(schema.methods.serverRequests).toEqual(['ping', 'sampling/createMessage', 'roots/list', 'elicitation/create']);
    expect(schema.methods.clientRequests).not.toContain('sampling/createMessage');
    expect(schema.resultDefinition('no/such')).toBeUndefined();
    expect(schema.resultDefinition('constructor')).toBeUndefined();
  });

  it('handles 2026-07-28 without ServerRequest and with an inlined ClientNotification', async () => {
    const schema = await loadRevisionSchema('2026-07-28');
    expect(schema.has('ServerRequest')).toBe(false);
    expect(schema.methods.serverRequests).toEqual([]);
    expect(schema.methods.clientNotifications).toEqual(['notifications/cancelled']);
    expect(schema.notificationDefinition('notifications/cancelled')).toBe('CancelledNotification');
    expect(schema.resultDefinition('server/discover')).toBe('DiscoverResult');
    expect(schema.requestDefinition('initialize')).toBeUndefined();
    // Modern results must say what they are.
    expect(schema.validate('Result', {}).ok).toBe(false);
    expect(schema.validate('Result', { resultType: 'complete' })).toEqual({ ok: true });
  });

  it('caches per revision and refuses unknown names', async () => {
    const a = loadRevisionSchema('2025-11-25');
    expect(loadRevisionSchema('2025-11-25')).toBe(a);
    const schema = await a;
    expect(() => schema.validate('NoSuchDefinition', {})).toThrow(/no schema definition NoSuchDefinition/);
    await expect(loadRevisionSchema('1999-01-01')).rejects.toThrow(/unknown MCP revision 1999-01-01/);
  });
});

describe('schema/sync.mjs', () => {
  const temp = mkdtempSync(join(tmpdir(), 'mcp-schema-sync-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  const runSync = (source: string, out: string) =>
    spawnSync(process.execPath, [join(root, 'schema', 'sync.mjs')], {
      env: { ...process.env, MCP_SCHEMA_DIR: source, MCP_SCHEMA_OUT: out },
      encoding: 'utf8',
    });
  /** A copy of the official schemas, optionally with one revision altered. */
  const sourceCopy = (name: string, tamper?: string) => {
    const dir = join(temp, name);
    for (const id of ids) {
      mkdirSync(join(dir, id), { recursive: true });
      const text = readFileSync(join(schemaDir, id, 'schema.json'), 'utf8');
      writeFileSync(join(dir, id, 'schema.json'), id === tamper ? text.replace('"2.0"', '"2.1"') : text);
    }
    return dir;
  };

  it('copies files whose hash matches', () => {
    const out = join(temp, 'out-ok');
    const run = runSync(sourceCopy('good'), out);
    expect(run.status, run.stderr).toBe(0);
    for (const { id, sha256: expected } of revisions) expect(sha256(join(out, id, 'schema.json'))).toBe(expected);
  });

  it('refuses a tampered file with one line and writes nothing', () => {
    const out = join(temp, 'out-bad');
    const kept = join(out, '2024-11-05', 'schema.json');
    mkdirSync(join(out, '2024-11-05'), { recursive: true });
    writeFileSync(kept, readFileSync(join(schemaDir, '2024-11-05', 'schema.json')));
    const before = statSync(kept).mtimeMs;
    const officialBefore = revisions.map((r) => statSync(join(root, 'schema', 'official', r.id, 'schema.json')).mtimeMs);

    const run = runSync(sourceCopy('tampered', '2025-06-18'), out);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^mcp-conformance: schema for 2025-06-18 .* has sha256 [0-9a-f]{64} but .* pins/);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(join(out, '2025-06-18'))).toBe(false);
    expect(existsSync(join(out, '2025-03-26'))).toBe(false); // verified before anything is written
    expect(statSync(kept).mtimeMs).toBe(before);
    // The project's own copies are untouched.
    expect(revisions.map((r) => statSync(join(root, 'schema', 'official', r.id, 'schema.json')).mtimeMs)).toEqual(officialBefore);
  });

  it('says where to point MCP_SCHEMA_DIR when a file is missing', () => {
    const empty = join(temp, 'empty');
    mkdirSync(empty);
    const run = runSync(empty, join(temp, 'out-missing'));
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(`not found at ${join(empty, ids[0], 'schema.json')}; set MCP_SCHEMA_DIR`);
  });
});
