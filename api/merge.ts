// Merging the combined.json of shards (or of separate runs) into one combined report, as if one
// machine had run every target: each target's reports re-rendered under `out`, the combined
// report beside them, and the exit code over all targets.
import { join } from 'node:path';
import { CombinedReadError, readCombinedJson } from '../reports/combined-json.js';
import { MergeError, mergeCombinedReports, type MergeOutcome } from '../reports/combined-model.js';
import type { CombinedReport } from '../reports/combined.js';
import { writeCombinedReports, writeReports, type ReportKind } from './reports.js';
import { UsageError } from './usage-error.js';

export interface MergedReports extends MergeOutcome {
  /** The combined reports written in `out`. */
  paths: string[];
}

export async function mergeReportFiles(files: readonly string[], out: string, kinds: readonly ReportKind[]): Promise<MergedReports> {
  const inputs: { report: CombinedReport; source: string }[] = [];
  for (const file of files) {
    try {
      inputs.push({ report: await readCombinedJson(file), source: file });
    } catch (error) {
      if (error instanceof CombinedReadError) throw new UsageError(error.message);
      throw error;
    }
  }
  let merged: MergeOutcome;
  try {
    merged = mergeCombinedReports(inputs);
  } catch (error) {
    if (error instanceof MergeError) throw new UsageError(`merge-reports: ${error.message}`);
    throw error;
  }
  for (const t of merged.report.targets) {
    await writeReports(t.report, kinds, join(out, t.name), t.report.failOn ?? 'must');
    t.dir = t.name;
  }
  return { ...merged, paths: await writeCombinedReports(merged.report, kinds, out) };
}
