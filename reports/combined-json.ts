// combined.json: the combined report of a multi-target run, and what merge-reports reads
// back. Each target's RunReport is embedded whole, so a merge can re-render every report.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COMBINED_REPORT_VERSION, type CombinedReport } from './combined.js';

export const COMBINED_FILE = 'combined.json';

/** Write `<outDir>/combined.json` (creating the folder) and return its path. */
export async function writeCombinedJson(report: CombinedReport, outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, COMBINED_FILE);
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
  return path;
}

/** A file that is not a combined.json this version can read, as one sentence. */
export class CombinedReadError extends Error {}

/** As config.schema.json allows target names. */
const TARGET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Enough of the shape to render and merge safely; the embedded reports are trusted as report.json is. */
function shapeProblem(value: unknown): string | undefined {
  if (!isObject(value) || value.combinedReportVersion !== COMBINED_REPORT_VERSION) return `is not a combined.json of combinedReportVersion ${COMBINED_REPORT_VERSION}`;
  if (!isObject(value.tool) || typeof value.startedAt !== 'string' || typeof value.durationMs !== 'number') return 'lacks tool, startedAt or durationMs';
  if (!Array.isArray(value.targets)) return 'has no targets list';
  for (const [i, t] of value.targets.entries()) {
    if (!isObject(t) || typeof t.name !== 'string' || typeof t.exitCode !== 'number') return `target ${i + 1} lacks a name or an exitCode`;
    // The name becomes a folder when the merge re-renders the target's reports.
    if (!TARGET_NAME.test(t.name)) return `target ${i + 1} has a name that cannot be a folder name`;
    const r = t.report;
    if (!isObject(r) || !Array.isArray(r.results) || !isObject(r.summary) || !isObject(r.target)) return `target "${t.name}" has no complete report`;
  }
  if (value.shards !== undefined && (!Array.isArray(value.shards) || !value.shards.every((s) => isObject(s) && Number.isInteger(s.index) && Number.isInteger(s.count)))) {
    return 'has a malformed shards list';
  }
  return undefined;
}

export async function readCombinedJson(path: string): Promise<CombinedReport> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CombinedReadError(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CombinedReadError(`${path} is not JSON`);
  }
  const problem = shapeProblem(value);
  if (problem) throw new CombinedReadError(`${path} ${problem}`);
  return value as CombinedReport;
}
