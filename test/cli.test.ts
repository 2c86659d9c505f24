// The CLI as a user meets it: exit codes 0/1/2/3, usage errors in one sentence without a
// stack trace, --list, --fail-on, --verbose, a closed stdout (`--list | head -1`), targets
// that cannot start or never answer (exit 3 in time, reports still written, no process left),
// and `diff` between two runs.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { allChecks } from '../suites/index.js';
import { CLI, runCli } from './helpers/cli.js';
import { parseJunit } from './helpers/junit-shape.js';
import { referenceCommand } from './helpers/reference.js';

const QUICK = ['--suite', 'ping', '--spec', '2025-06-18', '--no-fuzz'];
const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'mcpc-cli-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** Processes whose command line contains `marker` (Linux /proc). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) found.push(Number(pid));
    } catch {
      // Gone while we looked.
    }
  }
  return found;
}

describe('CLI basics', () => {
  it('--help documents the new flags, the diff command and the exit codes', async () => {
    const run = await runCli(['--help']);
    expect(run.code).toBe(0);
    for (const text of ['--report <kinds>', 'console, json, html, junit, markdown', '--baseline <file.yml>', '--write-baseline', '--fail-on <level>', 'mcp-conformance diff', 'Exit codes:']) {
      expect(run.stdout).toContain(text);
    }
    for (const text of ['--config <file>', '--target <name,...>', '--shard <i/n>', 'mcp-conformance merge-reports']) expect(run.stdout).toContain(text);
    expect(run.stdout).toContain('--foreign-token <token>');
  });

  it('--version prints the version and the schema revisions it carries, alone or among flags', async () => {
    const pkg = JSON.parse(await readFile('package.json', 'utf8')) as { version: string };
    const expected = `mcp-conformance ${pkg.version}\nMCP schema revisions: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28\n`;
    for (const args of [['--version'], ['-V'], ['--version', '--no-color']]) {
      const run = await runCli(args);
      expect(run.code).toBe(0);
      expect(run.stdout, args.join(' ')).toBe(expected);
    }
  });

  it('--list prints one line per check, and --suite narrows it', async () => {
    const all = await runCli(['--list']);
    expect(all.code, all.stderr).toBe(0);
    const lines = all.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(allChecks.length);
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual(allChecks.map((c) => c.id));
    const ping = await runCli(['--list', '--suite', 'ping']);
    expect(ping.stdout.trimEnd().split('\n').every((l) => l.startsWith('ping.'))).toBe(true);
  });

  it('survives a reader that closed stdout (`--list | head -1`)', async () => {
    for (const args of [['--list'], ['--help'], ['--server', referenceCommand(), ...QUICK]]) {
      const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const code = await new Promise<number | null>((done) => child.on('close', done));
      expect(stderr, args.join(' ')).toBe('');
      expect(code, args.join(' ')).toBe(0);
    }
  });
});

describe('usage errors', () => {
  const cases: string[][] = [
    ['--bogus'],
    ['stray'],
    ['--server'],
    ['--server', 'x', '--timeout', 'soon'],
    ['--server', 'x', '--report', 'console,pdf'],
    ['--server', 'x', '--fail-on', 'sometimes'],
    ['--server', 'x', '--spec', '1999-01-01'],
    ['--server', 'x', '--check', 'nope.*'],
    ['--server', 'x', '--baseline', '/nonexistent/baseline.yml'],
    ['--server', 'x', '--url', 'http://127.0.0.1:1/mcp'],
    ['--server', 'x', '--foreign-token', 't'],
    [],
    ['diff', 'one.json'],
    ['diff', '/nonexistent/a.json', '/nonexistent/b.json'],
  ];
  it.each(cases.map((c) => [c.join(' ') || '(no arguments)', c]))('%s: exit 2, one sentence, no stack trace', async (_, args) => {
    const run = await runCli(args as string[]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^mcp-conformance: [^\n]+\n$/);
    expect(run.stderr).not.toMatch(/\.\s+[A-Z]/); // one sentence
    expect(run.stderr).not.toContain('    at ');
  });

  it('an unknown id in a baseline is a usage error naming it', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'b.yml'), '- ping.empty-result\n- ping.no-such-check\n');
    const run = await runCli(['--server', 'x', '--baseline', join(dir, 'b.yml')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`mcp-conformance: baseline ${join(dir, 'b.yml')} entry 2: unknown check "ping.no-such-check" (see --list)\n`);
  });
});

