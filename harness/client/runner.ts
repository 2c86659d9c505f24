// The client runner: for each wanted revision, run the probe scenario (the client connects to
// a plain scripted server of that revision); the revisions where the client completed its
// opening are the ones it offers. Then every other applicable scenario runs at each of them,
// and every check judges its scenario's recording. Paced like the server side (design.md,
// "Pacing and liveness"): at most as many clients start at once as there are cores
// (pacing/start-gate.ts), the runs at once follow the client's measured pace (pacing/pace.ts,
// --concurrency its ceiling), and a verdict that may rest on the tool's own clock is tried
// again alone (run-timeouts.ts) before it is reported. Long runs (a scenario that waits out
// the client's own timeout) start with the probes, outside the window. Same result model and
// report as the server side (side: 'client').
import type { Verdict } from '../checks/check.js';
import { confirmedAlone } from '../checks/confirm.js';
import type { RunListener } from '../checks/events.js';
import { Pool } from '../checks/pool.js';
import type { CheckResult, RevisionProbe, RunReport } from '../checks/result.js';
import { assembleReport } from '../checks/report-assembly.js';
import { tryAgainAlone } from '../checks/alone-phase.js';
import { buildResult } from '../checks/result-builder.js';
import { specFor } from '../checks/spec-ref.js';
import { DEFAULT_STARTUP_TIMEOUT_MS, Pace } from '../pacing/pace.js';
import { holdFor, processStarts, type StartGate } from '../pacing/start-gate.js';
import { META_KEYS } from '../sessions/session.js';
import { REVISIONS, inRange, revisionInfo } from '../revisions.js';
import { defaultSettings, type RunSettings } from '../settings.js';
import { transportOfTemplate, type ClientCommand } from './client-process.js';
import { measureRun } from './client-pace.js';
import { ClientRunContext } from './context.js';
import type { Recording } from './recording.js';
import { RunStops } from './run-stops.js';
import { cutShort, suspectResult } from './run-timeouts.js';
import { runScenario } from './scenario-run.js';
import type { ClientCheck, ClientScenario } from './scenario.js';

export interface ClientRunOptions {
  command: ClientCommand;
  scenarios: readonly ClientScenario[];
  checks: readonly ClientCheck[];
  revisions?: readonly string[];
  /** --timeout: the least time the scripted servers wait for the client's answers. */
  timeoutMs: number;
  /** --startup-timeout: the most time a client is given to show a sign of life (default 30 s; ends as soon as it does). */
  startupTimeoutMs?: number;
  /** --concurrency: the most runs at once (the client's pace may allow fewer). */
  concurrency: number;
  listener?: RunListener;
  signal?: AbortSignal;
  toolVersion: string;
  settings?: RunSettings;
  /** Each scenario's recording once it ended (the client self-proof reads what the client printed). */
  onRecording?: (scenario: ClientScenario, recording: Recording) => void;
  /** Where client starts queue (default: the one gate of this process, as many places as cores). */
  starts?: StartGate;
}

/** A run's deadline after the client's start: at least this, and a few times the patience... */
const LEAST_DEADLINE_MS = 10_000;
const DEADLINE_PATIENCES = 3;
/** ... and twice that for a run tried again alone (a slow client's work may take longer than a few answers). */
const ALONE_DEADLINE_FACTOR = 2;

/** Did the client complete its opening at the recording's revision (and so offer it)? */
export function openedAt(recording: Recording): string | undefined {
  const rev = revisionInfo(recording.revision);
  if (rev.era === 'legacy') {
    if (recording.negotiated !== recording.revision) return `the client asked for ${version(recording)} and did not accept ${recording.revision}`;
    const went = recording.notifications('notifications/initialized').length > 0 || recording.requests().some((m) => m.message.method !== 'initialize');
    return went ? undefined : `the client did not continue after initialize was answered with ${recording.revision}`;
  }
  const modern = recording.requests().some((m) => (m.message.params as { _meta?: Record<string, unknown> } | undefined)?._meta?.[META_KEYS.protocolVersion] === recording.revision);
  return modern ? undefined : `the client sent no request at ${recording.revision}`;
}

function version(recording: Recording): string {
  const init = recording.requests('initialize')[0]?.message.params as { protocolVersion?: unknown } | undefined;
  return init ? JSON.stringify(init.protocolVersion) : 'nothing (no initialize)';
}

/** A run whose results may rest on the tool's clock: tried again alone before they are reported. */
interface SuspectRun {
  scenario: ClientScenario;
  revision: string;
  /** The first attempt's result of every check of the run, and which of them are suspects. */
  results: { check: ClientCheck; result: CheckResult; suspect: boolean }[];
  /** How many runs were in flight when it ran. */
  crowd: number;
  cutShort: boolean;
}

