// The client side's self-proof, planned from data like the server side's: for every fault of
// the reference client, in each transport it can show on (stdio through the relay, HTTP),
// at the newest revision of each era where a claiming check applies, the clean and the faulty
// reference client are run through the client scenarios (exact: every scenario where the clean
// client reached the fault's guard); exactly the applicable claimants may change, a MUST to
// fail and a SHOULD to warn.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from 'vitest';
import type { RunReport } from '../../harness/checks/result.js';
import type { Recording } from '../../harness/client/recording.js';
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { runClientChecks } from '../../harness/client/runner.js';
import { StartGate } from '../../harness/pacing/start-gate.js';
import { REVISIONS, inRange, type RevisionId } from '../../harness/revisions.js';
import { defaultSettings } from '../../harness/settings.js';
import { TRACE_PREFIX } from '../../reference/client/faults.js';
import { clientChecks, clientScenarios } from '../../suites/client/index.js';
import { STRICTNESS, flagged, show, type Strictness } from './proof-run.js';

export type ClientMode = 'stdio' | 'http';
const MAIN = resolve('dist/reference/client/main.js');

interface ClientFault {
  id: string;
  transports: string[];
  eras: string[];
}

export const CLIENT_FAULTS: ClientFault[] = JSON.parse(execFileSync(process.execPath, [MAIN, '--list-faults', '--json'], { encoding: 'utf8' })) as ClientFault[];

export interface ClientProof {
  fault: string;
  mode: ClientMode;
  revision: RevisionId;
  claimants: ClientCheck[];
  /** The reference client's options the fault needs to show (FAULT_CLIENT_ARGS), for both runs. */
  args: string;
}

/**
 * The options a fault needs to show, as its description says ("run with --capabilities ..."):
 * the clean and the faulty reference client of its proof both run with them, so only the fault
 * differs between the two runs.
 */
export const FAULT_CLIENT_ARGS: Readonly<Record<string, string>> = {
  'roots-undeclared-wrong-code': '--capabilities sampling,elicitation',
  'elicitation-url-content': '--capabilities roots,sampling,elicitation,elicitation-url',
  'elicitation-url-prefetched': '--capabilities roots,sampling,elicitation,elicitation-url',
};

const modeTransport = (mode: ClientMode) => (mode === 'stdio' ? 'stdio' : 'streamable-http');
const applies = (c: ClientCheck, revision: string, mode: ClientMode) => inRange(revision, c.revisions) && (c.transports === 'any' || c.transports.includes(modeTransport(mode)));

export function clientProofs(checks: readonly ClientCheck[] = clientChecks): ClientProof[] {
  const out: ClientProof[] = [];
  for (const fault of CLIENT_FAULTS) {
    const claiming = checks.filter((c) => c.faults.includes(fault.id));
    if (claiming.length === 0) continue;
    const modes = [...new Set(fault.transports.map((t): ClientMode => (t === 'stdio' ? 'stdio' : 'http')))];
    for (const mode of modes) {
      for (const era of ['legacy', 'modern'] as const) {
        if (!fault.eras.includes(era)) continue;
        const at = REVISIONS.filter((r) => r.era === era && claiming.some((c) => applies(c, r.id, mode))).at(-1)?.id;
        if (at) out.push({ fault: fault.id, mode, revision: at, claimants: claiming.filter((c) => applies(c, at, mode)), args: FAULT_CLIENT_ARGS[fault.id] ?? '' });
      }
    }
  }
  return out;
}

const SETTINGS = { ...defaultSettings(), fuzz: { enabled: false, seed: 42, runs: 0 } };

/**
 * The reference client's per-request timeout, and the tool's (a little longer, as the CLI's
 * ratio). Every scripted server of a proof shares the test's one event loop: under load its
 * answers come late, and a client that gives up on an ordinary request changes course (falls
 * back to initialize, stops discovery) whatever its fault. Only the never-answering tool should
 * time out, so the timeout sits well above that latency.
 */
const CLIENT_TIMEOUT_MS = 4000;
const TOOL_TIMEOUT_MS = 5000;
/**
 * The client's patience with a tools/call: shorter, since every asking-server run waits it out
 * on the tool that never answers. The slowest call that must not time out (the asking tool,
 * whose server asks the client several things first) takes well under it.
 */
const CLIENT_CALL_TIMEOUT_MS = 2000;

/**
 * What the clean reference client consulted in each scenario: the faults whose guard ran
 * (`MCP_REF_CLIENT_TRACE_FAULTS`), or `undefined` when it did not say (killed, output cut).
 */
export type Coverage = Map<string, ReadonlySet<string> | undefined>;

