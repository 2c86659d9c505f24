// A check that runs once per target runs at the newest revision the target accepts (whatever
// order the probes ran in: the newest of each era is probed first), and the report's server
// identity is the newest revision's.
import { describe, expect, it } from 'vitest';
import type { Check } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { referenceCommand } from './helpers/reference.js';

const once: Check = {
  id: 'test.once-per-target',
  title: 'runs once per target',
  spec: { url: 'basic', level: 'MUST' },
  side: 'server',
  revisions: '2024-11-05..2025-11-25',
  transports: 'any',
  faults: [],
  needs: ['shared-session'],
  scope: 'target',
  run: async (ctx) => ctx.pass(ctx.revision),
};

describe('a target-wide check', () => {
  it('runs at the newest accepted revision in its range', async () => {
    const settings = { ...defaultSettings(), fuzz: { enabled: false, seed: 1, runs: 1 } };
    const report = await runChecks({ target: { kind: 'stdio', command: referenceCommand() }, checks: [once], revisions: ['2024-11-05', '2025-06-18', '2025-11-25', '2026-07-28'], timeoutMs: 2000, concurrency: 4, toolVersion: 'test', settings });
    expect(report.results.map((r) => `${r.id}@${r.revision}`)).toEqual(['test.once-per-target@2025-11-25']);
    expect(report.serverInfo).toBeDefined();
  });
});
