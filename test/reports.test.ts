// The console and JSON reports over one hand-built report: the JSON validates against the
// published schema (and the schema stays in step with result.ts), and the console output
// is clean for CI logs and cannot be hijacked by what a hostile target sends.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, describe, expect, it } from 'vitest';
import type { Status } from '../harness/checks/check.js';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { createConsoleReporter, type ConsoleOptions } from '../reports/console.js';
import { writeJsonReport } from '../reports/json.js';
import { UsageError } from '../api/index.js';
import { parseReportKinds } from '../api/reports.js';

const SPEC = 'https://modelcontextprotocol.io/specification';
const HOSTILE = 'ok\u001b[2J\rgotcha\u009b31m';

function result(partial: Partial<CheckResult> & Pick<CheckResult, 'id' | 'status' | 'revision'>): CheckResult {
  return {
    title: `Title of ${partial.id}`,
    area: partial.id.split('.')[0],
    side: 'server',
    level: 'MUST',
    spec: `${SPEC}/${partial.revision}/basic/lifecycle#initialization`,
    transport: 'stdio',
    durationMs: 3,
    ...partial,
  };
}

const results: CheckResult[] = [
  result({ id: 'lifecycle.initialize-result-schema', status: 'pass', revision: '2024-11-05' }),
  result({ id: 'tools.list-schema', status: 'skip', revision: '2024-11-05', reason: 'server does not declare tools' }),
  result({ id: 'tools.call-unknown-tool-is-error', status: 'skip', revision: '2024-11-05', reason: 'server does not declare tools' }),
  result({
    id: 'tools.call-unknown-tool-is-error',
    title: 'Calling a tool that does not exist returns a JSON-RPC error',
    status: 'fail',
    revision: '2025-06-18',
    spec: `${SPEC}/2025-06-18/server/tools#error-handling`,
    expected: 'a JSON-RPC error (such as -32602)',
    actual: `a result: {"content":[{"text":"${HOSTILE}"}]}`,
    reason: 'the server treats unknown names as success',
    wire: [
      { seq: 12, t: 35, dir: 'out', conn: 'c3', text: '{"jsonrpc":"2.0","id":4,"method":"tools/call"}', owner: 'tools.call-unknown-tool-is-error' },
      { seq: 13, t: 41, dir: 'in', conn: 'c3', text: `{"jsonrpc":"2.0","id":4,"result":{"x":"\u001b]0;pwned\u0007"}}` },
      { seq: 14, t: 2041, dir: 'event', conn: 'c3', text: 'no further frames within 2000 ms' },
    ],
    durationMs: 2010,
  }),
  result({
    id: 'logging.set-level',
    status: 'warn',
    level: 'SHOULD',
    revision: '2025-06-18',
    expected: 'an empty result',
    actual: 'a result with extra fields',
  }),
  result({ id: 'prompts.list-schema', status: 'skip', revision: '2025-06-18', reason: `capability not declared: ${HOSTILE}` }),
  result({ id: 'lifecycle.ping', status: 'error', revision: '2025-06-18', reason: 'the harness could not spawn a second session' }),
];

function summarize(list: CheckResult[]): Record<Status, number> {
  const summary: Record<Status, number> = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const r of list) summary[r.status]++;
  return summary;
}

