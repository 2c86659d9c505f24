// The built CLI with a config file of several targets, end to end against the reference
// server: stdio, Streamable HTTP and HTTP+SSE servers the tool starts itself (random ports,
// the URL taken from the ready line), per-target and combined reports, servers that never
// become ready, Ctrl-C, and never a server process left behind.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import type { CombinedReport } from '../reports/combined.js';
import { CLI, runCli } from './helpers/cli.js';
import { REFERENCE_MAIN, referenceCommand } from './helpers/reference.js';
import { reportSchemaErrors } from './helpers/report-schema.js';

const NODE = `"${process.execPath}"`;
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Processes whose environment holds `marker` (Linux /proc): what the config's env gave them. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker)) found.push(Number(pid));
    } catch {
      // Gone while we looked, or not ours.
    }
  }
  return found;
}

async function project(config: object): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpc-config-e2e-'));
  dirs.push(dir);
  await writeFile(join(dir, 'mcp-conformance.config.json'), JSON.stringify(config, null, 2));
  return dir;
}

describe('a config file with three targets', () => {
  it('tests stdio, Streamable HTTP and HTTP+SSE at once, writes every report, and leaves no server behind', { timeout: 120_000 }, async () => {
    const marker = `MCPC_E2E_${process.pid}_${Date.now()}`;
    const env = { [marker]: '1' };
    const dir = await project({
      report: ['console', 'json', 'markdown'],
      out: 'reports',
      targets: [
        { name: 'stdio', server: referenceCommand(), env },
        { name: 'streamable', start: `${NODE} "${REFERENCE_MAIN}" --http --port 0`, ready: '/listening (http\\S+)/', env },
        { name: 'legacy-sse', start: `${NODE} "${REFERENCE_MAIN}" --sse --port 0`, ready: '/listening (?<url>http\\S+\\/sse)/', transport: 'sse', env },
      ],
    });
    const run = await runCli(['--spec', '2025-11-25', '--no-fuzz'], { cwd: dir, timeoutMs: 110_000 });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('mcp-conformance: 3 targets from mcp-conformance.config.json (3 at once, 5 checks at once each)');
    for (const name of ['stdio', 'streamable', 'legacy-sse']) expect(run.stdout).toMatch(new RegExp(`^✓ ${name} +passed +\\d+ passed, 0 failed`, 'm'));
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^3 targets: 3 passed, 0 failed, 0 unreachable in [\d.]+ s \(exit 0\)$/);

    const out = join(dir, 'reports');
    const transports: Record<string, string> = { stdio: 'stdio', streamable: 'streamable-http', 'legacy-sse': 'sse' };
    for (const [name, transport] of Object.entries(transports)) {
      expect(existsSync(join(out, name, 'report.md')), name).toBe(true);
      const report = JSON.parse(await readFile(join(out, name, 'report.json'), 'utf8')) as RunReport;
      expect(reportSchemaErrors(report), name).toBeUndefined();
      expect(report.target.transport, name).toBe(transport);
      expect(report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision), name).toEqual(['2025-11-25']);
      expect(report.summary.fail + report.summary.error, name).toBe(0);
      expect(report.results.length, name).toBeGreaterThan(50);
    }
    const combined = JSON.parse(await readFile(join(out, 'combined.json'), 'utf8')) as CombinedReport;
    expect(combined.targets.map((t) => [t.name, t.dir, t.exitCode])).toEqual([
      ['stdio', 'stdio', 0],
      ['streamable', 'streamable', 0],
      ['legacy-sse', 'legacy-sse', 0],
    ]);
    expect(combined.exitCode).toBe(0);
    expect(combined.summary.pass).toBe(combined.targets.reduce((n, t) => n + t.report.summary.pass, 0));
    const md = await readFile(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/^## MCP conformance: ✅ passed \(3 targets\)\n/);
    // Each target's matrix row ends in its total: passes and skips, nothing failed.
    expect(md).toMatch(/^\| streamable \| 2025-11-25 streamable-http \| .* \| [✅➖] \d+\/\d+ \|$/m);
    expect(md).toMatch(/^\| legacy-sse \| 2025-11-25 sse \| .* \| [✅➖] \d+\/\d+ \|$/m);
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('servers that never become ready', () => {
  it('count as unreachable (exit 3 over all), in one sentence each, within their start timeout, and are killed', { timeout: 120_000 }, async () => {
    const marker = `MCPC_E2E_${process.pid}_${Date.now()}_silent`;
    const dir = await project({
      spec: '2025-06-18',
      suite: 'ping',
      fuzz: false,
      targets: [
        { name: 'fine', server: referenceCommand() },
        // A wrapper shell and a grandchild: the whole group must go.
        { name: 'silent', start: `${NODE} -e "setInterval(() => {}, 1000)" & ${NODE} -e "setInterval(() => {}, 1000)"; wait`, ready: '/on (http\\S+)/', startTimeout: 1500, env: { [marker]: '1' } },
        // Its exit decides, never its start wait (made long, so that waiting it would show).
        { name: 'dies', start: `${NODE} -e "console.error('port 1 is taken'); process.exit(4)"`, ready: 'listening', url: 'http://127.0.0.1:1/mcp', startTimeout: 120_000 },
      ],
    });
    const run = await runCli(['--out', 'out'], { cwd: dir, timeoutMs: 110_000 });
    expect(run.code, run.stdout + run.stderr).toBe(3);
    // About 6 s on a quiet machine, 29 s at load 25: well below the 120 s 'dies' may wait.
    expect(run.ms).toBeLessThan(90_000);
    expect(run.stdout).toMatch(/^✓ fine +passed/m);
    expect(run.stdout).toContain(
      `✗ silent  unreachable: target could not be started or reached: the start command "${NODE} -e "setInterval(() => {}, 1000)" & ${NODE} -e "setInterval(() => {}, 1000)"; wait" did not print a line matching /on (http\\S+)/ within 1500 ms (it printed nothing)`,
    );
    expect(run.stdout).toMatch(/✗ dies {4}unreachable: target could not be started or reached: the start command "[^\n]+" exited with code 4 before printing a line containing "listening" \(last output: "port 1 is taken"\)/);
    const combined = JSON.parse(await readFile(join(dir, 'out', 'combined.json'), 'utf8')) as CombinedReport;
    expect(combined.targets.map((t) => t.exitCode)).toEqual([0, 3, 3]);
    expect(combined.exitCode).toBe(3);
    for (const t of combined.targets) expect(reportSchemaErrors(t.report), t.name).toBeUndefined();
    expect(await readFile(join(dir, 'out', 'report.md'), 'utf8')).toMatch(/^## MCP conformance: ❌ incomplete \(3 targets\)/);
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('Ctrl-C during a multi-target run', () => {
  it('stops the run with 130, writes what it gathered, and kills every server it started', { timeout: 60_000 }, async () => {
    const marker = `MCPC_E2E_${process.pid}_${Date.now()}_sigint`;
    const dir = await project({
      targets: [{ name: 'http', start: `${NODE} "${REFERENCE_MAIN}" --http --port 0`, ready: '/listening (http\\S+)/', env: { [marker]: '1' } }],
    });
    const child = spawn(process.execPath, [CLI, '--out', 'out', '--fuzz-runs', '10000'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout.resume();
    // The fence: the started server exists (it carries the marker), so the run is under way.
    const deadline = Date.now() + 20_000;
    while (processesWith(marker).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(processesWith(marker).length).toBeGreaterThan(0);
    const sent = Date.now();
    child.kill('SIGINT');
    const code = await new Promise<number | null>((done) => child.on('close', done));
    expect(code, stderr).toBe(130);
    expect(Date.now() - sent).toBeLessThan(8_000);
    expect(stderr).toContain('interrupted');
    expect(processesWith(marker)).toEqual([]);
    const combined = JSON.parse(await readFile(join(dir, 'out', 'combined.json'), 'utf8')) as CombinedReport;
    expect(combined.exitCode).toBe(130);
  });
});