describe('runs and exit codes', () => {
  it('0 on a clean server, 1 on a broken MUST, with --verbose printing the wire', async () => {
    const clean = await runCli(['--server', referenceCommand(), ...QUICK]);
    expect(clean.code, clean.stdout + clean.stderr).toBe(0);
    expect(clean.stdout).toMatch(/^2 passed, 0 failed, 0 warnings, 0 skipped, 0 errors in [\d.]+s$/m);
    const broken = await runCli(['--server', referenceCommand('ping-nonempty-result'), ...QUICK, '--verbose']);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/✗ ping\.empty-result \[2025-06-18 stdio\][^\n]*\n[\s\S]* {4}Wire:\n {6}#\d+ \+\d+ms → /);
  });

  it('--fail-on: should fails on warnings, none never fails', async () => {
    const warned = referenceCommand('prompts-unknown-returns-result');
    const prompts = ['--suite', 'prompts', '--spec', '2025-06-18', '--no-fuzz'];
    expect((await runCli(['--server', warned, ...prompts])).code).toBe(0);
    expect((await runCli(['--server', warned, ...prompts, '--fail-on', 'should'])).code).toBe(1);
    expect((await runCli(['--server', referenceCommand('ping-nonempty-result'), ...QUICK, '--fail-on', 'none'])).code).toBe(0);
  });

  it('3 for a command that does not exist, in time, with every report of what was gathered', { timeout: 120_000 }, async () => {
    const out = await tempDir();
    // In time: decided by the process's exit, never by the startup wait (made long here, so
    // that a run that waited for it would show on any machine, however busy).
    const run = await runCli(['--server', 'mcpc-no-such-command-xyz', '--timeout', '2000', '--startup-timeout', '90000', '--report', 'console,json,html,junit,markdown', '--out', out], { timeoutMs: 100_000 });
    expect(run.code).toBe(3);
    expect(run.ms).toBeLessThan(90_000);
    expect(run.stderr).toMatch(/^mcp-conformance: target could not be started or reached: server exited with code 127 /);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunReport;
    expect(report.aborted).toMatch(/could not be started or reached/);
    expect(parseJunit(await readFile(join(out, 'junit.xml'), 'utf8')).testsuites['@errors']).toBe('1');
    expect(await readFile(join(out, 'report.md'), 'utf8')).toMatch(/^## MCP conformance: ❌ cut short/);
    expect(existsSync(join(out, 'report.html'))).toBe(true);
  });

  it('3 for a server that never answers, within the timeout, leaving no process behind', { timeout: 60_000 }, async () => {
    const marker = `mcpc-silent-${process.pid}-${Date.now()}`;
    const silent = `"${process.execPath}" -e "setInterval(() => {}, 1000)" ${marker}`;
    // The newest revision of each era is probed first; when neither answers within the startup
    // timeout, the other probes are not started.
    const run = await runCli(['--server', silent, '--timeout', '1000', '--startup-timeout', '2000', '--no-fuzz'], { timeoutMs: 45_000 });
    expect(run.code).toBe(3);
    expect(run.ms).toBeLessThan(30_000);
    expect(run.stdout).toContain('unreachable: no answer to initialize within 2000 ms');
    expect(run.stdout).toContain('unreachable: not probed: the target answered no other probe');
    expect(processesWith(marker)).toEqual([]);
  });
});

describe('diff', () => {
  it('prints regressions and fixes by check id; exit 1 on a regression only', { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    const clean = join(dir, 'clean');
    const broken = join(dir, 'broken');
    expect((await runCli(['--server', referenceCommand(), ...QUICK, '--out', clean, '-q'])).code).toBe(0);
    expect((await runCli(['--server', referenceCommand('ping-nonempty-result'), ...QUICK, '--out', broken, '-q'])).code).toBe(1);
    const worse = await runCli(['diff', join(clean, 'report.json'), join(broken, 'report.json')]);
    expect(worse.code).toBe(1);
    expect(worse.stdout).toContain('Regressions (1):\n  ✗ ping.empty-result @ 2025-06-18: pass -> fail  ping is answered promptly with an empty result\n      actual: result {"status":"ok"}\n');
    expect(worse.stdout.trimEnd().split('\n').at(-1)).toBe('1 regressions, 0 fixes, 0 other changes, 1 unchanged');
    const better = await runCli(['diff', join(broken, 'report.json'), join(clean, 'report.json')]);
    expect(better.code).toBe(0);
    expect(better.stdout).toContain('Fixes (1):\n  ✓ ping.empty-result @ 2025-06-18: fail -> pass');
    await writeFile(join(dir, 'not.json'), '{"hello":1}');
    const bad = await runCli(['diff', join(dir, 'not.json'), join(clean, 'report.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`mcp-conformance: ${join(dir, 'not.json')} is not a report.json of reportVersion 1\n`);
  });
});
