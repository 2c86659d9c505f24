// `mcp-conformance diff <old.json> <new.json>`: exit 1 on a regression, 0 otherwise.
import { diffReports, DiffError, readReport, renderDiff } from '../reports/diff.js';
import { UsageError } from './options.js';

export const DIFF_USAGE = 'usage: mcp-conformance diff <old report.json> <new report.json>';

export async function runDiff(args: string[]): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(`${DIFF_USAGE}\nPrints regressions and fixes by check id and revision; exits 1 when anything regressed.\n`);
    return 0;
  }
  const files = args.filter((a) => !a.startsWith('-'));
  const flag = args.find((a) => a.startsWith('-'));
  if (flag) throw new UsageError(`diff takes no option "${flag}" (${DIFF_USAGE})`);
  if (files.length !== 2) throw new UsageError(`diff needs two report.json files (${DIFF_USAGE})`);
  const [oldPath, newPath] = files as [string, string];
  try {
    const diff = diffReports(await readReport(oldPath), await readReport(newPath));
    process.stdout.write(renderDiff(diff, oldPath, newPath));
    return diff.regressions.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof DiffError) throw new UsageError(error.message);
    throw error;
  }
}
