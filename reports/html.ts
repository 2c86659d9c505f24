// The HTML report: one self-contained file (inline style and script, no request of any kind,
// enforced by its Content-Security-Policy), readable with JavaScript off. It opens with what
// broke, rule by rule (spec sentence, fix, evidence, the exchange as a sequence chart), then
// a compact summary (compliance per revision, the revision x area matrix), then every result
// by area with the passing ones folded. Everything from the target is escaped (html/escape.ts)
// and wire excerpts share a size budget, so the file stays small.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../harness/checks/result.js';
import { newBudget } from './html/evidence.js';
import { renderFailures } from './html/failures.js';
import { renderPage } from './html/page.js';
import { groupLink, renderResults } from './html/results.js';
import { SCRIPT } from './html/script.js';
import { renderSummary, renderTop, titleOf } from './html/summary.js';
import { columnsOf, type FailOn } from './model.js';

/** The whole page as a string. */
export function renderHtml(report: RunReport, failOn: FailOn = report.failOn ?? 'must'): string {
  const columns = columnsOf(report.results);
  const body = [
    renderTop(report, failOn),
    renderFailures(report, failOn, newBudget()),
    renderSummary(report, failOn, columns, groupLink(report.results, columns)),
    renderResults(report.results, columns),
  ].join('\n');
  return renderPage({ title: titleOf(report), body, script: SCRIPT });
}

/** Write `<outDir>/report.html` (creating the folder) and return its path. */
export async function writeHtmlReport(report: RunReport, outDir: string, failOn?: FailOn): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, 'report.html');
  await writeFile(path, renderHtml(report, failOn), 'utf8');
  return path;
}
