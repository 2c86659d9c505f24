// `npm run bench -- --vs <git-ref>`: this build against another commit's, on the same targets
// (this checkout's), with the same flags, on the same machine. On each row the two builds take
// turns (A B A B ...) so that what the machine's other work costs falls on both alike; a build
// whose CLI refuses the command line is said so for that row and not run again there.
import { loadavg } from 'node:os';
import { alternation, compareRow, renderComparison } from './compare.mjs';
import { writeComparison } from './figures.mjs';
import { harnessNotes, runOurs, sweep, THIS_BUILD } from './measure.mjs';
import { otherBuild } from './other-build.mjs';
import { round } from './stats.mjs';

/** Build (or find) the other build, run the rows, print and keep the comparison; the exit code. */
export async function compareBuilds({ ref, rows, runs, started, machine, self }) {
  const other = await otherBuild(ref);
  if (other.problem) {
    console.log(other.problem);
    return 1;
  }
  const builds = { other, this: THIS_BUILD };
  console.log(`this build: ${self.commit?.slice(0, 7) ?? '?'}${self.dirty ? ' (with uncommitted changes)' : ''}; other build: ${other.short} (${ref}); ${runs} run(s) per build per row, alternated\n`);

  const compared = [];
  for (const row of rows) {
    const loadAtStart = load();
    console.log(`${row.name} (${row.target}, ${row.transport}): load ${loadAtStart.join(' ')} at the start`);
    const runsByBuild = { other: [], this: [] };
    for (const name of alternation(runs)) {
      const done = runsByBuild[name];
      if (done.some((r) => r.refused)) continue;
      const result = await runOurs(row, builds[name]);
      done.push(result);
      console.log(`  ${name.padEnd(5)} build, run ${done.length}: ${result.error ?? describe(result)}`);
    }
    const loadAtEnd = load();
    console.log(`  load ${loadAtEnd.join(' ')} at the end`);
    compared.push(compareRow(row, runsByBuild, { loadAtStart, loadAtEnd }));
  }
  await sweep('the bench', 'at the end');

  const caption = `This build (${self.commit?.slice(0, 7) ?? '?'}${self.dirty ? ', uncommitted changes' : ''}) against ${other.short} (${ref}): median wall time of ${runs} run(s) each, alternated; load average ${compared[0]?.loadAtStart[0]} at the start, ${compared[compared.length - 1]?.loadAtEnd[0]} at the end (${machine.cores} cores).`;
  const table = renderComparison(compared);
  console.log(`\n${caption}\n\n${table}`);
  if (harnessNotes.length > 0) {
    console.log('\nHarness problems seen while measuring:');
    for (const n of harnessNotes) console.log(`  ${n}`);
  }
  const figures = {
    benchVersion: 1,
    kind: 'vs',
    date: started.toISOString(),
    this: self,
    other: { ref, commit: other.commit, cachedBuild: other.cached },
    seconds: Math.round((Date.now() - started.getTime()) / 1000),
    machine: { ...machine, loadAtEnd: load() },
    runsPerBuildPerRow: runs,
    rows: compared,
    harnessNotes,
  };
  const files = writeComparison(figures, `${caption}\n\n${table}\n`);
  console.log(`\nComparison written to ${files.join(' and ')}; the bench took ${figures.seconds} s.`);
  return 0;
}

const load = () => loadavg().map(round);

/** A run in one line: its wall time, its CPU (the tool's, the whole run's) when measured, its results. */
function describe(run) {
  const cpu = [run.cpuSeconds === undefined ? undefined : `tool ${run.cpuSeconds.toFixed(2)} s`, run.allCpuSeconds === undefined ? undefined : `all ${run.allCpuSeconds.toFixed(2)} s`].filter(Boolean);
  return `${run.seconds.toFixed(2)} s${cpu.length > 0 ? ` (CPU ${cpu.join(', ')})` : ''}, ${run.results} results`;
}
