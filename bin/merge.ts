// `mcp-conformance merge-reports <dir>...`: finds the combined.json of each shard (or of
// separate runs) in the folders given, has the library merge them (api/merge.ts), prints a line
// per target and the verdict, and exits as the whole run would have.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_OUT } from '../api/defaults.js';
import { mergeReportFiles } from '../api/merge.js';
import { parseReportKinds, type ReportKind } from '../api/reports.js';
import { COMBINED_FILE } from '../reports/combined-json.js';
import { targetLine, verdictLine } from '../reports/combined-console.js';
import { UsageError } from './options.js';
import { writtenLines } from './written.js';

export const MERGE_USAGE = 'usage: mcp-conformance merge-reports <dir or combined.json>... [--out <dir>] [--report json,markdown,html,junit] [-q]';

/** A combined.json, a folder holding one, or a folder of such folders (downloaded artifacts). */
function combinedFiles(arg: string): string[] {
  if (!existsSync(arg)) throw new UsageError(`${arg} does not exist (${MERGE_USAGE})`);
  if (!statSync(arg).isDirectory()) return [arg];
  const own = join(arg, COMBINED_FILE);
  if (existsSync(own)) return [own];
  const nested = readdirSync(arg, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => join(arg, e.name, COMBINED_FILE))
    .filter((f) => existsSync(f))
    .sort();
  if (nested.length === 0) throw new UsageError(`${arg} holds no ${COMBINED_FILE}, nor do its subfolders`);
  return nested;
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        out: { type: 'string' },
        report: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        'no-color': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    const flag = /'([^']+)'/.exec((error as Error).message)?.[1];
    throw new UsageError(`merge-reports: ${flag ? `unknown option or missing value: ${flag}` : 'bad arguments'} (${MERGE_USAGE})`);
  }
}

export async function runMerge(args: string[]): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    process.stdout.write(`${MERGE_USAGE}\nCombines the combined.json of each shard into one combined report (combined.json, report.md) and each target's reports; exits as the whole run would have.\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError(`merge-reports needs the folders of the shards' reports (${MERGE_USAGE})`);
  const kinds: ReportKind[] = parseReportKinds(values.report ?? 'json,markdown');
  const files = [...new Set(positionals.flatMap(combinedFiles))];
  const { report, missingShards, paths } = await mergeReportFiles(files, values.out ?? DEFAULT_OUT, kinds);
  const color = values['no-color'] !== true && !process.env.NO_COLOR && process.stdout.isTTY === true;
  const width = Math.max(0, ...report.targets.map((t) => t.name.length));
  for (const t of report.targets) if (!(values.quiet && t.exitCode === 0)) process.stdout.write(`${targetLine(t, color, width)}\n`);
  if (!values.quiet) process.stdout.write(writtenLines(paths));
  if (missingShards.length) {
    process.stderr.write(`mcp-conformance: shard${missingShards.length > 1 ? 's' : ''} ${missingShards.join(', ')} missing from the merge, so their targets were not tested\n`);
  }
  process.stdout.write(`${verdictLine(report, color)}\n`);
  return report.exitCode;
}
