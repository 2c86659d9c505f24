// The HTML report: one self-contained file (inline style and script, no request of any kind,
// enforced by its Content-Security-Policy), readable with JavaScript off. Summary, the
// revision x area matrix linking to its rows, then every result grouped by area and revision,
// the evidence of each non-pass in a <details>. Everything from the target is escaped (see
// html/escape.ts), and big frames are cut with a note so the file stays small.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Level } from '../harness/checks/check.js';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import type { WireEntry } from '../harness/wire-log.js';
import { SCRIPT, STYLE } from './html/assets.js';
import { attr, block, safeHref, text } from './html/escape.js';
import { areasOf, cellOf, columnsOf, countOf, exitCodeOf, kindOf, labelOf, seconds, serverOf, STATUSES, targetOf, toneOf, type Column, type FailOn } from './model.js';

/** Caps that keep the file small however noisy the target. */
const LIMITS = { frame: 1200, frames: 24, evidence: 2000, stderr: 8000, wireBudget: 300_000 };
const ARROW: Record<WireEntry['dir'], string> = { out: '→', in: '←', event: '·' };
const KINDS = ['pass', 'fail', 'warn', 'skip', 'error', 'expected-fail', 'stale'] as const;
const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'MAY'];

const groupId = (area: number, column: number): string => `g${area}-${column}`;

function frame(e: WireEntry): string {
  const cut = e.text.length > LIMITS.frame;
  const shown = cut ? e.text.slice(0, LIMITS.frame) : e.text;
  const note = cut ? ` <span class="note">… ${e.text.length - LIMITS.frame} more characters not shown (full frame in report.json)</span>` : '';
  return `#${Number(e.seq)} +${Number(e.t)}ms ${ARROW[e.dir] ?? '?'} ${text(e.conn, 80)}  ${text(shown, LIMITS.frame)}${note}`;
}

function wire(entries: WireEntry[], budget: { left: number }): string {
  if (budget.left <= 0) return '<p class="note">Wire excerpt left out to keep this file small; it is in report.json.</p>';
  const half = LIMITS.frames / 2;
  const cut = entries.length > LIMITS.frames;
  const shown = cut ? [...entries.slice(0, half), undefined, ...entries.slice(-half)] : entries;
  const lines = shown.map((e) => (e ? frame(e) : `<span class="note">… ${entries.length - LIMITS.frames} entries not shown (all in report.json)</span>`));
  const html = lines.join('\n');
  budget.left -= html.length;
  return `<pre>${html}</pre>`;
}

function evidence(r: CheckResult, budget: { left: number }): string {
  const items: string[] = [];
  const item = (label: string, value: string) => items.push(`<dt>${label}</dt><dd><pre>${block(value, LIMITS.evidence)}</pre></dd>`);
  if (r.expected !== undefined) item('Expected', r.expected);
  if (r.actual !== undefined) item('Actual', r.actual);
  if (r.reason !== undefined) item(r.status === 'error' ? 'Harness error' : 'Reason', r.reason);
  if (r.baseline === 'expected-fail') items.push('<dt>Baseline</dt><dd>listed as a known failure: does not fail the run</dd>');
  if (r.baseline === 'stale') items.push('<dt>Baseline</dt><dd>listed as a known failure but now passes: delete it from the baseline</dd>');
  if (r.wire?.length) items.push(`<dt>Wire</dt><dd>${wire(r.wire, budget)}</dd>`);
  if (items.length === 0) return '';
  const open = (r.status === 'fail' && r.baseline !== 'expected-fail') || r.status === 'error' || r.baseline === 'stale';
  return `<details${open ? ' open' : ''}><summary>Evidence</summary><dl>${items.join('')}</dl></details>`;
}

