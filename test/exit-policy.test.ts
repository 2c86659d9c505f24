// The exit policy of a run (README: exit codes): undecided checks fail the run like broken
// MUSTs, and a run that tested nothing is never green.
import { describe, expect, it } from 'vitest';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { exitCodeOf, nothingTested } from '../reports/model.js';

const result = (status: CheckResult['status'], level: CheckResult['level'] = 'MUST'): CheckResult => ({
  id: `base.${status}`,
  title: status,
  area: 'base',
  side: 'server',
  level,
  spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic',
  revision: '2025-11-25',
  transport: 'stdio',
  status,
  durationMs: 1,
});

function report(results: CheckResult[], revisions: RunReport['revisions'] = [{ revision: '2025-11-25', status: 'accepted' }]): RunReport {
  return {
    reportVersion: 1,
    tool: { name: 'mcp-conformance', version: 'test' },
    target: { kind: 'stdio', command: 'x', transport: 'stdio' },
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    revisions,
    results,
    summary: { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 },
  };
}

describe('exit policy', () => {
  it('fails the run on an undecided check unless --fail-on none', () => {
    const r = report([result('pass'), result('error')]);
    expect(exitCodeOf(r, 'must')).toBe(1);
    expect(exitCodeOf(r, 'should')).toBe(1);
    expect(exitCodeOf(r, 'none')).toBe(0);
  });

  it('gives 4 and a sentence when no revision was accepted, whatever --fail-on says', () => {
    const r = report([], [{ revision: '2025-11-25', status: 'not-supported', detail: 'answered "2026-07-28"' }]);
    expect(nothingTested(r)).toMatch(/no revision could be tested: 2025-11-25 not offered/);
    expect(exitCodeOf(r, 'must')).toBe(4);
    expect(exitCodeOf(r, 'none')).toBe(4);
  });

  it('gives 4 when every check was skipped, 0 when something passed', () => {
    expect(exitCodeOf(report([result('skip'), result('skip')]), 'must')).toBe(4);
    expect(nothingTested(report([result('skip')]))).toMatch(/every one of the 1 checks was skipped/);
    expect(exitCodeOf(report([result('skip'), result('pass')]), 'must')).toBe(0);
  });

  it('keeps 3 for a run cut short', () => {
    expect(exitCodeOf({ ...report([]), aborted: 'target could not be started or reached: x' }, 'none')).toBe(3);
  });
});
