// Runs of one row: a build of our tool against a server over stdio (it starts the server
// itself) or over HTTP, or against a client; and the official suite over HTTP. Each HTTP server
// is started fresh for the run and killed after it. Wall time is from spawning the tool's process
// to its exit (Node start included, the server's start excluded for HTTP), so that both tools,
// and both builds with --vs, are timed alike.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readUsage, runOfficial } from './official.mjs';
import { childrenCpuSeconds, finish, kill, leftovers, start, stop, tail, waitFor } from './processes.mjs';
import { refusal, USAGE_EXIT } from './complaints.mjs';
import { commandLine, freePort } from './targets.mjs';

const probe = fileURLToPath(new URL('./rss-probe.mjs', import.meta.url));
const READY_MS = 30_000;
const OURS_MS = 300_000;
const OFFICIAL_MS = 300_000;

/** This checkout's build of the tool; with --vs, other-build.mjs gives the other one. */
export const THIS_BUILD = { name: 'this', cli: fileURLToPath(new URL('../../bin/mcp-conformance.js', import.meta.url)) };

/** Problems with the tool under test seen while measuring (processes left behind, hangs). */
export const harnessNotes = [];

/**
 * One run of `build` of our tool on `row` (rows.mjs): against its server over its transport,
 * or against its client. Returns the figures, or { error }, and { refused } when the tool would
 * not take its command line (a flag this build does not know): running it again is no use.
 */
export async function runOurs(row, build = THIS_BUILD) {
  const label = `${row.name} (${build.name} build)`;
  if (row.role === 'client') return withCpu(() => oursOnce(build, ['client', '--client', row.client[row.transport]], label));
  if (row.transport === 'stdio') return withCpu(() => oursOnce(build, ['--server', commandLine(row.server.stdio)], label));
  return withCpu(() => withHttpServer(row.server, (url, serverGroup) => oursOnce(build, ['--url', url], label, serverGroup)));
}

/** One run of the official suite against `server` over Streamable HTTP. */
export async function runTheirs(server, official) {
  return withCpu(() => withHttpServer(server, (url) => runOfficial(official, url, OFFICIAL_MS)));
}

/** Adds `allCpuSeconds`: the CPU of every process of the run, the tool's and the servers'. */
async function withCpu(run) {
  const before = childrenCpuSeconds();
  const result = await run();
  const after = childrenCpuSeconds();
  return before === undefined || after === undefined || result.error ? result : { ...result, allCpuSeconds: after - before };
}

async function oursOnce(build, targetArgs, label, serverGroup) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-ours-'));
  const rssFile = join(dir, 'rss.json');
  try {
    const started = performance.now();
    // The CLI as a user runs it in CI, with a fixed fuzzing seed so that runs are alike. A failing
    // check is the target's business, not the bench's: --fail-on none.
    const args = [...targetArgs, '--seed', '42', '--quiet', '--report', 'json', '--out', dir, '--fail-on', 'none'];
    const proc = start([process.execPath, '--import', probe, build.cli, ...args], { env: { BENCH_RSS_FILE: rssFile } });
    const exit = await finish(proc, OURS_MS);
    const seconds = (performance.now() - started) / 1000;
    if (exit.timedOut) {
      harnessNotes.push(`${label}: our run did not end within ${OURS_MS / 1000} s and was killed`);
      return { error: `did not finish within ${OURS_MS / 1000} s` };
    }
    if (exit.code === USAGE_EXIT) return { error: refusal(build.name, args, proc.stderr), refused: true };
    if (exit.code !== 0) return { error: `exit ${exit.code ?? exit.signal}: ${tail(proc.stderr, 300)}` };
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    await sweep(label, 'after our run', serverGroup);
    return { seconds, ...readUsage(rssFile), ...digest(report) };
  } catch (error) {
    return { error: error.message };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the bench keeps of a report: results, revisions, the slowest checks. */
function digest(report) {
  // Time per check id, summed over revisions (checks overlap: several run at once).
  const byCheck = new Map();
  for (const r of report.results) byCheck.set(r.id, (byCheck.get(r.id) ?? 0) + r.durationMs);
  const byRevision = {};
  for (const r of report.results) byRevision[r.revision] = (byRevision[r.revision] ?? 0) + 1;
  return {
    results: report.results.length,
    accepted: report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision),
    byRevision,
    transport: report.target.transport,
    summary: report.summary,
    aborted: report.aborted,
    slowest: [...byCheck].sort((a, b) => b[1] - a[1]).slice(0, 10).map(([id, ms]) => ({ id, seconds: ms / 1000 })),
  };
}

/** Start the server's HTTP mode, wait for its readiness line, run `body(url)`, kill the server. */
async function withHttpServer(server, body) {
  const { http } = server;
  const env = http.port ? { PORT: String(await freePort()) } : {};
  const proc = start(http.argv, { env });
  try {
    const match = await waitFor(proc, http.stream, http.ready, READY_MS);
    return await body(http.url(match), proc.child.pid);
  } catch (error) {
    return { error: `${server.name} (http): ${error.message}` };
  } finally {
    await stop(proc);
  }
}

/**
 * Anything the bench started that is still alive (but the group `except`, a server in use),
 * once its exit has had a bounded moment: noted (a harness problem) and ended.
 */
export async function sweep(label, when, except) {
  const deadline = Date.now() + 3000;
  let left = [];
  for (;;) {
    left = leftovers().filter((p) => p.pgid !== except);
    if (left.length === 0) return;
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  harnessNotes.push(`${label}: ${left.length} process(es) left behind ${when}: ${left.map((p) => p.cmdline.slice(0, 120)).join('; ')}`);
  kill(left);
}