function row(r: CheckResult, column: Column, budget: { left: number }): string {
  const kind = kindOf(r);
  const href = safeHref(r.spec);
  const spec = href ? `<a href="${href}" rel="noreferrer">spec</a>` : `<span class="why">${text(r.spec, 300)}</span>`;
  const skipWhy = r.status === 'skip' && r.reason ? ` <span class="why">${text(r.reason, 300)}</span>` : '';
  const data = `data-kind="${attr(kind)}" data-level="${attr(r.level)}" data-rev="${attr(column.key)}" data-area="${attr(r.area)}"`;
  const head =
    `<div class="h"><span class="b k-${attr(kind)}">${text(labelOf(r))}</span><span class="lv">${text(r.level)}</span>` +
    `<code class="id">${text(r.id)}</code><span>${text(r.title, 400)}</span>${spec}<span class="dur">${Number(r.durationMs)} ms</span>${skipWhy}</div>`;
  return `<div class="r" ${data}>${head}${r.status === 'skip' && !r.baseline ? '' : evidence(r, budget)}</div>`;
}

function matrix(results: CheckResult[], areas: string[], columns: Column[]): string {
  const cell = (list: CheckResult[], link?: string): string => {
    if (list.length === 0) return '<td class="t-empty">–</td>';
    const c = countOf(list);
    const marks = (['fail', 'warn', 'skip', 'error'] as const).filter((s) => c[s]).map((s) => `${c[s]} ${s}`);
    const label = `${c.pass}/${list.length}${marks.length ? ` <small>(${marks.join(', ')})</small>` : ''}`;
    return `<td class="t-${toneOf(list)}">${link ? `<a href="#${link}">${label}</a>` : label}</td>`;
  };
  const head = `<tr><th>area</th>${columns.map((c) => `<th>${text(c.key)}</th>`).join('')}</tr>`;
  const body = areas.map(
    (area, a) => `<tr><td><a href="#a${a}">${text(area)}</a></td>${columns.map((c, i) => cell(cellOf(results, area, c), groupId(a, i))).join('')}</tr>`,
  );
  const total = `<tr><th>total</th>${columns.map((c) => cell(cellOf(results, undefined, c))).join('')}</tr>`;
  return `<table class="matrix">${head}${body.join('')}${total}</table>`;
}