export async function runClientChecks(options: ClientRunOptions): Promise<RunReport> {
  const started = Date.now();
  const settings = options.settings ?? defaultSettings();
  const transport = transportOfTemplate(options.command.template) === 'stdio' ? 'stdio' : 'streamable-http';
  const wanted = REVISIONS.filter((r) => (options.revisions ?? REVISIONS.map((x) => x.id)).includes(r.id));
  const pace = new Pace({ timeoutMs: options.timeoutMs, startupTimeoutMs: options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS, ceiling: options.concurrency });
  pace.onCut((cut) => options.listener?.paceCut?.(cut));
  const window = new Pool(() => pace.window);
  pace.onWiden(() => window.widened());
  const gate = options.starts ?? processStarts;
  const stops = new RunStops(options.signal);
  const aborted = () => options.signal?.aborted === true;
  const results: CheckResult[] = [];
  const suspects: SuspectRun[] = [];
  const probeScenario = options.scenarios[0];
  if (!probeScenario) throw new Error('no client scenario to run');
  const applies = (s: ClientScenario | ClientCheck, revision: string) => inRange(revision, s.revisions) && (s.transports === 'any' || s.transports.includes(transport));
  const record = (result: CheckResult) => {
    results.push(result);
    options.listener?.checkDone?.(result);
  };

  // One run of a scenario at a revision, with the pace's patience as it stands when it starts.
  let inFlight = 0;
  const attempt = async (scenario: ClientScenario, revision: string, group: string): Promise<{ recording: Recording; crowd: number }> => {
    const stop = stops.open(group);
    const crowd = ++inFlight;
    try {
      const patience = pace.patience();
      const recording = await runScenario(scenario, revision, transport, {
        command: options.command,
        timeoutMs: patience,
        startMs: pace.openingPatience(),
        deadlineMs: Math.max(LEAST_DEADLINE_MS, DEADLINE_PATIENCES * patience) * (pace.retrying ? ALONE_DEADLINE_FACTOR : 1),
        starts: { gate, holdMs: holdFor(pace.slowestStartMs, pace.startupTimeoutMs) },
        signal: stop.signal,
      });
      measureRun(pace, recording);
      return { recording, crowd };
    } finally {
      inFlight--;
      stop.done();
    }
  };

  // Judge a run: results not resting on the tool's clock are reported now, the others once tried again alone.
  const judge = async (scenario: ClientScenario, recording: Recording, crowd: number) => {
    options.onRecording?.(scenario, recording);
    const judged: SuspectRun['results'] = [];
    for (const check of options.checks.filter((c) => c.scenario === scenario.id && applies(c, recording.revision))) {
      const result = await judgeOne(check, scenario, recording, options.timeoutMs, settings);
      judged.push({ check, result, suspect: suspectResult(result, recording) });
    }
    if (judged.some((j) => j.suspect) && !aborted()) suspects.push({ scenario, revision: recording.revision, results: judged, crowd, cutShort: cutShort(recording) });
    else for (const j of judged) record(j.result);
  };

  let unreachable: string | undefined;
  const probes: RevisionProbe[] = [];
  /** Revisions whose probe the tool cut short: probed again alone once the others are done. */
  const probeAgain: string[] = [];
  const checksAt = (revision: string, scenarios: readonly ClientScenario[]) =>
    options.checks.filter((c) => applies(c, revision) && scenarios.some((s) => s.id === c.scenario)).length;

  type Run = Promise<{ recording: Recording; crowd: number }>;
  const longAt = (revision: string) => options.scenarios.filter((s) => s !== probeScenario && s.long && applies(s, revision));

  // Every scenario of an accepted revision; the long ones were started with its probe (or start now).
  const runRevision = async (revision: string, probe: { recording: Recording; crowd: number }, long: Map<ClientScenario, Run>) => {
    const others = options.scenarios.filter((s) => s !== probeScenario && !s.long && applies(s, revision));
    const longOnes = longAt(revision);
    options.listener?.revisionStart?.(revision, transport, checksAt(revision, [probeScenario, ...others, ...longOnes]));
    await judge(probeScenario, probe.recording, probe.crowd);
    await Promise.all([
      ...others.map((s) =>
        window.run(async () => {
          if (aborted()) return;
          const run = await attempt(s, revision, revision);
          if (!aborted()) await judge(s, run.recording, run.crowd);
        }),
      ),
      ...longOnes.map(async (s) => {
        const run = await (long.get(s) ?? attempt(s, revision, revision));
        if (!aborted()) await judge(s, run.recording, run.crowd);
      }),
    ]);
  };

  /** Start the long runs of a revision now, before its probe has decided (they are stopped if it is not offered). */
  const startLong = (revision: string) => new Map<ClientScenario, Run>(longAt(revision).map((s) => [s, attempt(s, revision, revision)]));

  const probeRevision = async (revision: string, long: Map<ClientScenario, Run>, alone = false): Promise<void> => {
    const era = revisionInfo(revision).era;
    const probe = await window.run(() => attempt(probeScenario, revision, `probe ${revision}`), true);
    const recording = probe.recording;
    const refused = openedAt(recording);
    const exit = recording.exit;
    if (refused && recording.fromClient.length === 0 && (exit?.spawnError || exit?.exitCode === 127)) unreachable ??= exit.spawnError ?? (exit.stderr.trim().split('\n').at(-1) || 'the command was not found');
    if (refused || aborted()) {
      stops.stopGroup(revision);
      await Promise.all(long.values());
      if (aborted()) return;
      // A probe the tool cut short says nothing yet: it is tried again alone.
      if (cutShort(recording) && !alone) return void probeAgain.push(revision);
      const detail = alone ? `${refused} (tried again alone, after the first attempt was cut short)` : refused;
      const probe: RevisionProbe = { revision, era, status: 'not-supported', ...(detail ? { detail } : {}) };
      probes.push(probe);
      options.listener?.revisionProbed?.(probe);
      return;
    }
    const accepted: RevisionProbe = { revision, era, status: 'accepted' };
    probes.push(accepted);
    options.listener?.revisionProbed?.(accepted);
    await runRevision(revision, probe, long);
  };

  // 1. Every wanted revision: its probe, then its scenarios. The long runs of every revision
  //    start first (the run lasts at least as long as they do), then the probes.
  const longRuns = wanted.map((r) => startLong(r.id));
  await Promise.all(wanted.map((r, i) => probeRevision(r.id, longRuns[i] as Map<ClientScenario, Run>)));
  // 2. Alone, with the patience a retry gets: a revision whose probe the tool cut short, then
  //    its scenarios; 3. every run with a result that may rest on the tool's clock.
  pace.retrying = true;
  for (const revision of probeAgain) if (!aborted()) await probeRevision(revision, new Map(), true);
  pace.retrying = false;
  /** Set once a run cut short was cut short alone too: the client does not end by itself here. */
  let cutAlone: string | undefined;
  await tryAgainAlone({
    pace,
    suspects,
    verdicts: suspects.reduce((n, s) => n + s.results.filter((r) => r.suspect).length, 0),
    ...(options.listener ? { listener: options.listener } : {}),
    quiet: aborted(),
    again: async (s) => {
      if (aborted() || (s.cutShort && cutAlone)) {
        const note = cutAlone && !aborted() ? ` (not tried again alone: ${cutAlone})` : '';
        for (const r of s.results) record(r.suspect && note ? { ...r.result, reason: `${r.result.reason ?? ''}${note}` } : r.result);
        return;
      }
      const second = await attempt(s.scenario, s.revision, 'alone');
      options.onRecording?.(s.scenario, second.recording);
      if (s.cutShort && cutShort(second.recording)) cutAlone = `the client did not end alone either in ${s.scenario.id} at ${s.revision} (${second.recording.ending})`;
      for (const r of s.results) {
        if (!r.suspect) record(r.result);
        else record(confirmedAlone(r.result, await judgeOne(r.check, s.scenario, second.recording, options.timeoutMs, settings), s.crowd));
      }
    },
  });
  stops.dispose();

  const abortedWhy = aborted()
    ? 'interrupted by the user'
    : unreachable && !probes.some((p) => p.status === 'accepted')
      ? `the client could not be started: ${unreachable}`
      : undefined;
  const report = assembleReport({
    side: 'client',
    toolVersion: options.toolVersion,
    target: { kind: transport === 'stdio' ? 'stdio' : 'http', command: options.command.template, transport },
    started,
    revisions: probes,
    ...(abortedWhy ? { aborted: abortedWhy } : {}),
    results,
    checks: options.checks,
    settings,
    pace,
  });
  options.listener?.runDone?.(report);
  return report;
}

async function judgeOne(check: ClientCheck, scenario: ClientScenario, recording: Recording, timeoutMs: number, settings: RunSettings): Promise<CheckResult> {
  const started = performance.now();
  const { url, level } = specFor(check, check.specRevision ?? recording.revision);
  const ctx = new ClientRunContext(scenario, recording, timeoutMs, settings);
  let verdict: Verdict;
  try {
    verdict = await check.run(ctx);
  } catch (error) {
    verdict = { status: 'error', reason: `the check crashed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const place = { revision: recording.revision, transport: recording.transport, side: 'client' as const, url, level, durationMs: performance.now() - started };
  return buildResult(check, place, verdict, () => ctx.excerpt());
}
