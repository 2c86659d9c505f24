// action.yml (the composite GitHub Action): its shell steps are run here as the runner runs
// them (bash --noprofile --norc -eo pipefail, inputs through env, GITHUB_OUTPUT and
// GITHUB_STEP_SUMMARY files), against the reference server: the packed package is installed
// (the `package` input, as this repository's CI does; users get the npm release), the CLI
// runs with the documented flags, report.md lands in the job summary, every report is
// written for the upload step, and the job fails exactly when the CLI says so. The workflows
// of the README and docs/github-action.md use only inputs the action declares.
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { CombinedReport } from '../reports/combined.js';
import { referenceCommand } from './helpers/reference.js';

interface Step {
  name: string;
  id?: string;
  if?: string;
  shell?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const ROOT = resolve('.');
const action = parse(await readFile(join(ROOT, 'action.yml'), 'utf8')) as Action;

interface StepRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

function bash(script: string, env: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    // Its own process group: a step that hangs is ended with everything it started (an npm
    // left behind would hold the pipes open, and the test would wait for them).
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      stderr += '\n(the test ended this step after 90 s)';
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    }, 90_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

/** Run the action's steps in order, as a runner would; `uses` steps are returned, not run. */
async function runAction(given: Record<string, string>, workspace: string, runnerTemp: string) {
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(action.inputs)) inputs[name] = given[name] ?? spec.default ?? '';
  const outputs: Record<string, Record<string, string>> = {};
  const summary = join(workspace, 'step-summary.md');
  await writeFile(summary, '');
  const expr = (text: string): string =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, e: string) => {
      if (e === 'github.action_path') return ROOT;
      const input = /^inputs\.([\w-]+)$/.exec(e);
      if (input?.[1] !== undefined && input[1] in inputs) return inputs[input[1]] ?? '';
      const out = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(e);
      if (out?.[1] && out[2]) return outputs[out[1]]?.[out[2]] ?? '';
      throw new Error(`the test cannot evaluate \${{ ${e} }}`);
    });
  const ran: Record<string, StepRun> = {};
  const skipped: Step[] = [];
  for (const [i, step] of action.runs.steps.entries()) {
    if (!step.run) {
      skipped.push(step);
      continue;
    }
    const outFile = join(workspace, `output-${i}`);
    await writeFile(outFile, '');
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? workspace,
      NO_COLOR: '1',
      GITHUB_OUTPUT: outFile,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: runnerTemp,
      // A registry request that stalls is tried again after 15 s, not after npm's default 5 minutes.
      npm_config_fetch_timeout: '15000',
      // What npm fetched, from where and how long it took: a step that hangs shows where.
      npm_config_loglevel: 'http',
    };
    for (const [k, v] of Object.entries(step.env ?? {})) env[k] = expr(String(v));
    const result = await bash(step.run, env, workspace);
    const stepOutputs = Object.fromEntries(
      (await readFile(outFile, 'utf8'))
        .split('\n')
        .filter((l) => l.includes('='))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    if (step.id) outputs[step.id] = stepOutputs;
    ran[step.id ?? step.name] = { ...result, outputs: stepOutputs };
    if (result.code !== 0) break;
  }
  return { ran, skipped, summary: await readFile(summary, 'utf8') };
}

