// Writing the file reports, the baseline and the badge: a run's only side effects besides the
// run itself. Each renderer is imported when it is asked for, so a run never loads the ones it
// skips. A folder or file that cannot be written is a UsageError naming it.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunReport } from '../harness/checks/result.js';
import { baselineText } from '../reports/baseline.js';
import type { CombinedReport } from '../reports/combined.js';
import type { FailOn } from '../reports/model.js';
import { UsageError } from './usage-error.js';

export const REPORT_KINDS = ['console', 'json', 'html', 'junit', 'markdown'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** Short names people type for a report kind. */
const REPORT_ALIASES: Readonly<Record<string, ReportKind>> = { md: 'markdown', xml: 'junit' };

/** A comma list of report kinds, aliases allowed, in the canonical order; a wrong name is one sentence. */
export function parseReportKinds(list: string, where = ''): ReportKind[] {
  const asked = list.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean).map((s) => REPORT_ALIASES[s] ?? s);
  const unknown = asked.find((r) => !REPORT_KINDS.some((k) => k === r));
  if (unknown) throw new UsageError(`${where}unknown report "${unknown}"; available: ${REPORT_KINDS.join(', ')} (md is markdown)`);
  return REPORT_KINDS.filter((k) => asked.includes(k));
}

function cannotWrite(what: string, error: unknown): UsageError {
  if (error instanceof UsageError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new UsageError(`cannot write ${what}: ${code ?? (error instanceof Error ? error.message : String(error))}`);
}

/** Write the file reports asked for (report.json always, as their source); return the paths. */
export async function writeReports(report: RunReport, kinds: readonly ReportKind[], outDir: string, failOn: FailOn): Promise<string[]> {
  const dir = resolve(outDir);
  const paths: string[] = [];
  try {
    paths.push(await (await import('../reports/json.js')).writeJsonReport(report, dir));
    if (kinds.includes('html')) paths.push(await (await import('../reports/html.js')).writeHtmlReport(report, dir, failOn));
    if (kinds.includes('junit')) paths.push(await (await import('../reports/junit.js')).writeJunitReport(report, dir, failOn));
    if (kinds.includes('markdown')) paths.push(await (await import('../reports/markdown.js')).writeMarkdownReport(report, dir, failOn));
  } catch (error) {
    throw cannotWrite(`the reports to ${dir}`, error);
  }
  return paths;
}

/**
 * The combined report of several targets in `outDir`: combined.json (what merge-reports
 * reads) and report.md always, the combined HTML when html is asked for.
 */
export async function writeCombinedReports(combined: CombinedReport, kinds: readonly ReportKind[], outDir: string): Promise<string[]> {
  const dir = resolve(outDir);
  const paths: string[] = [];
  try {
    paths.push(await (await import('../reports/combined-json.js')).writeCombinedJson(combined, dir));
    paths.push(await (await import('../reports/combined-markdown.js')).writeCombinedMarkdown(combined, dir));
    if (kinds.includes('html')) paths.push(await (await import('../reports/html/combined.js')).writeCombinedHtml(combined, dir));
  } catch (error) {
    throw cannotWrite(`the combined reports to ${dir}`, error);
  }
  return paths;
}

/** Write this run's failures as a baseline file (check ids, id@revision); return its path. */
export async function writeBaseline(report: RunReport, file: string, failOn: FailOn = report.failOn ?? 'must'): Promise<string> {
  const path = resolve(file);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, baselineText(report, failOn), 'utf8');
  } catch (error) {
    throw cannotWrite(`the baseline ${file}`, error);
  }
  return path;
}

/** Write an SVG badge of the result (the newest revision, MUST compliance); return its path. */
export async function writeBadge(report: RunReport, file: string): Promise<string> {
  try {
    return await (await import('../reports/badge.js')).writeBadge(report, file);
  } catch (error) {
    throw cannotWrite(`the badge ${file}`, error);
  }
}
