// npm run bench: wall time of full runs (all accepted revisions, all checks), in this
// process so that peak memory is the tool's own (servers are separate processes).
// Each target runs in a fresh Node process; prints one line per target.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const targets = [
  { name: 'reference (stdio)', command: `"${process.execPath}" dist/reference/server/main.js` },
  { name: 'server-everything (stdio)', command: `"${process.execPath}" node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio` },
];

if (process.argv[2] === '--one') {
  const { runChecks } = await import('../dist/harness/checks/runner.js');
  const { allChecks } = await import('../dist/suites/index.js');
  const started = performance.now();
  const report = await runChecks({ target: { kind: 'stdio', command: process.argv[3] }, checks: allChecks, timeoutMs: 5000, concurrency: 4, toolVersion: 'bench' });
  const seconds = (performance.now() - started) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const accepted = report.revisions.filter((r) => r.status === 'accepted').length;
  process.stdout.write(JSON.stringify({ seconds, peakMb, checks: report.results.length, accepted, summary: report.summary }));
} else {
  const self = fileURLToPath(import.meta.url);
  for (const t of targets) {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const r = spawnSync(process.execPath, [self, '--one', t.command], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${t.name}: ${r.stderr}`);
      runs.push(JSON.parse(r.stdout));
    }
    const best = runs.reduce((a, b) => (a.seconds < b.seconds ? a : b));
    const median = runs.map((r) => r.seconds).sort((a, b) => a - b)[1];
    const peak = Math.max(...runs.map((r) => r.peakMb));
    console.log(
      `${t.name.padEnd(28)} median ${median.toFixed(2)} s  best ${best.seconds.toFixed(2)} s  peak RSS ${peak.toFixed(0)} MB  ` +
        `${best.checks} results over ${best.accepted} revisions`,
    );
  }
}