describe('GitHub Action (action.yml)', () => {
  const dirs: string[] = [];
  /** One tarball for every run, and one RUNNER_TEMP, so the install is paid for once. */
  let tarball = '';
  let runnerTemp = '';
  beforeAll(async () => {
    runnerTemp = await mkdtemp(join(tmpdir(), 'mcpc-action-runner-'));
    dirs.push(runnerTemp);
    const packed = join(runnerTemp, 'packed');
    await mkdir(packed);
    // dist/ and schema/generated/ are built already (npm test builds first): pack them as they are.
    const { stdout } = await promisify(execFile)('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', packed], { cwd: ROOT });
    tarball = join(packed, stdout.trim().split('\n').at(-1) ?? '');
  }, 120_000);
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const workspaceDir = async (): Promise<string> => {
    const workspace = await mkdtemp(join(tmpdir(), 'mcpc-action-'));
    dirs.push(workspace);
    return workspace;
  };

  it('is a composite action whose scripts take inputs only through env', () => {
    expect(action.runs.using).toBe('composite');
    for (const step of action.runs.steps) {
      if (step.run) {
        expect(step.shell, step.name).toBe('bash');
        // Splicing ${{ inputs.x }} into a script is a script injection; env is not.
        expect(step.run, step.name).not.toContain('${{');
      }
    }
    const upload = action.runs.steps.find((s) => s.uses);
    expect(upload?.uses).toMatch(/^actions\/upload-artifact@v\d+$/);
    expect(upload?.if).toContain('always()');
    expect(upload?.with?.path).toBe('${{ inputs.out }}');
    expect(action.outputs['exit-code']?.value).toBe('${{ steps.run.outputs.exit-code }}');
  });

  it('runs the CLI, writes report.md to the job summary and every report for upload, and fails the job on a failure', { timeout: 120_000 }, async () => {
    const workspace = await workspaceDir();
    const { ran, skipped, summary } = await runAction(
      { package: tarball, server: referenceCommand('ping-nonempty-result'), suite: 'ping', spec: '2025-06-18', args: '--no-fuzz --timeout 4000' },
      workspace,
      runnerTemp,
    );
    expect(ran.setup?.code, ran.setup?.stderr).toBe(0);
    expect(ran.setup?.outputs.cli).toBe(join(runnerTemp, 'mcp-conformance/node_modules/mcp-conformance/bin/mcp-conformance.js'));
    expect(ran.run?.code, ran.run?.stderr).toBe(0);
    expect(ran.run?.outputs).toEqual({ 'exit-code': '1', 'report-dir': 'mcp-conformance-report' });
    expect(ran.run?.stdout).toMatch(/Failures:\n✗ ping\.empty-result \[2025-06-18 stdio\]/);
    const out = join(workspace, 'mcp-conformance-report');
    for (const file of ['report.json', 'report.html', 'junit.xml', 'report.md']) expect(existsSync(join(out, file)), file).toBe(true);
    expect(summary).toBe(await readFile(join(out, 'report.md'), 'utf8'));
    expect(summary).toMatch(/^## MCP conformance: ❌ failed/);
    expect(skipped.map((s) => s.uses)).toEqual(['actions/upload-artifact@v4']);
    expect(ran.Verdict?.code).toBe(1);
    expect(ran.Verdict?.stdout).toContain('::error title=MCP conformance::mcp-conformance exited with 1');
  });

  it('passes the job on a clean server, with the reports where out says', { timeout: 120_000 }, async () => {
    const workspace = await workspaceDir();
    const { ran, summary } = await runAction(
      { package: tarball, server: referenceCommand(), suite: 'ping', spec: '2025-06-18', out: 'reports/mcp', args: '--no-fuzz' },
      workspace,
      runnerTemp,
    );
    expect(ran.run?.outputs['exit-code']).toBe('0');
    expect(existsSync(join(workspace, 'reports/mcp/junit.xml'))).toBe(true);
    expect(summary).toMatch(/^## MCP conformance: ✅ passed/);
    expect(ran.Verdict?.code).toBe(0);
  });
  it('runs every target of a config file in shards, and merges the shards into one summary', { timeout: 120_000 }, async () => {
    const workspace = await workspaceDir();
    const target = (name: string, fault?: string) => ({ name, server: referenceCommand(fault) });
    await writeFile(
      join(workspace, 'mcp-conformance.config.json'),
      JSON.stringify({ suite: 'ping', spec: '2025-06-18', fuzz: false, targets: [target('good'), target('broken', 'ping-nonempty-result'), target('also-good')] }),
    );
    const first = await runAction({ package: tarball, config: 'mcp-conformance.config.json', shard: '1/2', out: 'all/shard-1' }, workspace, runnerTemp);
    expect(first.ran.run?.outputs['exit-code'], first.ran.run?.stdout).toBe('0');
    expect(first.summary).toMatch(/^## MCP conformance: ✅ passed \(2 targets\)/);
    for (const file of ['combined.json', 'report.md', 'good/report.html', 'good/junit.xml', 'also-good/report.json']) expect(existsSync(join(workspace, 'all/shard-1', file)), file).toBe(true);
    const second = await runAction({ package: tarball, config: 'mcp-conformance.config.json', shard: '2/2', out: 'all/shard-2' }, workspace, runnerTemp);
    expect(second.ran.run?.outputs['exit-code']).toBe('1');
    const merged = await runAction({ package: tarball, merge: 'all', out: 'merged' }, workspace, runnerTemp);
    expect(merged.ran.run?.outputs['exit-code']).toBe('1');
    expect(merged.summary).toMatch(/^## MCP conformance: ❌ failed \(3 targets\)/);
    const combined = JSON.parse(await readFile(join(workspace, 'merged', 'combined.json'), 'utf8')) as CombinedReport;
    expect(combined.targets.map((t) => t.name)).toEqual(['good', 'also-good', 'broken']);
    expect(existsSync(join(workspace, 'merged', 'broken', 'report.html'))).toBe(true);
    expect(merged.ran.Verdict?.code).toBe(1);
  });

  it("the workflows of the README and docs/github-action.md use only inputs the action declares", async () => {
    const readme = (await Promise.all(['README.md', 'docs/github-action.md'].map((f) => readFile(join(ROOT, f), 'utf8')))).join('\n');
    const blocks = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => parse(m[1] ?? '') as { jobs?: Record<string, { steps?: Step[] }> });
    const uses = blocks.flatMap((b) => Object.values(b.jobs ?? {}).flatMap((j) => j.steps ?? [])).filter((s) => /mcp-conformance@/.test(s.uses ?? ''));
    expect(uses.length).toBeGreaterThan(1);
    for (const step of uses) for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs), input).toContain(input);
  });
});