/** Every optional field set, so additionalProperties: false proves the schema knows each one. */
const report: RunReport = {
  reportVersion: 1,
  tool: { name: 'mcp-conformance', version: '0.1.0' },
  target: { kind: 'stdio', command: 'node server.js', transport: 'stdio' },
  startedAt: '2025-07-01T10:00:00.000Z',
  durationMs: 1234,
  revisions: [
    { revision: '2024-11-05', status: 'accepted' },
    { revision: '2025-06-18', status: 'accepted' },
    { revision: '2099-01-01', status: 'not-supported', detail: 'answered 2025-11-25' },
  ],
  serverInfo: { name: `evil\u001b[2Jserver`, version: '1.0.0' },
  stderr: 'listening on stdio\n',
  results,
  summary: summarize(results),
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const schemaPath = new URL('../reports/report.schema.json', import.meta.url);
const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const validate = addFormats(new Ajv2020({ strict: true, allErrors: true })).compile(schema);
const clone = (): Record<string, unknown> => JSON.parse(JSON.stringify(report)) as Record<string, unknown>;

describe('JSON report', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes report.json, pretty, into a new folder, and it matches the schema', async () => {
    const base = await mkdtemp(join(tmpdir(), 'mcpc-report-'));
    dirs.push(base);
    const path = await writeJsonReport(report, join(base, 'nested', 'out'));
    expect(path).toBe(join(base, 'nested', 'out', 'report.json'));
    const text = await readFile(path, 'utf8');
    expect(text).toBe(`${JSON.stringify(report, null, 2)}\n`);
    const parsed: unknown = JSON.parse(text);
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
  });

  it('rejects a bad status, a missing results array and another report version', () => {
    const badStatus = clone();
    (badStatus.results as Record<string, unknown>[])[0].status = 'passed';
    expect(validate(badStatus)).toBe(false);
    const noResults = clone();
    delete noResults.results;
    expect(validate(noResults)).toBe(false);
    expect(validate({ ...clone(), reportVersion: 2 })).toBe(false);
    expect(validate({ ...clone(), surprise: true })).toBe(false);
  });

  // The hand-kept half of the sync: the non-optional fields of result.ts, one list per type.
  it('requires exactly the non-optional fields of RunReport, CheckResult and WireEntry', () => {
    const required: Record<string, string[]> = {
      report: ['reportVersion', 'tool', 'target', 'startedAt', 'durationMs', 'revisions', 'results', 'summary'],
      checkResult: ['id', 'title', 'area', 'side', 'level', 'spec', 'revision', 'transport', 'status', 'durationMs'],
      wireEntry: ['seq', 't', 'dir', 'conn', 'text'],
      revisionProbe: ['revision', 'status'],
    };
    expect(new Set(schema.required)).toEqual(new Set(required.report));
    for (const def of ['checkResult', 'wireEntry', 'revisionProbe']) {
      expect(new Set(schema.$defs[def].required), def).toEqual(new Set(required[def]));
    }
    const minimal = clone();
    for (const key of Object.keys(minimal)) if (!required.report.includes(key)) delete minimal[key];
    expect(validate(minimal), JSON.stringify(validate.errors)).toBe(true);
  });
});

function capture(options: Partial<ConsoleOptions> = {}) {
  let out = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  const reporter = createConsoleReporter({ stream, color: false, isTTY: false, ...options });
  // Replay the run as the runner would tell it.
  for (const probe of report.revisions) reporter.revisionProbed?.(probe);
  for (const revision of ['2024-11-05', '2025-06-18']) {
    const mine = results.filter((r) => r.revision === revision);
    reporter.revisionStart?.(revision, 'stdio', mine.length);
    for (const r of mine) reporter.checkDone?.(r);
  }
  reporter.runDone?.(report);
  reporter.finish(report);
  return () => out;
}

