// Slow is not dead: the reference server in modes that behave like slow, busy and stateless
// real servers (reference/server/modes/) gets the prompt reference's verdicts, with no error,
// on stdio and Streamable HTTP. Each run uses the default ceiling of 16 checks at once and a
// short --timeout, so that only the pace the tool measures keeps the verdicts right. The one
// misbehaving mode, a method never answered, changes only the checks that need its answer.
// npm test runs one slow mode per transport at one revision; CI's full run
// (MCP_CONFORMANCE_INTEROP=1) runs every mode on both transports at the newest revision of each
// era.
import { describe, expect, it } from 'vitest';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { defaultSettings } from '../harness/settings.js';
import type { Target } from '../harness/transport.js';
import { allChecks } from '../suites/index.js';
import { referenceCommand, startReferenceHttp } from './helpers/reference.js';

const FULL = process.env.MCP_CONFORMANCE_INTEROP === '1';
/** The newest revision of each era (npm test: the legacy one). */
const REVISIONS = FULL ? ['2025-11-25', '2026-07-28'] : ['2025-11-25'];
const TIMEOUT_MS = 2000;
const SETTINGS = { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 5 } };
/** Runs of slow targets take their time, more so on a busy machine. */
const RUN_MS = 240_000;

type Transport = 'stdio' | 'http';

async function run(transport: Transport, flags: string[] = []): Promise<RunReport> {
  const go = (target: Target) => runChecks({ target, checks: allChecks, revisions: REVISIONS, timeoutMs: TIMEOUT_MS, concurrency: 16, toolVersion: 'test', settings: SETTINGS });
  if (transport === 'stdio') return go({ kind: 'stdio', command: [referenceCommand(), ...flags].join(' ') });
  const server = await startReferenceHttp(undefined, { flags, startWaitMs: 60_000 });
  try {
    return await go({ kind: 'http', url: server.url });
  } finally {
    await server.stop();
  }
}

const key = (r: CheckResult) => `${r.id}@${r.revision}`;
const verdicts = (report: RunReport) => new Map(report.results.map((r) => [key(r), r]));

/** Where a mode's verdicts differ from the prompt reference's, one line each. */
function differences(prompt: RunReport, slow: RunReport): string[] {
  const before = verdicts(prompt);
  const out: string[] = [];
  // A skip because the timing decided nothing (the tool answered before it could be cancelled)
  // is no verdict: against a pass it is no difference, on either side.
  const undecided = (r: CheckResult | undefined) => r?.status === 'skip' && r.skipCode === 'inconclusive';
  for (const [id, r] of verdicts(slow)) {
    const was = before.get(id);
    if (was?.status === r.status || undecided(was) || undecided(r)) continue;
    out.push(`${id}: ${was?.status} -> ${r.status} (${r.actual ?? r.reason ?? ''})`);
  }
  return out;
}

const prompt = new Map<Transport, Promise<RunReport>>();
const promptRun = (transport: Transport) => {
  let p = prompt.get(transport);
  if (!p) prompt.set(transport, (p = run(transport)));
  return p;
};

const ALL_MODES: { name: string; flags: string[]; transports: Transport[] }[] = [
  { name: 'every answer 300 ms late', flags: ['--answer-delay', '300'], transports: ['stdio', 'http'] },
  { name: 'CPU-bound (a busy loop per request, requests queue)', flags: ['--cpu-bound', '20'], transports: ['stdio', 'http'] },
  { name: 'a slow start (1.5 s before it reads or listens)', flags: ['--slow-start', '1500'], transports: ['stdio', 'http'] },
];
const MODES = FULL
  ? ALL_MODES
  : [
      { name: 'a slow start (1.5 s before it reads or listens)', flags: ['--slow-start', '1500'], transports: ['stdio' as const] },
      { name: 'every answer 300 ms late', flags: ['--answer-delay', '300'], transports: ['http' as const] },
    ];

describe.concurrent('a slow target gets the prompt reference verdicts, with no error', () => {
  for (const mode of MODES) {
    for (const transport of mode.transports) {
      it(`${mode.name}, over ${transport}`, { timeout: RUN_MS }, async () => {
        const [before, slow] = await Promise.all([promptRun(transport), run(transport, mode.flags)]);
        expect(slow.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(REVISIONS);
        expect(differences(before, slow)).toEqual([]);
        expect(slow.summary.error).toBe(0);
        expect(slow.pace?.answers.count).toBeGreaterThan(0);
      });
    }
  }

  it.runIf(FULL)('a method never answered: only the checks that need its answer change, and none errs', { timeout: RUN_MS }, async () => {
    const [before, hung] = await Promise.all([promptRun('stdio'), run('stdio', ['--never-answer', 'completion/complete'])]);
    const changed = differences(before, hung);
    expect(changed.length).toBeGreaterThan(0);
    // The completion checks, and the fuzzing rule that every request is answered once, when a
    // fuzzed completion/complete went unanswered too (a true finding: it never is answered).
    for (const line of changed) expect(line).toMatch(/^(completion\.|fuzz\.answers-once@)/);
    expect(hung.summary.error).toBe(0);
    // The hung requests are counted, and are no sign of load: the server answers everything else
    // promptly, so the window is not cut for them (pacing/pace.ts).
    expect(hung.pace?.timeouts).toBeGreaterThan(0);
    expect(hung.pace?.cuts.filter((c) => /got no answer/.test(c.why))).toEqual([]);
  });

  it('a stateless HTTP server (each request served as by a fresh process): nothing fails, nothing errs', { timeout: RUN_MS }, async () => {
    const report = await run('http', ['--stateless-process']);
    expect(report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(REVISIONS);
    const flagged = report.results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => `${key(r)} ${r.status}: ${r.actual ?? r.reason}`);
    expect(flagged).toEqual([]);
  });
});
