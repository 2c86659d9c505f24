// Combining targets and shards: the exit rule over targets (130, then 3, then 1, then 0),
// merging shards' combined.json (order, duplicates, missing shards), the combined Markdown,
// and `mcp-conformance merge-reports` as CI runs it on downloaded artifacts.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { renderCombinedMarkdown } from '../reports/combined-markdown.js';
import { buildCombinedReport, combinedExitCode, MergeError, mergeCombinedReports } from '../reports/combined-model.js';
import type { CombinedReport, CombinedTarget } from '../reports/combined.js';
import { runCli } from './helpers/cli.js';
import { HOSTILE, reportOf, result } from './helpers/report-fixtures.js';

const passing = (): RunReport => reportOf([result({ id: 'ping.empty-result', status: 'pass', revision: '2025-11-25' }), result({ id: 'tools.list', status: 'skip', revision: '2025-11-25' })]);
const failing = (): RunReport =>
  reportOf([
    result({ id: 'ping.empty-result', status: 'fail', revision: '2025-11-25', expected: 'an empty result', actual: 'result {"status":"ok"}' }),
    result({ id: 'tools.list', status: 'pass', revision: '2025-11-25' }),
  ]);
const unreachable = (): RunReport => reportOf([], { aborted: 'target could not be started or reached: the start command "x" exited with code 1', revisions: [] });

const target = (name: string, report: RunReport, exitCode: number): CombinedTarget => ({ name, report, dir: name, exitCode });

function shard(index: number, count: number, targets: CombinedTarget[], startedAt = '2025-07-01T10:00:00.000Z'): CombinedReport {
  return buildCombinedReport({ tool: { name: 'mcp-conformance', version: '0.1.0' }, startedAt: new Date(startedAt), durationMs: 1000, targets, shards: [{ index, count }] });
}

describe('the exit rule over targets', () => {
  it('interrupted, then unreachable, then failed, then passed', () => {
    expect(combinedExitCode([])).toBe(0);
    expect(combinedExitCode([0, 0])).toBe(0);
    expect(combinedExitCode([0, 1])).toBe(1);
    expect(combinedExitCode([1, 3, 0])).toBe(3);
    expect(combinedExitCode([3, 130, 1])).toBe(130);
  });

  it('the combined report sums the targets and carries the rule', () => {
    const report = shard(1, 1, [target('a', passing(), 0), target('b', failing(), 1)]);
    expect(report.summary).toEqual({ pass: 2, fail: 1, warn: 0, skip: 1, error: 0 });
    expect(report.exitCode).toBe(1);
    expect(report.combinedReportVersion).toBe(1);
  });
});

describe('mergeCombinedReports', () => {
  it('orders targets by shard, spans the wall clock, and recomputes the verdict', () => {
    const one = shard(1, 2, [target('a', passing(), 0), target('c', passing(), 0)], '2025-07-01T10:00:00.000Z');
    const two = shard(2, 2, [target('b', failing(), 1)], '2025-07-01T10:00:05.000Z');
    const { report, missingShards } = mergeCombinedReports([
      { report: two, source: 'two' },
      { report: one, source: 'one' },
    ]);
    expect(missingShards).toEqual([]);
    expect(report.targets.map((t) => t.name)).toEqual(['a', 'c', 'b']);
    expect(report.shards).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect(report.startedAt).toBe('2025-07-01T10:00:00.000Z');
    expect(report.durationMs).toBe(6000);
    expect(report.exitCode).toBe(1);
  });

  it('a missing shard makes the merge incomplete (exit 3)', () => {
    const { report, missingShards } = mergeCombinedReports([{ report: shard(1, 3, [target('a', passing(), 0)]), source: 'one' }]);
    expect(missingShards).toEqual(['2/3', '3/3']);
    expect(report.exitCode).toBe(3);
  });

  it('refuses a target twice, a shard twice, and shards of different splits', () => {
    const a = shard(1, 2, [target('a', passing(), 0)]);
    expect(() => mergeCombinedReports([{ report: a, source: 'x/combined.json' }, { report: shard(2, 2, [target('a', passing(), 0)]), source: 'y/combined.json' }])).toThrow(
      new MergeError('target "a" is in both x/combined.json and y/combined.json; merge each shard once'),
    );
    expect(() => mergeCombinedReports([{ report: a, source: 'x' }, { report: shard(1, 2, [target('b', passing(), 0)]), source: 'y' }])).toThrow('shard 1/2 appears twice (again in y)');
    expect(() => mergeCombinedReports([{ report: a, source: 'x' }, { report: shard(2, 3, [target('b', passing(), 0)]), source: 'y' }])).toThrow('the shards come from different splits (1/2, 2/3)');
  });
});

