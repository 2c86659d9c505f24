// The bench's command line, parsed into what it does. With --vs the bench compares two builds
// of the tool, so the figures that compare neither (the official suite, fuzz throughput) are off.
import { parseArgs } from 'node:util';

export const USAGE = `node scripts/bench.mjs [--runs N] [--rows name,...] [--vs <git-ref>] [--no-official] [--no-fuzz] [--fuzz-runs N]
  --runs N          runs per row (with --vs: per build per row; default 3)
  --rows name,...   only these rows: a row (reference-stdio, client-http, ...) or a group (reference, client, ...)
  --server name,... the older spelling of --rows
  --vs <git-ref>    build that commit too and alternate runs of both builds on each row
  --no-official     no runs of the official suite
  --no-fuzz         no fuzz throughput figure
  --fuzz-runs N     fuzz inputs per property (default 1000)`;

/** `argv` (without node and the script) as { runs, rows, vs, official, fuzz, fuzzRuns, help }; throws on a bad one. */
export function parseBenchArgs(argv) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      runs: { type: 'string', default: '3' },
      rows: { type: 'string' },
      server: { type: 'string' },
      vs: { type: 'string' },
      'no-official': { type: 'boolean', default: false },
      'no-fuzz': { type: 'boolean', default: false },
      'fuzz-runs': { type: 'string', default: '1000' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const runs = wholeNumber('--runs', values.runs);
  const fuzzRuns = wholeNumber('--fuzz-runs', values['fuzz-runs']);
  const names = [values.rows, values.server].filter((v) => v !== undefined).flatMap((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
  if (values.vs !== undefined && values.vs.trim() === '') throw new Error('--vs wants a git ref (a commit, a branch, HEAD~3)');
  const vs = values.vs?.trim();
  return {
    runs,
    rows: values.rows === undefined && values.server === undefined ? undefined : names,
    vs,
    official: vs === undefined && !values['no-official'],
    fuzz: vs === undefined && !values['no-fuzz'],
    fuzzRuns,
    help: values.help,
  };
}

function wholeNumber(flag, text) {
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(n) || n < 1) throw new Error(`${flag} wants a whole number >= 1, not ${text}`);
  return n;
}