export interface ClientRun {
  report: RunReport;
  coverage: Coverage;
}

/** Run the reference client through the scenarios `checks` judge (the first, the probe, always). */
export async function runClientMode(mode: ClientMode, revision: string, fault?: string, checks: readonly ClientCheck[] = clientChecks, args = ''): Promise<ClientRun> {
  const faultFlag = fault ? ` --fault ${fault}` : '';
  const template = `"${process.execPath}" "${MAIN}"${faultFlag}${args ? ` ${args}` : ''} --timeout ${CLIENT_TIMEOUT_MS} --call-timeout ${CLIENT_CALL_TIMEOUT_MS} ${mode === 'stdio' ? '--server {server}' : '{url}'}`;
  const scenarios = clientScenarios.filter((s, i) => i === 0 || checks.some((c) => c.scenario === s.id));
  const coverage: Coverage = new Map();
  const onRecording = (scenario: ClientScenario, recording: Recording) => {
    const last = recording.exit?.stderr.trim().split('\n').at(-1) ?? '';
    coverage.set(scenario.id, last.startsWith(TRACE_PREFIX) ? new Set(last.slice(TRACE_PREFIX.length).split(',')) : undefined);
  };
  const command = { template, env: { MCP_REF_CLIENT_TRACE_FAULTS: '1' } };
  // The proof's reference clients are worker threads of this process (reference-in-worker.ts),
  // not processes: each proof's run gets a start gate of its own, or the hundreds of proofs
  // would queue their thread starts two at a time behind one another (the exact proof took
  // 656 s instead of 484). Process starts are paced as the CLI paces them in the other tests.
  const report = await runClientChecks({ command, scenarios, checks, revisions: [revision], timeoutMs: TOOL_TIMEOUT_MS, concurrency: 4, toolVersion: 'test', settings: SETTINGS, onRecording, starts: new StartGate() });
  return { report, coverage };
}

const cleanRuns = new Map<string, Promise<ClientRun>>();
export function cleanClientRun(mode: ClientMode, revision: string, args = ''): Promise<ClientRun> {
  const key = `${mode}@${revision} ${args}`;
  let run = cleanRuns.get(key);
  if (!run) cleanRuns.set(key, (run = runClientMode(mode, revision, undefined, clientChecks, args)));
  return run;
}

/**
 * The checks an exact proof of `fault` runs: those of every scenario in which the clean client
 * consulted the fault's guard (or did not say), and the claimants. Elsewhere the faulty client
 * runs exactly the code the clean one ran, so its checks cannot change (the coverage analysis
 * of mutation testing: a mutant is only run against the tests that reach it).
 */
export function reachedChecks(coverage: Coverage, fault: string, claimants: readonly ClientCheck[]): ClientCheck[] {
  const reached = (scenario: string) => !coverage.has(scenario) || coverage.get(scenario)?.has(fault) !== false;
  return clientChecks.filter((c) => claimants.includes(c) || reached(c.scenario));
}

/** As the server side's expectProof (test/helpers/proof-run.ts), for one reference-client fault. */
export async function expectClientProof(proof: ClientProof, strictness: Strictness = STRICTNESS): Promise<void> {
  const { report: clean, coverage } = await cleanClientRun(proof.mode, proof.revision, proof.args);
  const exact = strictness === 'exact';
  const { report: faulty } = await runClientMode(proof.mode, proof.revision, proof.fault, exact ? reachedChecks(coverage, proof.fault, proof.claimants) : proof.claimants, proof.args);
  const before = new Map(clean.results.map((r) => [r.id, r.status]));
  const ids = new Set(proof.claimants.map((c) => c.id));
  const claimed = faulty.results.filter((r) => ids.has(r.id));
  if (exact) {
    const changed = faulty.results.filter((r) => r.status !== before.get(r.id) && (ids.has(r.id) || flagged(r.status) || flagged(before.get(r.id))));
    expect(show(changed).sort(), 'the checks whose verdict changed are exactly the claimants').toEqual(show(claimed).sort());
  }
  expect(claimed.map((r) => r.id).sort(), 'every applicable claimant ran').toEqual([...ids].sort());
  for (const r of claimed) {
    expect(flagged(before.get(r.id)), `${r.id} is not flagged with the clean reference client`).toBe(false);
    expect(r.status, `${r.id} (${r.level}) under ${proof.fault}: ${r.reason ?? ''}`).toBe(r.level === 'MUST' ? 'fail' : 'warn');
    expect(r.expected, r.id).toBeTruthy();
    expect(r.actual, r.id).toBeTruthy();
    expect(r.wire?.length ?? 0, `${r.id} has a wire excerpt`).toBeGreaterThan(0);
  }
}
