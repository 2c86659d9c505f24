// Writing the file reports and the baseline: the CLI's only side effects besides the run.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { RunReport } from '../harness/checks/result.js';
import { baselineText } from '../reports/baseline.js';
import { writeHtmlReport } from '../reports/html.js';
import { writeJsonReport } from '../reports/json.js';
import { writeJunitReport } from '../reports/junit.js';
import { writeMarkdownReport } from '../reports/markdown.js';
import type { FailOn } from '../reports/model.js';
import { UsageError } from './options.js';

export const REPORT_KINDS = ['console', 'json', 'html', 'junit', 'markdown'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

function cannotWrite(what: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  return new UsageError(`cannot write ${what}: ${code ?? (error instanceof Error ? error.message : String(error))}`);
}

/** Write the file reports asked for (report.json always, as their source); return the paths. */
export async function writeReports(report: RunReport, kinds: readonly ReportKind[], outDir: string, failOn: FailOn): Promise<string[]> {
  const dir = resolve(outDir);
  const paths: string[] = [];
  try {
    paths.push(await writeJsonReport(report, dir));
    if (kinds.includes('html')) paths.push(await writeHtmlReport(report, dir, failOn));
    if (kinds.includes('junit')) paths.push(await writeJunitReport(report, dir, failOn));
    if (kinds.includes('markdown')) paths.push(await writeMarkdownReport(report, dir, failOn));
  } catch (error) {
    throw cannotWrite(`the reports to ${dir}`, error);
  }
  return paths;
}

export async function writeBaseline(report: RunReport, file: string, failOn: FailOn): Promise<string> {
  const path = resolve(file);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, baselineText(report, failOn), 'utf8');
  } catch (error) {
    throw cannotWrite(`the baseline ${file}`, error);
  }
  return path;
}

/** One "report written to PATH" line per file, as before there were several. */
export function writtenLines(paths: string[]): string {
  return paths.map((p) => `report written to ${p}\n`).join('');
}
