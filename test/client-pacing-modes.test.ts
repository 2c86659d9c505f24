// Slow is not dead, on the client side: the reference client in modes that behave like slow and
// busy real clients (reference/client/modes/) gets the prompt reference client's verdicts, with
// no error, over stdio and Streamable HTTP. Each run uses the default ceiling of 16 runs at once
// and a --timeout shorter than the slowest answer, so that only the pace the tool measures (and
// the confirmation alone of what timed out) keeps the verdicts right. And over stdio the tool
// never has more client processes starting at once than the machine has cores.
// npm test runs one mode per transport at one revision; CI's full run (MCP_CONFORMANCE_INTEROP=1)
// runs every mode on both transports at the newest revision of each era. Needs dist/.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import type { Recording } from '../harness/client/recording.js';
import { runClientChecks } from '../harness/client/runner.js';
import { defaultSettings } from '../harness/settings.js';
import { clientChecks, clientScenarios } from '../suites/client/index.js';

const FULL = process.env.MCP_CONFORMANCE_INTEROP === '1';
/** The newest revision of each era (npm test: the legacy one). */
const REVISIONS = FULL ? ['2025-11-25', '2026-07-28'] : ['2025-11-25'];
/** The tool's patience with the client's answers (--timeout). */
const TIMEOUT_MS = 2000;
const MAIN = resolve('dist/reference/client/main.js');
const SETTINGS = { ...defaultSettings(), fuzz: { enabled: false, seed: 42, runs: 0 } };
/** Runs of slow clients take their time, more so on a busy machine. */
const RUN_MS = 240_000;

type Transport = 'stdio' | 'http';

interface ModeRun {
  report: RunReport;
  recordings: Recording[];
}

async function run(transport: Transport, flags: string[] = [], timeoutMs = TIMEOUT_MS): Promise<ModeRun> {
  const template = [`"${process.execPath}"`, `"${MAIN}"`, ...flags, transport === 'stdio' ? '--server {server}' : '{url}'].join(' ');
  const recordings: Recording[] = [];
  const report = await runClientChecks({
    command: { template },
    scenarios: clientScenarios,
    checks: clientChecks,
    revisions: REVISIONS,
    timeoutMs,
    concurrency: 16,
    toolVersion: 'test',
    settings: SETTINGS,
    onRecording: (_s, r) => recordings.push(r),
  });
  return { report, recordings };
}

const key = (r: CheckResult) => `${r.id}@${r.revision}`;

/** Where a mode's verdicts differ from the prompt client's, one line each (a check missing on either side too). */
function differences(prompt: RunReport, slow: RunReport): string[] {
  const before = new Map(prompt.results.map((r) => [key(r), r]));
  const after = new Map(slow.results.map((r) => [key(r), r]));
  const out: string[] = [];
  for (const [id, r] of after) {
    const was = before.get(id);
    if (was?.status !== r.status) out.push(`${id}: ${was?.status ?? 'absent'} -> ${r.status} (${r.actual ?? r.reason ?? ''})`);
  }
  for (const id of before.keys()) if (!after.has(id)) out.push(`${id}: absent with the mode`);
  return out;
}

/** The most client processes that were starting (spawned, no sign of life yet) at one time. */
function mostStartingAtOnce(recordings: readonly Recording[]): number {
  const edges = recordings
    .filter((r) => r.spawnedAt !== undefined)
    .flatMap((r) => {
      const from = r.spawnedAt as number;
      const to = from + (r.startMs ?? r.exit?.ms ?? 0);
      return [
        { t: from, d: 1 },
        { t: to, d: -1 },
      ];
    })
    // At the same instant, an end before a beginning: a place given back is taken again.
    .sort((a, b) => a.t - b.t || a.d - b.d);
  let now = 0;
  let most = 0;
  for (const e of edges) most = Math.max(most, (now += e.d));
  return most;
}

const prompt = new Map<Transport, Promise<ModeRun>>();
const promptRun = (transport: Transport) => {
  let p = prompt.get(transport);
  if (!p) prompt.set(transport, (p = run(transport)));
  return p;
};

interface Mode {
  name: string;
  flags: string[];
  /** The tool's --timeout in this mode. */
  timeoutMs?: number;
}
const SLOW_START: Mode = { name: 'a slow start (5 s before it connects)', flags: ['--slow-start', '5000'] };
// Later than the tool's --timeout, so that the first runs' requests time out and only the measured
// pace and the confirmation alone keep the verdicts; early enough for the client's own 5 s timeout
// on a tool call during which the server asks four things one after the other.
const ANSWER_DELAY: Mode = { name: "every answer to the server's requests 800 ms late, past a --timeout of 500 ms", flags: ['--answer-delay', '800'], timeoutMs: 500 };
const CPU_BOUND: Mode = { name: 'CPU-bound (a busy loop per message from the server)', flags: ['--cpu-bound', '10'] };
const MODES: (Mode & { transports: Transport[] })[] = FULL
  ? [SLOW_START, ANSWER_DELAY, CPU_BOUND].map((m) => ({ ...m, transports: ['stdio', 'http'] }))
  : [
      { ...SLOW_START, transports: ['stdio'] },
      { ...ANSWER_DELAY, transports: ['http'] },
    ];

describe.concurrent('a slow client gets the prompt reference client verdicts, with no error', () => {
  for (const mode of MODES) {
    for (const transport of mode.transports) {
      it(`${mode.name}, over ${transport}`, { timeout: RUN_MS }, async () => {
        const [before, slow] = await Promise.all([promptRun(transport), run(transport, mode.flags, mode.timeoutMs)]);
        expect(slow.report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(REVISIONS);
        expect(differences(before.report, slow.report)).toEqual([]);
        expect(slow.report.summary.error).toBe(0);
        expect(slow.report.pace?.startsMs.length).toBeGreaterThan(0);
      });
    }
  }

  it('over stdio, no more client processes start at once than there are cores', { timeout: RUN_MS }, async () => {
    const { report, recordings } = await promptRun('stdio');
    expect(report.summary.error).toBe(0);
    // Every run of the scenarios that apply, each a client process (and its relay) started.
    expect(recordings.length).toBeGreaterThan(availableParallelism());
    expect(mostStartingAtOnce(recordings)).toBeLessThanOrEqual(availableParallelism());
  });
});
