// Baselines: both file shapes (ours and the official conformance suite's expected-failures),
// clear errors for bad entries, expected-fail and stale marking, --write-baseline output that
// reads back, and the round trip through the CLI against the reference server with faults.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { REVISION_IDS } from '../harness/revisions.js';
import { applyBaseline, BaselineError, baselineText, type KnownChecks } from '../reports/baseline.js';
import { parseBaseline } from '../reports/baseline-file.js';
import { exitCodeOf } from '../reports/model.js';
import { allChecks } from '../suites/index.js';
import { runCli } from './helpers/cli.js';
import { referenceCommand } from './helpers/reference.js';
import { reportOf, result } from './helpers/report-fixtures.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const known: KnownChecks = { ids: allChecks.map((c) => c.id), revisions: REVISION_IDS };
const parse = (text: string) => parseBaseline(text, 'b.yml', known);

const results = [
  result({ id: 'ping.empty-result', status: 'fail', revision: '2024-11-05', expected: '{}', actual: '{"status":"ok"}' }),
  result({ id: 'ping.empty-result', status: 'pass', revision: '2025-06-18' }),
  result({ id: 'ping.before-initialized', status: 'warn', level: 'SHOULD', revision: '2025-06-18', expected: '{}', actual: 'error' }),
  result({ id: 'base.parse-error-code', status: 'pass', revision: '2024-11-05' }),
  result({ id: 'base.parse-error-code', status: 'pass', revision: '2025-06-18' }),
  result({ id: 'base.unknown-method', status: 'skip', revision: '2025-06-18', reason: 'n/a' }),
];

