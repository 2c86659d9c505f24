// Bounded on every target: servers that mangle ids, die on a connection after one malformed line,
// or answer tools/list with megabytes end quickly, with the report written, the right finding,
// and no process left behind. Each is the reference server behind a filter that twists it the
// way a published server was seen to (test/fixtures/hostile/twisted.mjs). npm test runs them at
// one revision of each era; CI's full run (MCP_CONFORMANCE_INTEROP=1) at every revision, with
// the 50 MB description.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { runCli } from './helpers/cli.js';

const FULL = process.env.MCP_CONFORMANCE_INTEROP === '1';
const TWISTED = `"${process.execPath}" "${resolve('test/fixtures/hostile/twisted.mjs')}"`;
const SPEC = FULL ? [] : ['--spec', '2025-11-25,2026-07-28'];

async function run(twists: string, env: Record<string, string> = {}): Promise<{ report: RunReport; ms: number; code: number | null; pids: string }> {
  const out = await mkdtemp(join(tmpdir(), 'mcpc-hostile-'));
  const cli = await runCli(['--server', TWISTED, ...SPEC, '--report', 'json', '--out', out, '-q', '--fail-on', 'none'], { env: { TWISTS: twists, ...env }, timeoutMs: 170_000 });
  const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunReport;
  return { report, ms: cli.ms, code: cli.code, pids: await survivors() };
}

/** Processes of the fixture still running (none may outlive the run). */
async function survivors(): Promise<string> {
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' });
  return out
    .split('\n')
    .filter((l) => l.includes('twisted.mjs') && !l.includes('ps -eo'))
    .join('\n');
}

const failing = (r: RunReport) => [...new Set(r.results.filter((x) => x.status === 'fail').map((x) => x.id))].sort();
const errors = (r: RunReport) => r.results.filter((x) => x.status === 'error').map((x) => `${x.id}@${x.revision}: ${x.reason}`);

describe('hostile servers end quickly, with the finding and the report', () => {
  it('a server that answers the string id "7001" with the number 7001: judged at once, as fast as a correct one', { timeout: 360_000 }, async () => {
    const clean = await run('');
    const twisted = await run('numeric-ids');
    expect(errors(twisted.report)).toEqual([]);
    expect(failing(twisted.report)).toEqual(['base.one-response-per-request', 'base.response-id-echoed']);
    // No request waited out its patience for an answer that had come with another id.
    expect(twisted.report.pace?.timeouts).toBe(clean.report.pace?.timeouts);
    expect(twisted.report.results.length).toBe(clean.report.results.length);
    expect(twisted.ms).toBeLessThan(2 * clean.ms + 5000);
    expect(twisted.pids).toBe('');
  });

  it('a server that stops answering a connection after one malformed line: that connection is dead, not the target slow', { timeout: 180_000 }, async () => {
    const { report, ms, pids } = await run('dead-after-junk');
    expect(errors(report)).toEqual([]);
    expect(failing(report)).toContain('base.parse-error-survived');
    const survived = report.results.filter((r) => r.id === 'base.parse-error-survived');
    for (const r of survived) {
      expect(r.status).toBe('fail');
      expect(r.reason).toMatch(/the connection stopped answering/);
      // Its finding stands without being tried again alone: the connection died, the target did not.
      expect(r.firstAttempt).toBeUndefined();
    }
    // Dead connections leave the window alone (only answers that slow down cut it).
    expect(report.pace?.cuts.filter((c) => /no answer/.test(c.why))).toEqual([]);
    expect(ms).toBeLessThan(60_000);
    expect(pids).toBe('');
  });

  it('a server whose tools/list carries a huge description: read once per need, noted, no finding', { timeout: 180_000 }, async () => {
    const { report, ms, pids } = await run('huge-description', { HUGE_MB: FULL ? '50' : '12' });
    expect(report.aborted).toBeUndefined();
    expect(errors(report)).toEqual([]);
    expect(report.results.filter((x) => x.status === 'fail').map((x) => `${x.id}@${x.revision}: ${x.reason}`)).toEqual([]);
    // An observation, not a finding: no rule limits a message's size. (12 MB may read in well
    // under the second that makes a read worth noting.)
    if (FULL) expect(report.pace?.slowReads?.[0]).toMatchObject({ method: 'tools/list', largestBytes: expect.any(Number) as number });
    expect(ms).toBeLessThan(FULL ? 120_000 : 60_000);
    expect(pids).toBe('');
  });
});
