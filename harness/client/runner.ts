// The client runner: for each wanted revision, run the probe scenario (the client connects to
// a plain scripted server of that revision); the revisions where the client completed its
// opening are the ones it offers. Then every other applicable scenario runs at each of them,
// concurrently within the budget, and every check judges its scenario's recording. Same
// result model and report as the server side (side: 'client').
import type { Verdict } from '../checks/check.js';
import type { RunListener } from '../checks/events.js';
import { Pool } from '../checks/pool.js';
import { REPORT_VERSION, type CheckResult, type RevisionProbe, type RunReport } from '../checks/result.js';
import { summarize } from '../checks/runner.js';
import { buildResult } from '../checks/result-builder.js';
import { specFor } from '../checks/spec-ref.js';
import { META_KEYS } from '../sessions/session.js';
import { REVISIONS, inRange, revisionInfo } from '../revisions.js';
import { defaultSettings, describePolicy, type RunSettings } from '../settings.js';
import { transportOfTemplate, type ClientCommand } from './client-process.js';
import { ClientRunContext } from './context.js';
import type { Recording } from './recording.js';
import { runScenario } from './scenario-run.js';
import type { ClientCheck, ClientScenario } from './scenario.js';

export interface ClientRunOptions {
  command: ClientCommand;
  scenarios: readonly ClientScenario[];
  checks: readonly ClientCheck[];
  revisions?: readonly string[];
  timeoutMs: number;
  concurrency: number;
  listener?: RunListener;
  signal?: AbortSignal;
  toolVersion: string;
  settings?: RunSettings;
  /** Each scenario's recording once it ended (the client self-proof reads what the client printed). */
  onRecording?: (scenario: ClientScenario, recording: Recording) => void;
}

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

export async function runClientChecks(options: ClientRunOptions): Promise<RunReport> {
  const started = Date.now();
  const settings = options.settings ?? defaultSettings();
  const transport = transportOfTemplate(options.command.template) === 'stdio' ? 'stdio' : 'streamable-http';
  const wanted = REVISIONS.filter((r) => (options.revisions ?? REVISIONS.map((x) => x.id)).includes(r.id));
  const pool = new Pool(options.concurrency);
  const deadlineMs = Math.max(10_000, options.timeoutMs * 3);
  const runOpts = { command: options.command, timeoutMs: options.timeoutMs, deadlineMs, ...(options.signal ? { signal: options.signal } : {}) };
  const results: CheckResult[] = [];
  const probeScenario = options.scenarios[0];
  if (!probeScenario) throw new Error('no client scenario to run');
  const applies = (s: ClientScenario | ClientCheck, revision: string) => inRange(revision, s.revisions) && (s.transports === 'any' || s.transports.includes(transport));

  const judge = async (scenario: ClientScenario, recording: Recording) => {
    options.onRecording?.(scenario, recording);
    for (const check of options.checks.filter((c) => c.scenario === scenario.id && applies(c, recording.revision))) {
      const result = await judgeOne(check, scenario, recording, options.timeoutMs, settings);
      results.push(result);
      options.listener?.checkDone?.(result);
    }
  };

  let unreachable: string | undefined;
  const probes: RevisionProbe[] = [];
  await Promise.all(
    wanted.map(async (r) => {
      const recording = await pool.run(() => runScenario(probeScenario, r.id, transport, runOpts));
      const refused = openedAt(recording);
      const exit = recording.exit;
      if (refused && recording.fromClient.length === 0 && (exit?.spawnError || exit?.exitCode === 127)) unreachable ??= exit.spawnError ?? (exit.stderr.trim().split('\n').at(-1) || 'the command was not found');
      const probe: RevisionProbe = refused ? { revision: r.id, era: r.era, status: 'not-supported', detail: refused } : { revision: r.id, era: r.era, status: 'accepted' };
      probes.push(probe);
      options.listener?.revisionProbed?.(probe);
      if (refused || options.signal?.aborted) return;
      const others = options.scenarios.filter((s) => s !== probeScenario && applies(s, r.id));
      const count = options.checks.filter((c) => applies(c, r.id) && (c.scenario === probeScenario.id || others.some((s) => s.id === c.scenario))).length;
      options.listener?.revisionStart?.(r.id, transport, count);
      await judge(probeScenario, recording);
      await Promise.all(others.map((s) => pool.run(async () => (options.signal?.aborted ? undefined : judge(s, await runScenario(s, r.id, transport, runOpts))))));
    }),
  );
  const order = new Map(options.checks.map((c, i) => [c.id, i]));
  results.sort((a, b) => a.revision.localeCompare(b.revision) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  probes.sort((a, b) => a.revision.localeCompare(b.revision));
  const aborted = options.signal?.aborted
    ? 'interrupted by the user'
    : unreachable && !probes.some((p) => p.status === 'accepted')
      ? `the client could not be started: ${unreachable}`
      : undefined;
  const report: RunReport = {
    reportVersion: REPORT_VERSION,
    side: 'client',
    tool: { name: 'mcp-conformance', version: options.toolVersion },
    target: { kind: transport === 'stdio' ? 'stdio' : 'http', command: options.command.template, transport },
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    revisions: probes,
    ...(aborted ? { aborted } : {}),
    settings: { callTools: describePolicy(settings.callTools).replace('--call-tools ', ''), fuzz: settings.fuzz.enabled, seed: settings.fuzz.seed, fuzzRuns: settings.fuzz.runs },
    results,
    summary: summarize(results),
  };
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
  const result = buildResult(check, place, verdict, () => ctx.excerpt());
  return result;
}
