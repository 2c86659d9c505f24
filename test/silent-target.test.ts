// A hostile server that answers initialize and then nothing must not stretch the run: once a
// request and the fence after it both time out, every revision ends with errors saying so,
// the report is written, the run fails (errors fail it), and nothing is left running.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunReport } from '../harness/checks/result.js';
import { runCli } from './helpers/cli.js';

const MUTE = `"${process.execPath}" "${resolve('test/fixtures/hostile/mute-after-initialize.mjs')}"`;

describe('a server that goes silent after initialize', () => {
  it('ends well within its timeouts, with the report written and exit 1', { timeout: 120_000 }, async () => {
    const out = await mkdtemp(join(tmpdir(), 'mcpc-mute-'));
    const run = await runCli(['--server', MUTE, '--no-fuzz', '--report', 'json', '--out', out, '-q'], { timeoutMs: 100_000 });
    expect(run.code).toBe(1);
    // Default --timeout 5000: one request timeout plus one fence timeout (about 12 s on a quiet
    // machine, 26 s at load 25), well within a minute, not minutes.
    expect(run.ms).toBeLessThan(45_000);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunReport;
    const errors = report.results.filter((r) => r.status === 'error');
    expect(errors.length).toBeGreaterThan(report.results.length / 2);
    expect(errors[0]?.reason).toMatch(/the server stopped answering/);
  });
});
