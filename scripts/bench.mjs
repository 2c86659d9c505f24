// npm run bench: how fast a full run of the tool is (every revision, every check), side by
// side with the official conformance suite on the same servers, plus fuzzing throughput.
//   node scripts/bench.mjs [--runs N] [--server name,...] [--no-official] [--no-fuzz] [--fuzz-runs N]
// Per target: median and best wall time over N runs (default 3), the CPU of the tool and of
// the whole run, the peak RSS of the tool's own process, its results and accepted revisions. Each run is a fresh tool process, and over
// HTTP a fresh server. Figures go to bench-results/<time>.json and bench-results/latest.json.
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { printComparison, printSlowest, printTable, readLatest, summarize, writeFigures } from './bench/figures.mjs';
import { harnessNotes, runOurs, runTheirs, sweep } from './bench/measure.mjs';
import { endAll, finish, start } from './bench/processes.mjs';
import { ensureOfficial, OFFICIAL } from './bench/official.mjs';
import { SERVERS } from './bench/targets.mjs';

const { values: opts } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    server: { type: 'string' },
    'no-official': { type: 'boolean', default: false },
    'no-fuzz': { type: 'boolean', default: false },
    'fuzz-runs': { type: 'string', default: '1000' },
  },
});
const runs = Number(opts.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs wants a whole number >= 1, not ${opts.runs}`);
const wanted = opts.server?.split(',').map((s) => s.trim());
const servers = SERVERS.filter((s) => !wanted || wanted.includes(s.name));
if (servers.length === 0) throw new Error(`--server: none of ${wanted} (known: ${SERVERS.map((s) => s.name).join(', ')})`);

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
  loadAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
};
console.log(`mcp-conformance bench: ${runs} run(s) per target; ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, load ${machine.loadAtStart.join(' ')}`);

// The official suite first: fetched once into .bench-cache/, offline after that.
let official;
if (!opts['no-official']) {
  official = ensureOfficial();
  if (official.problem) console.log(official.problem);
  else console.log(`official suite: ${OFFICIAL.name}@${OFFICIAL.version} on Node ${nodeVersion(official.node)}`);
}

const plan = [];
for (const server of servers) {
  plan.push({ server, transport: 'stdio', tool: 'ours' });
  plan.push({ server, transport: 'http', tool: 'ours' });
  if (official && !official.problem) plan.push({ server, transport: 'http', tool: 'official' });
}

const rows = [];
for (const item of plan) {
  const label = `${item.server.name} (${item.transport}, ${item.tool})`;
  const results = [];
  for (let i = 0; i < runs; i++) {
    progress(label, i);
    results.push(item.tool === 'ours' ? await runOurs(item.server, item.transport) : await runTheirs(item.server, official));
  }
  progress(undefined);
  rows.push(summarize({ server: item.server.name, transport: item.transport, tool: item.tool }, results));
}
await sweep('the bench', 'at the end');

console.log('');
printTable(rows);
if (official?.problem) console.log(official.problem);
console.log('\nOur slowest checks (seconds summed over revisions; checks overlap at the default --concurrency):');
printSlowest(rows);

// Second section: fuzzing throughput (its own script).
let fuzz;
if (!opts['no-fuzz']) {
  console.log('');
  const file = join(tmpdir(), `bench-fuzz-${process.pid}.json`);
  const proc = start([process.execPath, fileURLToPath(new URL('./bench-fuzz.mjs', import.meta.url)), opts['fuzz-runs'], '--json', file], { cwd: repo });
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
  dirty: git(['status', '--porcelain'])?.length > 0,
  seconds: Math.round((Date.now() - started.getTime()) / 1000),
  machine: { ...machine, loadAtEnd: loadavg().map((x) => Math.round(x * 100) / 100) },
  runsPerTarget: runs,
  official: official?.problem ? { problem: official.problem } : official ? { ...OFFICIAL, node: nodeVersion(official.node) } : undefined,
  rows,
  fuzz,
  harnessNotes,
};
if (previous) printComparison(previous, rows);
console.log(`\nFigures written to ${writeFigures(figures)} (and bench-results/latest.json); the bench took ${figures.seconds} s.`);

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
