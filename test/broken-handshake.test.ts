// A broken handshake is a failure, not "not offered" (issue 32). The server answers the era's
// opening request with a result it cannot stand on (no protocolVersion, no capabilities, no
// supportedVersions, no object at all): the run exits 1 with the check that judges that answer
// failing, with its evidence, every other check of the revision skipping with its reason, and
// the report written. A refusal (an error, a counter-offer) stays "not offered", as before.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { brokenOpening } from '../harness/rules/opening-answer.js';
import { runCli } from './helpers/cli.js';
import { referenceCommand } from './helpers/reference.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcpc-handshake-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The CLI at one revision, no fuzzing, the JSON report written to a directory of its own. */
async function run(server: string, revision: string, name: string): Promise<{ code: number | null; stderr: string; report: RunReport }> {
  const out = join(dir, name);
  const cli = await runCli(['--server', server, '--spec', revision, '--no-fuzz', '--report', 'console,json', '--out', out], { timeoutMs: 120_000 });
  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunReport;
  return { code: cli.code, stderr: cli.stderr, report };
}

/**
 * A stdio server that answers initialize with `result` (as JSON text) and every other request
 * with {}; it never answers server/discover (a legacy-only server may ignore it).
 */
async function scriptedServer(name: string, result: string): Promise<string> {
  const file = join(dir, `${name}.mjs`);
  const source = `
import { createInterface } from 'node:readline';
const reply = (id, body) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, ...body }) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined || m.method === 'server/discover') return;
  if (m.method === 'initialize') return reply(m.id, { result: ${result} });
  reply(m.id, { result: {} });
});`;
  await writeFile(file, source);
  return `"${process.execPath}" "${file}"`;
}

/** The one failure of a broken handshake, and that everything else skipped saying why. */
function expectBrokenHandshake(report: RunReport, revision: string, checkId: string, actual: RegExp): CheckResult {
  const probe = report.revisions.find((r) => r.revision === revision);
  expect(probe?.status, 'a broken handshake is offered, not "not supported"').toBe('accepted');
  expect(probe?.detail).toMatch(/^the handshake failed: /);
  const failed = report.results.filter((r) => r.status !== 'skip');
  expect(failed.map((r) => `${r.id}: ${r.status}`)).toEqual([`${checkId}: fail`]);
  const fail = failed[0] as CheckResult;
  expect(fail.level).toBe('MUST');
  expect(fail.requirement).toBeTruthy();
  expect(fail.expected).toBeTruthy();
  expect(fail.actual).toMatch(actual);
  // The wire excerpt holds the answer itself.
  expect(fail.wire?.some((w) => w.dir === 'in' && w.text.includes('"result"'))).toBe(true);
  const skipped = report.results.filter((r) => r.status === 'skip');
  expect(skipped.length).toBeGreaterThan(10);
  for (const r of skipped) {
    expect(r.skipCode, r.id).toBe('cannot-set-up');
    expect(r.reason, r.id).toMatch(/^the handshake failed: /);
  }
  return fail;
}

describe('a broken handshake', () => {
  it('initialize without protocolVersion: lifecycle.initialize-result-fields fails, exit 1, the report is written', async () => {
    const { code, stderr, report } = await run(referenceCommand('initialize-result-no-protocol-version'), '2025-11-25', 'no-version');
    expect(stderr).not.toContain('nothing was tested');
    expect(code).toBe(1);
    expectBrokenHandshake(report, '2025-11-25', 'lifecycle.initialize-result-fields', /^protocolVersion is absent, not a string$/);
  });

  it('initialize without capabilities: the same, rather than checks judging a server that declared nothing', async () => {
    const { code, report } = await run(referenceCommand('initialize-result-no-capabilities'), '2025-06-18', 'no-capabilities');
    expect(code).toBe(1);
    expectBrokenHandshake(report, '2025-06-18', 'lifecycle.initialize-result-fields', /^capabilities is absent, not an object$/);
  });

  it('server/discover without supportedVersions: discovery.supported-versions fails, exit 1', async () => {
    const { code, report } = await run(referenceCommand('discover-result-invalid'), '2026-07-28', 'no-versions');
    expect(code).toBe(1);
    expectBrokenHandshake(report, '2026-07-28', 'discovery.supported-versions', /^supportedVersions is absent, not an array of strings$/);
  });

  it('initialize answered with a result that is no object at all (null) is broken too', async () => {
    const { code, report } = await run(await scriptedServer('null-result', 'null'), '2025-11-25', 'null-result');
    expect(code).toBe(1);
    expectBrokenHandshake(report, '2025-11-25', 'lifecycle.initialize-result-fields', /^the initialize result is null, not an object$/);
  });
});

describe('a refusal is still "not offered"', () => {
  it('a counter-offer without capabilities refuses the revision asked for (its own revision judges the rest)', async () => {
    const server = await scriptedServer('counter-offer', JSON.stringify({ protocolVersion: '2024-11-05', serverInfo: { name: 'x', version: '1' } }));
    const { code, stderr, report } = await run(server, '2025-11-25', 'counter-offer');
    expect(report.revisions.find((r) => r.revision === '2025-11-25')).toMatchObject({ status: 'not-supported', detail: 'answered "2024-11-05"' });
    expect(report.results).toEqual([]);
    expect(code).toBe(4);
    expect(stderr).toContain('nothing was tested: no revision could be tested: 2025-11-25 not offered (answered "2024-11-05")');
  });
});

describe('what a session stands on (rules/opening-answer.ts)', () => {
  it('names each missing or malformed member, per era', () => {
    expect(brokenOpening('legacy', { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' } })).toBeUndefined();
    // serverInfo is judged (lifecycle.initialize-result-fields), but nothing stands on it.
    expect(brokenOpening('legacy', { protocolVersion: '2025-11-25', capabilities: {} })).toBeUndefined();
    expect(brokenOpening('legacy', { protocolVersion: 20251125, capabilities: [] })?.problems).toEqual(['protocolVersion is 20251125, not a string', 'capabilities is [], not an object']);
    expect(brokenOpening('modern', { supportedVersions: ['2026-07-28'], capabilities: {} })).toBeUndefined();
    expect(brokenOpening('modern', { supportedVersions: '2026-07-28', capabilities: {} })?.why).toBe('the handshake failed: in the server/discover result, supportedVersions is "2026-07-28", not an array of strings');
    expect(brokenOpening('modern', 'ok')).toEqual({ problems: ['the server/discover result is "ok", not an object'], notAnObject: true, why: 'the handshake failed: the server/discover result is "ok", not an object' });
  });
});
