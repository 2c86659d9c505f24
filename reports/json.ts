// The JSON report: the source of truth the other reports and CI tooling read. Its shape
// is published as reports/report.schema.json (kept in sync by hand, proved by a test).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../harness/checks/result.js';

/** Write `<outDir>/report.json` (creating the folder) and return its path. */
export async function writeJsonReport(report: RunReport, outDir: string): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, 'report.json');
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`, 'utf8');
  return path;
}
