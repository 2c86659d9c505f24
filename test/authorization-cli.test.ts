// The `authorization` subcommand, built (dist/): a clean run against the reference AS exits 0
// with a report of its own side; an unreachable issuer exits 3, an issuer that is no URL 2.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startAuthorizationServer } from '../reference/authorization-server/server.js';

const run = async (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)('node', ['bin/mcp-conformance.js', 'authorization', ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
};

describe('mcp-conformance authorization', () => {
  it('runs the AS checks against the reference AS and writes the reports', async () => {
    const as = await startAuthorizationServer();
    const out = await mkdtemp(join(tmpdir(), 'as-cli-'));
    try {
      const r = await run(['--issuer', as.issuer, '--report', 'json,html', '--out', out, '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { side: string; summary: Record<string, number> };
      expect(report.side).toBe('authorization-server');
      expect(report.summary.fail).toBe(0);
      expect(report.summary.pass).toBeGreaterThan(40);
    } finally {
      await as.close();
    }
  });

  it('says in one sentence what is wrong with the issuer', async () => {
    const bad = await run(['--issuer', 'not a url']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--issuer not a url is not a URL/);
    const gone = await run(['--issuer', 'http://127.0.0.1:9/x', '--quiet']);
    expect(gone.code).toBe(3);
    expect(gone.stderr).toMatch(/could not be reached/);
  });
});
