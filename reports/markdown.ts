// The Markdown report (report.md): short enough for $GITHUB_STEP_SUMMARY and a PR comment.
// Verdict, counts, the revision x area matrix, the failures (grouped by check, with spec
// links and one line of evidence), stale baseline entries, then the warnings by id.
// Target strings only appear inside code spans whose fence is longer than any backtick
// run in them, with line breaks and control characters made visible.
import { runNotes } from './notes.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { areasOf, cellOf, columnsOf, countOf, exitCodeOf, failsRun, seconds, serverOf, targetOf, toneOf, type FailOn, skipsByCode } from './model.js';
import { show } from './terminal.js';

const MAX_FAILURES = 25;
const MAX_WARNINGS = 25;
const ICON = { good: '✅', bad: '❌', warn: '⚠️', neutral: '➖', empty: '' } as const;

/** A code span that nothing inside can close (never used inside a table cell). */
export function code(value: string, max = 200): string {
  const flat = show(value, max);
  const longest = Math.max(0, ...(flat.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${flat} ${fence}`;
}

/** Text outside code spans: Markdown and HTML punctuation escaped, so it stays text. */
export function plain(value: string, max = 200): string {
  return show(value, max).replace(/[\\`*_[\]<>()!#|~&{}]/g, (ch) => `\\${ch}`);
}

/** Only http(s) links; anything else is shown as code. */
function link(label: string, url: string): string {
  return /^https?:\/\/[^\s()<>[\]`]+$/.test(url) ? `[${label}](${url})` : code(url, 200);
}

function matrix(results: CheckResult[]): string[] {
  const columns = columnsOf(results);
  const cell = (list: CheckResult[]): string => {
    if (list.length === 0) return '–';
    const c = countOf(list);
    const extra = (['fail', 'warn', 'skip', 'error'] as const).filter((s) => c[s]).map((s) => `${c[s]} ${s}`);
    return `${ICON[toneOf(list)]} ${c.pass}/${list.length}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  };
  return [
    `| area | ${columns.map((c) => plain(c.key, 60)).join(' | ')} |`,
    `| --- | ${columns.map(() => '---').join(' | ')} |`,
    ...areasOf(results).map((area) => `| ${plain(area, 60)} | ${columns.map((c) => cell(cellOf(results, area, c))).join(' | ')} |`),
    `| **total** | ${columns.map((c) => cell(cellOf(results, undefined, c))).join(' | ')} |`,
  ];
}

/** Results of one check id across revisions, as one bullet with the first one's evidence. */
function bullets(list: CheckResult[], max: number, evidence: boolean): string[] {
  const ids = [...new Set(list.map((r) => r.id))];
  const lines = ids.slice(0, max).flatMap((id) => {
    const mine = list.filter((r) => r.id === id);
    const first = mine[0] as CheckResult;
    const where = mine.map((r) => r.revision).join(', ');
    const head = `- ${code(id, 120)} ${plain(first.title, 200)} (${first.level}; ${where}) ${link('spec', first.spec)}`;
    if (!evidence || first.expected === undefined) return [head];
    return [head, `  expected ${code(first.expected, 160)}, got ${code(first.actual ?? '', 160)}`];
  });
  if (ids.length > max) lines.push(`- … and ${ids.length - max} more (see report.html)`);
  return lines;
}

export function renderMarkdown(report: RunReport, failOn: FailOn = report.failOn ?? 'must'): string {
  const results = report.results;
  const c = countOf(results);
  const exit = exitCodeOf(report, failOn);
  const verdict = exit === 0 ? '✅ passed' : exit === 3 ? '❌ cut short' : '❌ failed';
  const server = serverOf(report);
  const out: string[] = [
    `## MCP conformance: ${verdict}`,
    '',
    `Target ${code(targetOf(report), 200)} (${plain(report.target.transport, 40)})${server ? `, server ${code(server, 120)}` : ''}; ` +
      `${plain(report.tool.name, 60)} ${plain(report.tool.version, 40)}, ${plain(report.startedAt, 40)}, ${seconds(report.durationMs)}.`,
    '',
    `**${c.pass} passed, ${c.fail} failed, ${c.warn} warnings, ${c.skip} skipped, ${c.error} errors**` +
      (report.baseline ? `; baseline: ${report.baseline.expectedFail} expected failures, ${report.baseline.stale.length} stale` : '') +
      ` (fails on: ${failOn}).`,
  ];
  const revisions = report.revisions.map((p) => `${plain(p.revision, 40)} ${p.status}`).join(', ');
  if (revisions) out.push('', `Revisions: ${revisions}.`);
  if (report.aborted) out.push('', `> **Aborted:** ${code(report.aborted, 300)}`);
  for (const note of runNotes(report)) out.push('', `> Note: ${plain(note, 400)}`);
  if (results.length) out.push('', ...matrix(results));
  const failing = results.filter((r) => failsRun(r, failOn) || (r.status === 'fail' && !r.baseline));
  if (failing.length) out.push('', `### Failures (${failing.length})`, '', ...bullets(failing, MAX_FAILURES, true));
  if (report.baseline?.stale.length) {
    out.push('', '### Stale baseline entries (they pass now: delete them)', '', ...report.baseline.stale.map((s) => `- ${code(s, 120)}`));
  }
  const errors = results.filter((r) => r.status === 'error');
  if (errors.length) out.push('', `### Harness errors (${errors.length}; not a verdict on the target)`, '', ...bullets(errors, MAX_WARNINGS, false));
  const warnings = results.filter((r) => r.status === 'warn' && !failing.includes(r));
  if (warnings.length) out.push('', `### Warnings (${warnings.length})`, '', ...bullets(warnings, MAX_WARNINGS, false));
  const expected = results.filter((r) => r.baseline === 'expected-fail' && r.status === 'fail');
  if (expected.length) out.push('', `### Expected failures (baseline, ${expected.length})`, '', ...bullets(expected, MAX_WARNINGS, false));
  const skips = skipsByCode(results);
  if (skips.length) out.push('', `Skipped, by reason: ${skips.map(([why, n]) => `${code(why, 40)} ×${n}`).join(', ')} (each skip's detail is in \`report.html\`).`);
  out.push('', 'Full details: `report.html` (every check, evidence and wire excerpts), `report.json`, `junit.xml`.');
  return `${out.join('\n')}\n`;
}

/** Write `<outDir>/report.md` (creating the folder) and return its path. */
export async function writeMarkdownReport(report: RunReport, outDir: string, failOn?: FailOn): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, 'report.md');
  await writeFile(path, renderMarkdown(report, failOn), 'utf8');
  return path;
}