function summary(report: RunReport, failOn: FailOn): string {
  const results = report.results;
  const c = countOf(results);
  const exit = exitCodeOf(report, failOn);
  const verdict = exit === 0 ? ['t-good', 'Passed'] : exit === 3 ? ['t-bad', 'Cut short'] : ['t-bad', 'Failed'];
  const meta: [string, string][] = [
    ['Target', `<code>${text(targetOf(report), 500)}</code> (${text(report.target.transport)})`],
    ...(serverOf(report) ? [['Server', text(serverOf(report) ?? '', 300)] as [string, string]] : []),
    ['Tool', `${text(report.tool.name)} ${text(report.tool.version)}`],
    ['Started', text(report.startedAt)],
    ['Duration', seconds(report.durationMs)],
    ['Revisions', report.revisions.map((p) => `${text(p.revision)}: ${text(p.status)}${p.detail ? ` <span class="why">(${text(p.detail, 300)})</span>` : ''}`).join('<br>')],
    ['Fails the run', failOn === 'none' ? 'nothing (--fail-on none)' : failOn === 'should' ? 'a broken MUST or SHOULD (--fail-on should)' : 'a broken MUST (--fail-on must)'],
  ];
  if (report.settings) meta.push(['Settings', text(`call tools: ${report.settings.callTools}; fuzzing: ${report.settings.fuzz ? `on, seed ${report.settings.seed}, ${report.settings.fuzzRuns} runs` : 'off'}`)]);
  if (report.baseline) {
    const stale = report.baseline.stale.map((s) => `<code>${text(s)}</code>`).join(', ');
    meta.push(['Baseline', `${text(report.baseline.file)}: ${report.baseline.expectedFail} expected failures${stale ? `; stale (now passing, delete them): ${stale}` : ''}`]);
  }
  if (report.aborted) meta.push(['Aborted', text(report.aborted, 1000)]);
  const counts = STATUSES.map((s) => `<div class="count"><b>${c[s]}</b><span class="b k-${s}">${s}</span></div>`).join('');
  const levelRows = LEVELS.map((level) => {
    const mine = results.filter((r) => r.level === level);
    if (mine.length === 0) return '';
    const lc = countOf(mine);
    return `<tr><th>${level}</th>${STATUSES.map((s) => `<td>${lc[s]}</td>`).join('')}<td>${mine.length}</td></tr>`;
  }).join('');
  const byLevel = `<table><tr><th>level</th>${STATUSES.map((s) => `<th>${s}</th>`).join('')}<th>total</th></tr>${levelRows}</table>`;
  const stderr = report.stderr ? `<details><summary>Server stderr</summary><pre>${block(report.stderr, LIMITS.stderr)}</pre></details>` : '';
  return (
    `<p><span class="verdict ${verdict[0]}">${verdict[1]}</span> exit code ${exit}</p>` +
    `<table class="meta">${meta.map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`).join('')}</table>` +
    `<div class="counts">${counts}</div>${byLevel}${stderr}`
  );
}

function filters(areas: string[], columns: Column[]): string {
  const box = (name: string, value: string) => `<label><input type="checkbox" name="${name}" value="${attr(value)}" checked> ${text(value)}</label>`;
  const option = (value: string) => `<option value="${attr(value)}">${text(value)}</option>`;
  return (
    '<form id="filters" hidden>' +
    `<fieldset><legend>status</legend>${KINDS.map((k) => box('kind', k)).join('')}</fieldset>` +
    `<fieldset><legend>level</legend>${LEVELS.map((l) => box('level', l)).join('')}</fieldset>` +
    `<label>revision <select name="rev"><option value="">all</option>${columns.map((c) => option(c.key)).join('')}</select></label>` +
    `<label>area <select name="area"><option value="">all</option>${areas.map(option).join('')}</select></label>` +
    '<label>search <input type="search" name="q" placeholder="id, title, evidence…"></label>' +
    '<output id="shown"></output></form>'
  );
}

/** The whole page as a string. */
export function renderHtml(report: RunReport, failOn: FailOn = report.failOn ?? 'must'): string {
  const results = report.results;
  const areas = areasOf(results);
  const columns = columnsOf(results);
  const budget = { left: LIMITS.wireBudget };
  const sections = areas.map((area, a) => {
    const groups = columns.map((column, i) => {
      const mine = cellOf(results, area, column);
      if (mine.length === 0) return '';
      const rows = mine.map((r) => row(r, column, budget)).join('');
      return `<div class="g" id="${groupId(a, i)}"><h3>${text(area)} at ${text(column.key)}: ${countOf(mine).pass}/${mine.length} passed</h3>${rows}</div>`;
    });
    return `<section class="g" id="a${a}"><h2>${text(area)}</h2>${groups.join('')}</section>`;
  });
  const hash = createHash('sha256').update(SCRIPT).digest('base64');
  // Nothing may load: no fetch, no image, no font, no frame, no form post; only our script.
  const csp = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'`;
  const title = `MCP conformance: ${serverOf(report) ?? targetOf(report)}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer">',
    '<link rel="icon" href="data:,">',
    `<title>${text(title, 200)}</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<h1>${text(title, 300)}</h1>`,
    summary(report, failOn),
    '<h2>Revision × area</h2>',
    results.length ? matrix(results, areas, columns) : '<p class="note">No check ran.</p>',
    '<h2>Checks</h2>',
    filters(areas, columns),
    sections.join('\n'),
    `<script>${SCRIPT}</script>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** Write `<outDir>/report.html` (creating the folder) and return its path. */
export async function writeHtmlReport(report: RunReport, outDir: string, failOn?: FailOn): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, 'report.html');
  await writeFile(path, renderHtml(report, failOn), 'utf8');
  return path;
}
