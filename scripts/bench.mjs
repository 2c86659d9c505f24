// npm run bench: how fast a full run of the tool is (every revision, every check), against
// servers and against the reference client, side by side with the official conformance suite on
// the same servers, plus fuzzing throughput; or, with --vs, side by side with another commit's build.
//   node scripts/bench.mjs [--runs N] [--rows name,...] [--vs <git-ref>] [--no-official] [--no-fuzz] [--fuzz-runs N]
// Per row: median and best wall time over N runs (default 3), the CPU of the tool and of
// the whole run, the peak RSS of the tool's own process, its results and accepted revisions. Each run is a fresh tool process, and over
// HTTP a fresh server. Figures go to bench-results/<time>.json and bench-results/latest.json.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printComparison, printSlowest, printTable, readLatest, summarize, writeFigures } from './bench/figures.mjs';
import { harnessNotes, runOurs, runTheirs, sweep } from './bench/measure.mjs';
import { parseBenchArgs, USAGE } from './bench/options.mjs';
import { endAll, finish, start } from './bench/processes.mjs';
import { ensureOfficial, OFFICIAL } from './bench/official.mjs';
import { selectRows } from './bench/rows.mjs';
import { round } from './bench/stats.mjs';
import { compareBuilds } from './bench/vs.mjs';

let opts;
let selected;
try {
  opts = parseBenchArgs(process.argv.slice(2));
  selected = selectRows(opts.rows);
  if (selected.length === 0) throw new Error('--rows: no row named');
} catch (error) {
  console.error(`bench: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}
const { runs } = opts;

const repo = fileURLToPath(new URL('../', import.meta.url));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    endAll();
    console.log('\nbench interrupted: every process it started has been ended.');
    process.exit(130);
  });
}
const started = new Date();
const machine = {
  cpu: cpus()[0]?.model ?? '?',
  cores: cpus().length,
  memoryGb: Math.round(totalmem() / 2 ** 30),
  platform: `${process.platform}-${process.arch}`,
  node: process.version,
  loadAtStart: loadavg().map(round),
};
console.log(`mcp-conformance bench: ${runs} run(s) per ${opts.vs === undefined ? 'row' : 'build per row'}; ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, load ${machine.loadAtStart.join(' ')}`);

// Two builds side by side: a section of its own, nothing else runs.
if (opts.vs !== undefined) {
  const self = { commit: git(['rev-parse', 'HEAD']), dirty: git(['status', '--porcelain', '--untracked-files=no'])?.length > 0 };
  process.exit(await compareBuilds({ ref: opts.vs, rows: selected, runs, started, machine, self }));
}

// The official suite first: fetched once into .bench-cache/, offline after that.
let official;
if (opts.official && selected.some(offersOfficial)) {
  official = ensureOfficial();
  if (official.problem) console.log(official.problem);
  else console.log(`official suite: ${OFFICIAL.name}@${OFFICIAL.version} on Node ${nodeVersion(official.node)}`);
}

// Every row with our tool; beside a server's HTTP row, the official suite on the same server.
const plan = selected.flatMap((row) => [{ row, tool: 'ours' }, ...(official && !official.problem && offersOfficial(row) ? [{ row, tool: 'official' }] : [])]);

const rows = [];
for (const { row, tool } of plan) {
  const label = `${row.target} (${row.transport}, ${tool})`;
  const results = [];
  for (let i = 0; i < runs; i++) {
    progress(label, i);
    results.push(tool === 'ours' ? await runOurs(row) : await runTheirs(row.server, official));
  }
  progress(undefined);
  rows.push(summarize({ server: row.target, transport: row.transport, tool }, results));
}
await sweep('the bench', 'at the end');

console.log('');
printTable(rows);
if (official?.problem) console.log(official.problem);
console.log('\nOur slowest checks (seconds summed over revisions; checks overlap at the default --concurrency):');
printSlowest(rows);

// Second section: fuzzing throughput (its own script).
let fuzz;
if (opts.fuzz) {
  console.log('');
  const file = join(tmpdir(), `bench-fuzz-${process.pid}.json`);
  const proc = start([process.execPath, fileURLToPath(new URL('./bench-fuzz.mjs', import.meta.url)), String(opts.fuzzRuns), '--json', file], { cwd: repo });
  const exit = await finish(proc, 600_000);
  process.stdout.write(proc.stdout);
  if (exit.code === 0) fuzz = JSON.parse(readFileSync(file, 'utf8'));
  else console.log(`fuzz throughput: the fuzz bench failed (${exit.timedOut ? 'it did not end within 600 s' : `exit ${exit.code ?? exit.signal}`}): ${proc.stderr.trim().split('\n').pop() ?? ''}`);
  rmSync(file, { force: true });
  await sweep('the fuzz bench', 'at its end');
}

if (harnessNotes.length > 0) {
  console.log('\nHarness problems seen while measuring:');
  for (const n of harnessNotes) console.log(`  ${n}`);
}

const previous = readLatest();
const figures = {
  benchVersion: 1,
  date: started.toISOString(),
  commit: git(['rev-parse', 'HEAD']),
  dirty: git(['status', '--porcelain', '--untracked-files=no'])?.length > 0,
  seconds: Math.round((Date.now() - started.getTime()) / 1000),
  machine: { ...machine, loadAtEnd: loadavg().map(round) },
  runsPerTarget: runs,
  official: official?.problem ? { problem: official.problem } : official ? { ...OFFICIAL, node: nodeVersion(official.node) } : undefined,
  rows,
  fuzz,
  harnessNotes,
};
if (previous) printComparison(previous, rows);
console.log(`\nFigures written to ${writeFigures(figures)} (and bench-results/latest.json); the bench took ${figures.seconds} s.`);

/** The official suite tests servers over HTTP only. */
function offersOfficial(row) {
  return row.role === 'server' && row.transport === 'http';
}

/** One line that rewrites itself on a terminal; elsewhere (a log) one line per target. */
function progress(label, run) {
  if (process.stdout.isTTY) process.stdout.write(`\r\x1b[K${label === undefined ? '' : `${label}: run ${run + 1} of ${runs}`}`);
  else if (run === 0) console.log(`measuring ${label}`);
}

function nodeVersion(node) {
  return node === process.execPath ? process.versions.node : execFileSync(node, ['--version'], { encoding: 'utf8', timeout: 30_000 }).trim().replace(/^v/, '');
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: repo, encoding: 'utf8', timeout: 30_000 }).trim();
  } catch {
    return undefined;
  }
}
