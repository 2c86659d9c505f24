// report.md of a multi-target run: the verdict over all targets, one row per target, the
// matrix target x revision x area, then the failures and the unreachable targets. Short
// enough for $GITHUB_STEP_SUMMARY; each target's own report.md has the rest.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult } from '../harness/checks/result.js';
import type { CombinedReport, CombinedTarget } from './combined.js';
import { verdictOf, type TargetVerdict } from './combined-model.js';
import { code, plain } from './markdown.js';
import { areasOf, cellOf, columnsOf, countOf, failsRun, seconds, serverOf, toneOf, type FailOn } from './model.js';

const MAX_FAILURES = 40;
const ICON = { good: '✅', bad: '❌', warn: '⚠️', neutral: '➖', empty: '' } as const;
const VERDICT: Record<TargetVerdict, string> = { passed: '✅ passed', failed: '❌ failed', unreachable: '❌ unreachable', interrupted: '⏹️ interrupted', untested: '❌ nothing tested' };

function headline(report: CombinedReport): string {
  const n = report.targets.length;
  const verdict = report.exitCode === 0 ? '✅ passed' : report.exitCode === 130 ? '⏹️ interrupted' : report.exitCode === 3 || report.exitCode === 4 ? '❌ incomplete' : '❌ failed';
  return `## MCP conformance: ${verdict} (${n} target${n === 1 ? '' : 's'})`;
}

function tally(report: CombinedReport): string {
  const by = (v: TargetVerdict) => report.targets.filter((t) => verdictOf(t.exitCode) === v).length;
  const parts = [`${by('passed')} passed`, `${by('failed')} failed`, `${by('unreachable')} unreachable`];
  if (by('interrupted')) parts.push(`${by('interrupted')} interrupted`);
  const s = report.summary;
  return `**Targets: ${parts.join(', ')}**; checks: ${s.pass} passed, ${s.fail} failed, ${s.warn} warnings, ${s.skip} skipped, ${s.error} errors.`;
}

function cell(list: CheckResult[]): string {
  if (list.length === 0) return '–';
  const c = countOf(list);
  const extra = (['fail', 'warn', 'error'] as const).filter((s) => c[s]).map((s) => `${c[s]} ${s}`);
  return `${ICON[toneOf(list)]} ${c.pass}/${list.length}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

function targetRows(targets: readonly CombinedTarget[]): string[] {
  const rows = targets.map((t) => {
    const r = t.report;
    const accepted = r.revisions.filter((p) => p.status === 'accepted').map((p) => p.revision).join(', ') || '–';
    const server = serverOf(r);
    const s = r.summary;
    return `| ${plain(t.name, 64)} | ${VERDICT[verdictOf(t.exitCode)]} | ${server ? plain(server, 80) : '–'} | ${plain(accepted, 120)} | ${s.pass} | ${s.fail} | ${s.warn} | ${s.skip} | ${s.error} |`;
  });
  return ['| target | verdict | server | revisions | passed | failed | warnings | skipped | errors |', '| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: |', ...rows];
}

/** Rows target x (revision, transport), columns the areas every target ran, in suite order. */
function matrix(targets: readonly CombinedTarget[]): string[] {
  const areas = [...new Set(targets.flatMap((t) => areasOf(t.report.results)))];
  if (areas.length === 0) return [];
  const rows = targets.flatMap((t) =>
    columnsOf(t.report.results).map((col) => {
      const cells = areas.map((a) => cell(cellOf(t.report.results, a, col)));
      return `| ${plain(t.name, 64)} | ${plain(col.key, 60)} | ${cells.join(' | ')} | ${cell(cellOf(t.report.results, undefined, col))} |`;
    }),
  );
  return [
    '### Matrix (target × revision × area)',
    '',
    `| target | revision | ${areas.map((a) => plain(a, 40)).join(' | ')} | total |`,
    `| --- | --- | ${areas.map(() => '---').join(' | ')} | --- |`,
    ...rows,
  ];
}

function failures(targets: readonly CombinedTarget[]): string[] {
  const lines: string[] = [];
  let shown = 0;
  let total = 0;
  for (const t of targets) {
    const failOn: FailOn = t.report.failOn ?? 'must';
    const failing = t.report.results.filter((r) => failsRun(r, failOn) || r.status === 'error');
    const ids = [...new Set(failing.map((r) => r.id))];
    total += ids.length;
    for (const id of ids) {
      if (shown >= MAX_FAILURES) break;
      shown++;
      const mine = failing.filter((r) => r.id === id);
      const first = mine[0] as CheckResult;
      const where = mine.map((r) => r.revision).join(', ');
      const spec = /^https?:\/\/[^\s()<>[\]`]+$/.test(first.spec) ? ` [spec](${first.spec})` : '';
      lines.push(`- **${plain(t.name, 64)}** ${code(id, 120)} ${plain(first.title, 160)} (${first.status}, ${first.level}; ${plain(where, 80)})${spec}`);
      if (first.expected !== undefined) lines.push(`  expected ${code(first.expected, 160)}, got ${code(first.actual ?? '', 160)}`);
    }
  }
  if (total === 0) return [];
  if (total > shown) lines.push(`- … and ${total - shown} more (see each target's report.md)`);
  return [`### Failures (${total})`, '', ...lines];
}

function unreachable(targets: readonly CombinedTarget[]): string[] {
  const cut = targets.filter((t) => verdictOf(t.exitCode) === 'unreachable' || verdictOf(t.exitCode) === 'interrupted');
  if (cut.length === 0) return [];
  return ['### Not tested to the end', '', ...cut.map((t) => `- **${plain(t.name, 64)}**: ${code(t.report.aborted ?? 'cut short', 300)}`)];
}

export function renderCombinedMarkdown(report: CombinedReport): string {
  const shards = report.shards?.length ? `; shards ${report.shards.map((s) => `${s.index}/${s.count}`).join(', ')}` : '';
  const out: string[] = [
    headline(report),
    '',
    `${plain(report.tool.name, 60)} ${plain(report.tool.version, 40)}, ${plain(report.startedAt, 40)}, ${seconds(report.durationMs)}${shards}.`,
    '',
    tally(report),
  ];
  if (report.targets.length) out.push('', ...targetRows(report.targets));
  for (const section of [matrix(report.targets), failures(report.targets), unreachable(report.targets)]) if (section.length) out.push('', ...section);
  out.push('', "Each target's reports are in its own folder (`<target>/report.md`, `report.html`, `report.json`); `combined.json` holds them all.");
  return `${out.join('\n')}\n`;
}

/** Write `<outDir>/report.md` (creating the folder) and return its path. */
export async function writeCombinedMarkdown(report: CombinedReport, outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, 'report.md');
  await writeFile(path, renderCombinedMarkdown(report), 'utf8');
  return path;
}
