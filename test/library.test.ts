// The library API (api/index.ts) as an SDK's test runner uses it: a server and a client run
// resolving with the report model, the CLI's sentences for wrong options (with the option's
// own name), the listener, a stopped run, the checks as data, and the file reports.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitCodeOf, listChecks, testClient, testServer, UsageError, writeReports, type CheckResult, type ServerTestOptions } from '../api/index.js';
import { clientChecks } from '../suites/client/index.js';
import { allChecks } from '../suites/index.js';
import { referenceCommand } from './helpers/reference.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const QUICK = { spec: '2025-06-18', check: 'ping.*', fuzz: false } as const;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('testServer', () => {
  it('resolves with the report of a clean run, and hears every check as it ends', async () => {
    const heard: CheckResult[] = [];
    const report = await testServer({ server: referenceCommand(), ...QUICK, listener: { checkDone: (r) => heard.push(r) } });
    expect(reportSchemaErrors(report)).toBeUndefined();
    expect(report.results.map((r) => r.id).sort()).toEqual(allChecks.filter((c) => c.id.startsWith('ping.')).map((c) => c.id).sort());
    expect(report.results.every((r) => r.status === 'pass')).toBe(true);
    expect(heard.map((r) => r.id).sort()).toEqual(report.results.map((r) => r.id).sort());
    expect(report.settings).toMatchObject({ callTools: 'readonly', fuzz: false });
    expect(report.pace?.timeoutMs).toBe(5000);
    expect(exitCodeOf(report)).toBe(0);
  });

  it('reports a broken rule with its evidence; failOn decides the exit code', async () => {
    const report = await testServer({ server: referenceCommand('ping-nonempty-result'), ...QUICK, failOn: 'none' });
    const failed = report.results.find((r) => r.id === 'ping.empty-result');
    expect(failed).toMatchObject({ status: 'fail', level: 'MUST', expected: 'ping: result {}', actual: 'result {"status":"ok"}' });
    expect(report.failOn).toBe('none');
    expect(exitCodeOf(report)).toBe(0);
    expect(exitCodeOf(report, 'must')).toBe(1);
  });

  it('a target that cannot start resolves with a cut-short report (exit code 3)', async () => {
    const report = await testServer({ server: 'mcpc-no-such-command-xyz', ...QUICK, timeout: 2000 });
    expect(report.aborted).toMatch(/could not be started or reached/);
    expect(exitCodeOf(report)).toBe(3);
  });

  it('a signal already aborted stops the run before it starts', async () => {
    const report = await testServer({ server: referenceCommand(), ...QUICK, signal: AbortSignal.abort() });
    expect(report.aborted).toMatch(/interrupted/);
    expect(report.results).toEqual([]);
  });

  const wrong: [string, ServerTestOptions, string][] = [
    ['nothing to test', {}, 'testServer needs server (the command that starts a stdio server) or url (an HTTP server)'],
    ['two targets', { server: 'x', url: 'http://127.0.0.1:1/mcp' }, 'give one of server, url or client'],
    ['a zero timeout', { server: 'x', timeout: 0 }, 'timeout must be a positive integer, got "0"'],
    ['a fractional concurrency', { server: 'x', concurrency: 1.5 }, 'concurrency must be a positive integer, got "1.5"'],
    ['an unknown revision', { server: 'x', spec: ['2025-06-18', '1999-01-01'] }, 'unknown spec revision "1999-01-01"; known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28'],
    ['an unknown check', { server: 'x', check: 'nope.*' }, 'no check matches "nope.*" (see --list)'],
    ['headers for a stdio server', { server: 'x', headers: { 'X-A': '1' } }, 'headers, authToken, foreignToken and transport apply to url targets only'],
    ['an unknown transport', { url: 'http://127.0.0.1:1/mcp', transport: 'carrier' as 'sse' }, 'transport must be streamable-http or sse, got "carrier"'],
    ['a URL that is not http', { url: 'ftp://x/y' }, 'url must be http or https, got "ftp:"'],
    ['no tools policy', { server: 'x', callTools: [] }, 'callTools needs none, readonly, all or a list of tool names'],
    ['a misspelt option', { server: 'x', timout: 10 } as ServerTestOptions, 'testServer has no option "timout" (did you mean "timeout"?)'],
    ['a client option', { server: 'x', client: 'y' } as ServerTestOptions, 'testServer has no option "client"'],
  ];
  it.each(wrong)('%s: rejects with a UsageError before anything starts', async (_, options, sentence) => {
    const error = await testServer(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message.startsWith(sentence), (error as Error).message).toBe(true);
  });
});

describe('testClient', () => {
  it('plays the scripted servers to a client and resolves with its report', { timeout: 60_000 }, async () => {
    const client = `"${process.execPath}" "${resolve('dist/reference/client/main.js')}" {url}`;
    const report = await testClient({ client, spec: '2025-06-18', suite: 'ping' });
    expect(report.side).toBe('client');
    expect(report.results.map((r) => [r.id, r.status])).toEqual(clientChecks.filter((c) => c.id.startsWith('ping.')).map((c) => [c.id, 'pass']));
    expect(exitCodeOf(report)).toBe(0);
  });

  it('names its own options in its sentences', async () => {
    await expect(testClient({ client: ' ' })).rejects.toThrow('client needs the command that runs the client, with {url} or {server} where the server goes');
    await expect(testClient({ client: 'x {url}', headers: {} } as never)).rejects.toThrow('testClient has no option "headers"');
  });
});

describe('listChecks', () => {
  it('gives every check of each side as data, in report order, with a spec link per level', async () => {
    const server = await listChecks('server');
    expect(server.map((c) => c.id)).toEqual(allChecks.map((c) => c.id));
    expect((await listChecks('client')).map((c) => c.id)).toEqual(clientChecks.map((c) => c.id));
    for (const c of server) {
      expect(c.spec.length, c.id).toBeGreaterThan(0);
      expect(c.levels, c.id).toEqual([...new Set(c.spec.map((s) => s.level))]);
      expect(c.revisionList[0], c.id).toBe(c.spec[0]?.from);
    }
    const ping = server.find((c) => c.id === 'ping.empty-result');
    expect(ping?.spec[0]?.url).toBe('https://modelcontextprotocol.io/specification/2024-11-05/basic/utilities/ping#behavior-requirements');
  });
});

describe('writeReports', () => {
  it('writes report.json and the formats asked for, and refuses an unknown one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpc-lib-'));
    dirs.push(dir);
    const report = await testServer({ server: referenceCommand(), ...QUICK });
    const paths = await writeReports(report, dir, ['html', 'md']);
    expect(paths).toEqual([join(dir, 'report.json'), join(dir, 'report.html'), join(dir, 'report.md')]);
    expect(JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'))).toEqual(report);
    expect(existsSync(join(dir, 'junit.xml'))).toBe(false);
    await expect(writeReports(report, dir, 'pdf')).rejects.toThrow('unknown report "pdf"; available: console, json, html, junit, markdown (md is markdown)');
  });
});
