// One full run of our tool (every revision, every check), in a process of its own so that its
// peak memory is the tool's alone: the runner with every check and the CLI's defaults, a fixed
// fuzzing seed so that runs are alike. Prints one JSON line: results, revisions, the slowest checks.
//   node scripts/bench/ours.mjs stdio "<command>" | http <url>
import { runChecks } from '../../dist/harness/checks/runner.js';
import { allChecks } from '../../dist/suites/index.js';
import { defaultSettings } from '../../dist/harness/settings.js';
import { OPTION_TABLE } from '../../dist/bin/options.js';

/** The CLI's default budget of checks at once. */
const CONCURRENCY = Number(OPTION_TABLE.concurrency.default);

const [kind, where] = process.argv.slice(2);
if ((kind !== 'stdio' && kind !== 'http') || !where) {
  process.stderr.write('usage: ours.mjs stdio "<command>" | http <url>\n');
  process.exit(2);
}
const target = kind === 'stdio' ? { kind, command: where } : { kind, url: where };
const settings = defaultSettings();
settings.fuzz.seed = 42;

const started = performance.now();
const report = await runChecks({ target, checks: allChecks, timeoutMs: 5000, concurrency: CONCURRENCY, toolVersion: 'bench', settings });
const runSeconds = (performance.now() - started) / 1000;

// Time per check id, summed over revisions (checks overlap: CONCURRENCY at once).
const byCheck = new Map();
for (const r of report.results) byCheck.set(r.id, (byCheck.get(r.id) ?? 0) + r.durationMs);
const byRevision = {};
for (const r of report.results) byRevision[r.revision] = (byRevision[r.revision] ?? 0) + 1;
const slowest = [...byCheck].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([id, ms]) => ({ id, seconds: ms / 1000 }));

process.stdout.write(
  `${JSON.stringify({
    runSeconds,
    results: report.results.length,
    accepted: report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision),
    byRevision,
    transport: report.target.transport,
    summary: report.summary,
    aborted: report.aborted,
    slowest,
  })}\n`,
);