describe('baseline files', () => {
  it('reads our list: ids, id@revision and whole areas, with comments', () => {
    expect(parse('# known\n- ping.empty-result   # ping is not empty\n- base.parse-error-code@2025-06-18\n- lifecycle\n')).toEqual([
      { text: 'ping.empty-result', id: 'ping.empty-result', area: 'ping' },
      { text: 'base.parse-error-code@2025-06-18', id: 'base.parse-error-code', area: 'base', revision: '2025-06-18' },
      { text: 'lifecycle', area: 'lifecycle' },
    ]);
    expect(parse('')).toEqual([]);
    expect(parse('# nothing yet\n[]\n')).toEqual([]);
  });

  it('reads a renamed id or area as the check it now names', () => {
    const client: KnownChecks = { ids: ['base.request-ids-unique', 'version.request-meta'], revisions: REVISION_IDS };
    expect(parseBaseline('- jsonrpc.request-ids-unique\n- versions\n', 'b.yml', client)).toEqual([
      { text: 'jsonrpc.request-ids-unique', id: 'base.request-ids-unique', area: 'base' },
      { text: 'versions', area: 'version' },
    ]);
  });

  it("reads the official suite's expected-failures shape: server/client lists of <scenario> or <scenario>:<check-id>", () => {
    const entries = parse('server:\n  - base\n  - ping:ping.empty-result\n  - lifecycle:features-declared\nclient: []\n');
    expect(entries.map((e) => [e.area, e.id])).toEqual([
      ['base', undefined],
      ['ping', 'ping.empty-result'],
      ['lifecycle', 'lifecycle.features-declared'],
    ]);
  });

  it('refuses unknown ids, areas and revisions, and malformed files, in one sentence', () => {
    const cases: [string, RegExp][] = [
      ['- ping.no-such-check\n', /^baseline b\.yml entry 1: unknown check "ping\.no-such-check" \(see --list\)$/],
      ['- nosuchkarea\n', /unknown check or area "nosuchkarea"/],
      ['- ping.empty-result@1999-01-01\n', /unknown revision "1999-01-01"/],
      ['server:\n  - ping: ping.empty-result\n', /remove the space after the colon \("ping:ping\.empty-result"\)/],
      ['server:\n  - base:ping.empty-result\n', /check "ping\.empty-result" is not in area "base"/],
      ['server: not-a-list\n', /"server" must be a list of check ids/],
      ['failures:\n  - ping.empty-result\n', /has key "failures"/],
      ['- base\n- base.parse-error-code\n', /"base\.parse-error-code" is redundant with "base"/],
      ['- [unclosed\n', /is not valid YAML/],
      ['42\n', /must be a list of check ids/],
      ['- ~\n', /an entry is empty/],
    ];
    for (const [text, message] of cases) {
      let error: unknown;
      try {
        parse(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toBeInstanceOf(BaselineError);
      expect((error as Error).message, text).toMatch(message);
      expect((error as Error).message, text).not.toContain('\n');
    }
  });

  it('marks listed failures expected-fail, listed passes stale, and says nothing of skips', () => {
    const report = applyBaseline(reportOf(results), parse('- ping.empty-result\n- ping.before-initialized\n- base.parse-error-code\n- base.unknown-method\n'), 'b.yml');
    expect(reportSchemaErrors(report)).toBeUndefined();
    expect(report.results.map((r) => r.baseline)).toEqual(['expected-fail', undefined, 'expected-fail', 'stale', 'stale', undefined]);
    expect(report.baseline).toEqual({ file: 'b.yml', stale: ['base.parse-error-code'], expectedFail: 2 });
    expect(exitCodeOf(report, 'must')).toBe(1);
    expect(exitCodeOf(report, 'none')).toBe(0);
    // Without the stale entry the run passes, even with --fail-on should (the warn is expected).
    const clean = applyBaseline(reportOf(results), parse('- ping.empty-result\n- ping.before-initialized\n'), 'b.yml');
    expect(exitCodeOf(clean, 'should')).toBe(0);
    expect(exitCodeOf(reportOf(results), 'should')).toBe(1);
  });

  it('id@revision covers that revision only', () => {
    const report = applyBaseline(reportOf(results), parse('- ping.empty-result@2025-06-18\n'), 'b.yml');
    expect(report.baseline?.stale).toEqual(['ping.empty-result@2025-06-18']);
    expect(report.results[0]?.baseline).toBeUndefined();
    expect(exitCodeOf(report, 'must')).toBe(1);
  });

  it('writes the failures: a plain id when a check failed wherever it ran, else id@revision; it reads back', () => {
    const text = baselineText(reportOf(results), 'should');
    expect(text).toMatch(/^# mcp-conformance baseline/);
    expect(text).toContain('- ping.empty-result@2024-11-05  # Title of ping.empty-result\n');
    expect(text).toContain('- ping.before-initialized  # Title of ping.before-initialized\n');
    const back = applyBaseline(reportOf(results), parse(text), 'b.yml');
    expect(exitCodeOf(back, 'should')).toBe(0);
    expect(parse(baselineText(reportOf([results[1] as (typeof results)[number]]), 'must'))).toEqual([]);
    // A hostile target command cannot break out of the comment.
    const evil: RunReport = { ...reportOf(results), target: { kind: 'stdio', command: 'x\n- ping.empty-result', transport: 'stdio' } };
    expect(parse(baselineText(evil, 'must')).map((e) => e.text)).toEqual(['ping.empty-result@2024-11-05']);
  });
});

describe('baseline round trip through the CLI', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('write, rerun (expected), fix one fault (stale fails the run), new failure fails it', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcpc-baseline-'));
    dirs.push(dir);
    const file = join(dir, 'baseline.yml');
    const both = referenceCommand('ping-nonempty-result,prompts-unknown-returns-result');
    const common = ['--check', 'ping.empty-result,prompts.get-unknown-is-error', '--spec', '2025-06-18,2025-11-25', '--fail-on', 'should', '--no-fuzz'];

    const first = await runCli(['--server', both, ...common, '--write-baseline', file]);
    expect(first.code, first.stderr).toBe(1);
    const written = await readFile(file, 'utf8');
    expect(parse(written).map((e) => e.text).sort()).toEqual(['ping.empty-result', 'prompts.get-unknown-is-error']);

    const again = await runCli(['--server', both, ...common, '--baseline', file, '--out', join(dir, 'again')]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('Expected failures (listed in the baseline; they do not fail the run):');
    const report = JSON.parse(await readFile(join(dir, 'again', 'report.json'), 'utf8')) as RunReport;
    expect(reportSchemaErrors(report)).toBeUndefined();
    expect(report.results.filter((r) => r.baseline === 'expected-fail')).toHaveLength(4);

    // prompts-unknown-returns-result is fixed: its entry is stale and fails the run.
    const fixed = await runCli(['--server', referenceCommand('ping-nonempty-result'), ...common, '--baseline', file]);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(1);
    expect(fixed.stdout).toMatch(/Stale baseline entries[^\n]*\n✓ prompts\.get-unknown-is-error\n/);
    expect(fixed.stdout).toMatch(/; baseline: 2 expected failures, 1 stale\n/);

    // Anything not listed still fails.
    await writeFile(file, '- prompts.get-unknown-is-error\n');
    const fresh = await runCli(['--server', both, ...common, '--baseline', file]);
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).toMatch(/Failures:\n✗ ping\.empty-result/);
  });
});