describe('combined Markdown', () => {
  it('has the verdict, one row per target, the matrix target x revision x area, the failures and the cut-short targets', () => {
    const md = renderCombinedMarkdown(shard(1, 1, [target('a', passing(), 0), target('b', failing(), 1), target('c', unreachable(), 3)]));
    expect(md).toMatch(/^## MCP conformance: ❌ incomplete \(3 targets\)\n/);
    expect(md).toContain('**Targets: 1 passed, 1 failed, 1 unreachable**; checks: 2 passed, 1 failed, 0 warnings, 1 skipped, 0 errors.');
    expect(md).toContain('| b | ❌ failed | – | 2025-11-25 | 1 | 1 | 0 | 0 | 0 |');
    expect(md).toContain('| target | revision | ping | tools | total |');
    expect(md).toContain('| a | 2025-11-25 stdio | ✅ 1/1 | ➖ 0/1 | ➖ 1/2 |');
    expect(md).toContain('| b | 2025-11-25 stdio | ❌ 0/1 (1 fail) | ✅ 1/1 | ❌ 1/2 (1 fail) |');
    expect(md).toContain('### Failures (1)\n\n- **b** ` ping.empty-result ` Title of ping.empty-result (fail, MUST; 2025-11-25)');
    expect(md).toContain('  expected ` an empty result `, got ` result {"status":"ok"} `');
    expect(md).toContain('### Not tested to the end\n\n- **c**: ` target could not be started or reached: the start command "x" exited with code 1 `');
  });

  it('keeps what a target sent as text', () => {
    const hostile = reportOf([result({ id: 'tools.x', title: HOSTILE, status: 'fail', revision: '2025-11-25', expected: HOSTILE, actual: HOSTILE })], { serverInfo: { name: HOSTILE } });
    const md = renderCombinedMarkdown(shard(1, 1, [target('evil', hostile, 1), target(HOSTILE, unreachable(), 3)]));
    for (const ch of ['\u001b', '\u202e', '\r']) expect(md).not.toContain(ch);
    // Outside code spans (a run of N backticks closed by the next run of exactly N), no markup is left unescaped.
    const outside = md.split('\n').map((line) => line.replace(/(`+)(?!`)[\s\S]*?[^`]\1(?!`)/g, ''));
    for (const line of outside) expect(line, line).not.toMatch(/(?<!\\)</);
    // Every row of a table has as many cell borders as its header: nothing a target sent splits a cell.
    const pipes = (line: string) => line.split(/(?<!\\)\|/).length;
    const tables = md.split(/\n(?!\|)/).map((block) => block.split('\n').filter((l) => l.startsWith('|'))).filter((t) => t.length);
    expect(tables.length).toBe(2);
    for (const table of tables) for (const line of table) expect(pipes(line), line).toBe(pipes(table[0] as string));
  });
});

describe('mcp-conformance merge-reports', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  async function artifacts(shards: CombinedReport[]): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'mcpc-merge-'));
    dirs.push(dir);
    for (const s of shards) {
      const folder = join(dir, 'all', `shard-${s.shards?.[0]?.index}`);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'combined.json'), JSON.stringify(s));
    }
    return dir;
  }

  it('merges a folder of downloaded shard folders into the combined and per-target reports, with the exit code of the whole', async () => {
    const dir = await artifacts([shard(1, 2, [target('a', passing(), 0)]), shard(2, 2, [target('b', failing(), 1), target('c', passing(), 0)])]);
    const run = await runCli(['merge-reports', 'all', '--out', 'merged', '--report', 'json,markdown,junit'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^✓ a {2}passed/m);
    expect(run.stdout).toMatch(/^✗ b {2}failed {2}1 passed, 1 failed/m);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^3 targets: 2 passed, 1 failed, 0 unreachable in [\d.]+ s \(exit 1\)$/);
    const merged = JSON.parse(await readFile(join(dir, 'merged', 'combined.json'), 'utf8')) as CombinedReport;
    expect(merged.targets.map((t) => [t.name, t.dir, t.exitCode])).toEqual([
      ['a', 'a', 0],
      ['b', 'b', 1],
      ['c', 'c', 0],
    ]);
    expect(merged.shards).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    for (const file of ['report.md', 'a/report.json', 'b/report.md', 'b/junit.xml', 'c/report.json']) expect(existsSync(join(dir, 'merged', file)), file).toBe(true);
    expect(await readFile(join(dir, 'merged', 'report.md'), 'utf8')).toMatch(/^## MCP conformance: ❌ failed \(3 targets\)/);
  });

  it('a missing shard is exit 3 with one sentence; a file that is not a combined.json is exit 2', async () => {
    const dir = await artifacts([shard(1, 2, [target('a', passing(), 0)])]);
    const run = await runCli(['merge-reports', join('all', 'shard-1'), '--out', 'merged', '-q'], { cwd: dir });
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('mcp-conformance: shard 2/2 missing from the merge, so their targets were not tested\n');
    await writeFile(join(dir, 'not.json'), '{"reportVersion":1}');
    const bad = await runCli(['merge-reports', 'not.json'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('mcp-conformance: not.json is not a combined.json of combinedReportVersion 1\n');
    const escape = shard(1, 1, [target('../../outside', passing(), 0)]);
    await writeFile(join(dir, 'escape.json'), JSON.stringify(escape));
    const escaping = await runCli(['merge-reports', 'escape.json'], { cwd: dir });
    expect(escaping.code).toBe(2);
    expect(escaping.stderr).toBe('mcp-conformance: escape.json target 1 has a name that cannot be a folder name\n');
    const none = await runCli(['merge-reports'], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^mcp-conformance: merge-reports needs the folders of the shards' reports \(usage: /);
  });
});
