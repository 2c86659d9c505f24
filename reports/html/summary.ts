// The page's head (title and verdict line) and the compact summary that follows the failures:
// compliance per revision, what was run and how, and the revision x area matrix.
import { runNotes } from '../notes.js';
import type { RunReport } from '../../harness/checks/result.js';
import { countOf, exitCodeOf, seconds, serverOf, STATUSES, targetOf, type Column, type FailOn } from '../model.js';
import { complianceOf, ratio, type RevisionCompliance, type Score } from './compliance.js';
import { block, text } from './escape.js';
import { renderMatrix } from './matrix.js';

const STDERR_LIMIT = 8000;
const PROBE_STATUS: Record<string, string> = {
  accepted: 'accepted',
  'not-supported': 'not offered by the target',
  'not-tested': 'not tested',
  unreachable: 'unreachable',
};
const FAILS_THE_RUN: Record<FailOn, string> = {
  none: 'nothing (--fail-on none)',
  should: 'a broken MUST or SHOULD (--fail-on should)',
  must: 'a broken MUST (--fail-on must)',
};

export const titleOf = (report: RunReport): string => `MCP conformance: ${serverOf(report) ?? targetOf(report)}`;

export function verdictOf(exit: number): [tone: string, words: string] {
  return exit === 0 ? ['t-good', 'Passed'] : exit === 3 ? ['t-bad', 'Cut short'] : ['t-bad', 'Failed'];
}

export function countLine(counts: Record<string, number>): string {
  return STATUSES.map((s) => `${Number(counts[s] ?? 0)} ${s}`).join(' · ');
}

/** Title, verdict, counts and the target in two lines: what the first glance needs. */
export function renderTop(report: RunReport, failOn: FailOn): string {
  const exit = exitCodeOf(report, failOn);
  const [tone, words] = verdictOf(exit);
  return (
    `<header id="top"><h1>${text(titleOf(report), 120)}</h1><p class="top"><span class="verdict ${tone}">${words}</span>` +
    `<span>exit code ${exit}</span><span>${countLine(countOf(report.results))}</span>` +
    `<span>${report.side === 'client' ? 'client' : 'target'} <code>${text(targetOf(report), 200)}</code> (${text(report.target.transport)})</span>` +
    `<span>${text(report.startedAt)}, ${seconds(report.durationMs)}</span></p></header>`
  );
}

function scoreCell(s: Score): string {
  const tone = s.applicable === 0 ? 't-empty' : s.passed === s.applicable ? 't-good' : s.failed > 0 ? 't-bad' : 't-warn';
  return `<td class="${tone}">${ratio(s)}</td>`;
}

function complianceRow(c: RevisionCompliance): string {
  const status = c.probe ? (PROBE_STATUS[c.probe.status] ?? c.probe.status) : 'tested';
  const detail = c.probe?.detail ? ` <span class="why">(${text(c.probe.detail, 300)})</span>` : '';
  const head = `<td>${text(c.revision)}</td><td>${text(c.era ?? '–')}</td><td>${text(status)}${detail}</td>`;
  if (c.results === 0) return `<tr class="t-neutral">${head}<td class="t-empty">–</td><td class="t-empty">–</td></tr>`;
  return `<tr>${head}${scoreCell(c.must)}${scoreCell(c.should)}</tr>`;
}

/** MUST and SHOULD passed out of applicable, per revision, with eras and what probing found. */
export function renderCompliance(report: RunReport): string {
  const rows = complianceOf(report);
  const eras = report.eras ? `<p>Eras: <strong>${text(report.eras.classification)}</strong> <span class="why">${text(report.eras.detail, 500)}</span></p>` : '';
  if (rows.length === 0) return `${eras}<p class="note">No revision was probed or tested.</p>`;
  return (
    `${eras}<div class="scroll"><table class="compliance"><tr><th>revision</th><th>era</th><th>status</th>` +
    `<th title="MUST checks passed / applicable (not skipped)">MUST</th><th title="SHOULD checks passed / applicable (not skipped)">SHOULD</th></tr>` +
    `${rows.map(complianceRow).join('')}</table></div>` +
    '<p class="why">passed / applicable: skipped checks do not count; an error counts as not passed.</p>'
  );
}

function meta(report: RunReport, failOn: FailOn): string {
  const rows: [string, string][] = [['Target', `<code>${text(targetOf(report), 500)}</code> (${text(report.target.transport)})`]];
  const server = serverOf(report);
  if (server) rows.push([report.side === 'client' ? 'Client' : 'Server', text(server, 300)]);
  rows.push(['Tool', `${text(report.tool.name)} ${text(report.tool.version)}`], ['Started', text(report.startedAt)], ['Duration', seconds(report.durationMs)]);
  rows.push(['Fails the run', FAILS_THE_RUN[failOn]]);
  if (report.settings) {
    const s = report.settings;
    rows.push(['Settings', text(`call tools: ${s.callTools}; fuzzing: ${s.fuzz ? `on, seed ${s.seed}, ${s.fuzzRuns} runs` : 'off'}`)]);
  }
  if (report.baseline) {
    const b = report.baseline;
    rows.push(['Baseline', `${text(b.file, 300)}: ${Number(b.expectedFail)} expected failures, ${b.stale.length} stale`]);
  }
  if (report.aborted) rows.push(['Aborted', text(report.aborted, 1000)]);
  for (const note of runNotes(report)) rows.push(['Note', text(note, 500)]);
  return `<table class="meta">${rows.map(([k, v]) => `<tr><td>${k}</td><td>${v}</td></tr>`).join('')}</table>`;
}

/** The summary section; `link` addresses the list's groups from the matrix cells. */
export function renderSummary(report: RunReport, failOn: FailOn, columns: Column[], link: (area: number, column: number) => string): string {
  const stderr = report.stderr ? `<details><summary>${report.side === 'client' ? 'Client' : 'Server'} stderr</summary><pre>${block(report.stderr, STDERR_LIMIT)}</pre></details>` : '';
  const matrix = report.results.length ? renderMatrix(report.results, columns, link) : '<p class="note">No check ran.</p>';
  return (
    '<section id="summary"><h2>Summary</h2><div class="cols">' +
    `<div><h3>Compliance by revision</h3>${renderCompliance(report)}</div>` +
    `<div><h3>Run</h3>${meta(report, failOn)}${stderr}</div></div>` +
    `<h3>Revision × area</h3>${matrix}</section>`
  );
}
