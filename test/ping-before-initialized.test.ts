// ping.before-initialized (issue 38, "levels too soft"): a server that dies of a ping sent
// before notifications/initialized breaks a MUST. The client may send ping then (lifecycle:
// "The client SHOULD NOT send requests other than pings before the server has responded to the
// initialize request"), and "The receiver MUST respond promptly with an empty response"
// (basic/utilities/ping): a crash answers nothing, so the check fails, never only warns.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { allChecks } from '../suites/index.js';

// A server that serves everything once initialized, and exits on a ping that comes before
// notifications/initialized (as servers do whose ping handler reads state set up only then).
const SERVER = `
import { createInterface } from 'node:readline';
let initialized = false;
const reply = (id, body) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, ...body }) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'notifications/initialized') initialized = true;
  if (m.id === undefined) return;
  if (m.method === 'initialize') return reply(m.id, { result: { protocolVersion: m.params.protocolVersion, capabilities: {}, serverInfo: { name: 'early-ping-crash', version: '1.0.0' } } });
  if (m.method === 'ping') {
    if (!initialized) process.exit(3);
    return reply(m.id, { result: {} });
  }
  reply(m.id, { error: { code: -32601, message: 'Method not found' } });
});`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpc-early-ping-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('ping.before-initialized against a server that dies of it', () => {
  it('fails (a broken MUST), while the ping after initialization passes', { timeout: 60_000 }, async () => {
    const file = join(dir, 'early-ping-crash.mjs');
    await writeFile(file, SERVER);
    const d = defaultSettings();
    const report = await runChecks({
      target: { kind: 'stdio', command: `"${process.execPath}" "${file}"` },
      checks: allChecks.filter((c) => c.id === 'ping.before-initialized' || c.id === 'ping.empty-result'),
      revisions: ['2025-06-18'],
      timeoutMs: 3000,
      concurrency: 1,
      toolVersion: 'test',
      settings: { ...d, fuzz: { ...d.fuzz, enabled: false } },
    });
    const early = report.results.find((r) => r.id === 'ping.before-initialized');
    expect(early?.status, JSON.stringify(early)).toBe('fail');
    expect(report.results.find((r) => r.id === 'ping.empty-result')?.status).toBe('pass');
  });
});