describe('console report', () => {
  it('is plain in CI: no carriage returns, no ANSI, one line per finished revision', () => {
    const out = capture()();
    expect(out).not.toContain('\r');
    expect(out).not.toContain('\u001b');
    expect(out).toContain('2024-11-05 accepted\n');
    expect(out).toContain('2099-01-01 not supported: answered 2025-11-25\n');
    expect(out).toMatch(/^2024-11-05 stdio {2}3\/3 {2}✓1 ✗0 ⚠0 ∅2 {2}in \d+\.\ds$/m);
    expect(out).toMatch(/^2025-06-18 stdio {2}4\/4 {2}✓0 ✗1 ⚠1 ∅1 !1 {2}in \d+\.\ds$/m);
    expect(out.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed, 1 warnings, 3 skipped, 1 errors in 1.2s');
  });

  it('prints each failure with requirement, expected, actual and reason, then warnings, errors and skips', () => {
    const out = capture()();
    expect(out).toContain(
      [
        '✗ tools.call-unknown-tool-is-error [2025-06-18 stdio] Calling a tool that does not exist returns a JSON-RPC error',
        `    Requirement: MUST ${SPEC}/2025-06-18/server/tools#error-handling`,
        '    Expected: a JSON-RPC error (such as -32602)',
        '    Actual: a result: {"content":[{"text":"ok\\x1b[2J\\rgotcha\\x9b31m"}]}',
        '    Reason: the server treats unknown names as success',
      ].join('\n'),
    );
    expect(out).toContain('⚠ logging.set-level [2025-06-18 stdio]');
    expect(out).toContain('Harness errors');
    expect(out).toContain('! lifecycle.ping [2025-06-18 stdio]');
    expect(out).toContain('    Harness error: the harness could not spawn a second session');
    expect(out).toMatch(/^skipped 3 \(reasons: server does not declare tools ×2; capability not declared: ok\\x1b/m);
    expect(out).not.toContain('#13'); // wire only with verbose
    // The matrix: one row per area, one column per revision.
    expect(out).toMatch(/^area +2024-11-05 stdio +2025-06-18 stdio$/m);
    expect(out).toMatch(/^tools +0\/2 ∅2 +0\/1 ✗1$/m);
    expect(out).toMatch(/^total +1\/3 ∅2 +0\/4 ✗1 ⚠1 ∅1 !1$/m);
  });

  it('neutralises control characters from the target, even with colour on', () => {
    for (const color of [false, true]) {
      const out = capture({ color, verbose: true })();
      expect(out).not.toContain('\u001b[2J');
      expect(out).not.toContain('\u009b');
      expect(out).not.toContain('\u0007');
      expect(out).not.toContain('\r');
      expect(out).toContain('Server: evil\\x1b[2Jserver 1.0.0');
      // The only escapes left are our own colour codes (SGR: ESC [ digits m).
      expect(out.split('\u001b').slice(1).every((part) => /^\[\d+m/.test(part))).toBe(true);
    }
  });

  it('shows the wire excerpt with --verbose', () => {
    const out = capture({ verbose: true })();
    expect(out).toContain('    Wire:\n');
    expect(out).toContain('      #12 +35ms → c3  {"jsonrpc":"2.0","id":4,"method":"tools/call"}');
    expect(out).toContain('      #13 +41ms ← c3  {"jsonrpc":"2.0","id":4,"result":{"x":"\\x1b]0;pwned\\x07"}}');
    expect(out).toContain('      #14 +2041ms · c3  no further frames within 2000 ms');
  });

  it('with quiet prints only failures, harness errors and the closing line', () => {
    const out = capture({ quiet: true })();
    expect(out).toContain('✗ tools.call-unknown-tool-is-error');
    expect(out).toContain('! lifecycle.ping');
    expect(out).not.toContain('accepted');
    expect(out).not.toContain('logging.set-level');
    expect(out).not.toContain('skipped 3');
    expect(out).not.toMatch(/^area/m);
    expect(out).toMatch(/^1 passed, 1 failed, /m);
  });

  it('rewrites one live line on a TTY and says when the run was aborted', () => {
    const aborted = { ...report, aborted: 'interrupted (Ctrl-C)' };
    let out = '';
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    const reporter = createConsoleReporter({ stream, color: false, isTTY: true });
    reporter.revisionStart?.('2025-06-18', 'stdio', 4);
    reporter.checkDone?.(results[3]);
    expect(out).toBe('\r\u001b[2K2025-06-18 stdio  ▸ 0/4  ✓0 ✗0 ⚠0 ∅0\r\u001b[2K2025-06-18 stdio  ▸ 1/4  ✓0 ✗1 ⚠0 ∅0');
    reporter.finish(aborted);
    const committed = out.split('\r\u001b[2K').at(-1) ?? '';
    expect(committed).toMatch(/^2025-06-18 stdio {2}1\/4 {2}✓0 ✗1 ⚠0 ∅0 {2}in \d+\.\ds {2}\(incomplete\)\n/);
    expect(out).toContain('ABORTED: interrupted (Ctrl-C)\n');
    expect(out.trimEnd().split('\n').at(-1)).toBe('1 passed, 1 failed, 1 warnings, 3 skipped, 1 errors in 1.2s (aborted)');
  });
});

describe('--report names', () => {
  it('takes the short names people type, in any case and order, and gives the canonical order', () => {
    expect(parseReportKinds('md, HTML,xml,console')).toEqual(['console', 'html', 'junit', 'markdown']);
  });

  it('refuses an unknown name in one sentence that lists the names', () => {
    expect(() => parseReportKinds('console,pdf')).toThrow(UsageError);
    expect(() => parseReportKinds('pdf', 'config: ')).toThrow('config: unknown report "pdf"; available: console, json, html, junit, markdown (md is markdown)');
  });
});
