// The runner: probe every revision (both eras) concurrently, then run every applicable check
// at every accepted revision, each revision as soon as its own probe is done, independent
// checks concurrently, each under a deadline, each isolated (a crash or timeout of one never
// stops the run), passive checks last. Returns the one result model.
import { openConnection, resolveHttpTarget } from '../connection.js';
import { ObservationLog } from '../observations.js';
import { classifyEras, probeFacts, probeRevision, silentEraCutoff, type ProbeOutcome } from '../probe.js';
import { REVISIONS, inRange, revisionInfo, type Era } from '../revisions.js';
import { startSession } from '../sessions/open.js';
import { SessionError } from '../sessions/session.js';
import { defaultSettings, describePolicy, type RunSettings } from '../settings.js';
import type { Target, TransportKind } from '../transport.js';
import { StdioTransport } from '../transports/stdio.js';
import type { Check, ProbeFacts, Verdict } from './check.js';
import { RunContext, peerOf, type Look, type RevisionState } from './context.js';
import type { RunListener } from './events.js';
import { excerptFor } from './excerpt.js';
import { Pool } from './pool.js';
import { SessionPool } from './session-pool.js';
import { SpareConnections } from './spares.js';
import { SilenceWatch } from './silence.js';
import { REPORT_VERSION, type CheckResult, type RevisionProbe, type RunReport } from './result.js';
import { areaOf, specFor } from './spec-ref.js';
import { holdSharedAgents } from '../transports/http-agent.js';

export interface RunOptions {
  target: Target;
  checks: readonly Check[];
  /** Revisions to test (--spec); default: every revision this tool knows. */
  revisions?: readonly string[];
  timeoutMs: number;
  concurrency: number;
  listener?: RunListener;
  signal?: AbortSignal;
  toolVersion: string;
  /** Defaults: --call-tools readonly, fuzzing on with a random seed. */
  settings?: RunSettings;
}

/**
 * Server processes lent to checks per revision over stdio, by era. Each costs a process start,
 * and on a small machine the starts compete with the run for CPU: a legacy revision's
 * borrowers mostly hold a session briefly, so one process serves them; at 2026-07-28 more
 * checks wait on the server (slow tools, listens), and two run them side by side.
 */
const STDIO_POOL_SIZE: Record<Era, number> = { legacy: 1, modern: 2 };

const startsEarly = (check: Check, transport: TransportKind): boolean => (Array.isArray(check.long) ? check.long.includes(transport) : check.long === true);

/** The HTTP+SSE transport of 2024-11-05 has no 2026-07-28 era. */
const SSE_MODERN = 'the HTTP+SSE transport (2024-11-05) has no 2026-07-28 era; test the Streamable HTTP endpoint for it';

export async function runChecks(options: RunOptions): Promise<RunReport> {
  const release = holdSharedAgents();
  try {
    return await runHeld(options);
  } finally {
    await release();
  }
}

async function runHeld(options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  // One seed per run, so a reported seed replays the whole run.
  const opts = { ...options, settings: options.settings ?? defaultSettings() };
  // HTTP: pin the transport once, forced (--transport) or detected.
  if (opts.target.kind === 'http') opts.target = await resolveHttpTarget(opts.target, opts.timeoutMs);
  const transport: TransportKind = opts.target.kind === 'stdio' ? 'stdio' : (opts.target.transport ?? 'streamable-http');
  const wanted = REVISIONS.filter((r) => (opts.revisions ?? REVISIONS.map((x) => x.id)).includes(r.id));
  const pool = new Pool(opts.concurrency);
  const results: CheckResult[] = [];
  const states: RevisionState[] = [];
  let aborted: string | undefined;
  const onAbort = () => {
    aborted = 'interrupted by the user';
    void closeAll(states);
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });

  // 1. Probe every wanted revision, concurrently; each revision's checks start when its probe is done.
  const probable = wanted.filter((r) => !(transport === 'sse' && r.era === 'modern'));
  const skipped: RevisionProbe[] = wanted.filter((r) => !probable.includes(r)).map((r) => ({ revision: r.id, era: r.era, status: 'not-tested', detail: SSE_MODERN }));
  const observationsOf = new Map<string, ObservationLog>(probable.map((r) => [r.id, new ObservationLog()]));
  const cuts = probable.map(() => new AbortController());
  const probing = probable.map((r, i) => pool.run(() => probeRevision(opts.target, r.id, observationsOf.get(r.id) as ObservationLog, opts.timeoutMs, cuts[i]?.signal)));
  silentEraCutoff(probable.map((r) => r.id), probing, cuts, opts.timeoutMs);
  const spares = new SpareConnections();
  if (transport === 'stdio') for (const p of probing) void p.then((o) => spares.offer(o));
  // Version checks read what every probe learned: complete once all probes are in.
  const facts: ProbeFacts = { answers: {}, accepted: [] };
  const allProbed = Promise.all(probing).then((outcomes) => {
    settleUnreachable(outcomes);
    for (const o of outcomes) opts.listener?.revisionProbed?.(o.probe);
    if (outcomes.length > 0 && outcomes.every((o) => o.unreachable)) aborted = `target could not be started or reached: ${outcomes[0]?.unreachable}`;
    Object.assign(facts, probeFacts(outcomes));
    return outcomes;
  });

  // 2. The checks of every accepted revision, each revision as soon as its probe is done.
  const record = (r: CheckResult) => {
    results.push(r);
    opts.listener?.checkDone?.(r);
  };
  // Looks several checks judge, recorded once per run (target-wide ones; per revision in the state).
  const looks = new Map<string, Look>();
  const runAll = (checks: Check[], state: RevisionState) =>
    Promise.all(checks.map((check) => pool.run(async () => (aborted ? undefined : record(await runOne(check, state, opts, { probe: facts, transport, looks, slots: pool }))), startsEarly(check, transport))));
  await Promise.all(
    probing.map(async (probed) => {
      const outcome = await probed;
      if (aborted || outcome.probe.status !== 'accepted' || !outcome.session || !outcome.peer) return;
      const revision = outcome.probe.revision;
      const session = outcome.session;
      const observations = observationsOf.get(revision) ?? new ObservationLog();
      const state: RevisionState = {
        revision,
        facts: { revision, server: session.server, serverCapabilities: session.server.capabilities },
        observations,
        peers: [outcome.peer],
        closing: [],
        shared: Promise.resolve(session),
        looks: new Map(),
        pool: new SessionPool(observations, async (routed) => {
          const spare = spares.take(revisionInfo(revision).era, routed);
          if (spare) {
            spare.onTimeout = (method) => state.silence.noticeTimeout(method);
            // A spare that will not open this era after all is closed; a new process then does.
            const opened = await startSession(spare, revision, { startupTimeoutMs: opts.timeoutMs }).catch(() => undefined);
            if (opened) return opened;
            await spare.close();
          }
          const peer = await openConnection(opts.target, { observations: routed, timeoutMs: opts.timeoutMs });
          peer.onTimeout = (method) => state.silence.noticeTimeout(method);
          return startSession(peer, revision, { startupTimeoutMs: opts.timeoutMs * 2 });
        }, transport === 'stdio' ? STDIO_POOL_SIZE[revisionInfo(revision).era] : undefined),
        silence: new SilenceWatch(() => state.shared, opts.timeoutMs, () => void closeAll([state])),
      };
      state.silence.others = () => states.map((s) => s.silence);
      outcome.peer.onTimeout = (method) => state.silence.noticeTimeout(method);
      states.push(state);
      const applicable = opts.checks.filter((c) => inRange(revision, c.revisions) && (c.transports === 'any' || c.transports.includes(transport)));
      const active = applicable.filter((c) => c.connection !== 'passive');
      const passive = applicable.filter((c) => c.connection === 'passive');
      // A target-wide check runs once: at the newest accepted revision in its range.
      const targetWide = (async () => {
        const outcomes = await allProbed;
        const accepted = outcomes.filter((o) => o.probe.status === 'accepted').map((o) => o.probe.revision);
        return active.filter((c) => c.scope === 'target' && revision === accepted.filter((r) => inRange(r, c.revisions)).at(-1));
      })();
      const perRevision = active.filter((c) => c.scope !== 'target');
      const started = runAll(perRevision, state);
      const wide = await targetWide;
      opts.listener?.revisionStart?.(revision, transport, perRevision.length + wide.length + passive.length);
      await Promise.all([started, runAll(wide, state)]);
      for (const check of passive) if (!aborted) record(await runOne(check, state, opts, { probe: facts, transport, looks }));
    }),
  );

  // 3. Report.
  const outcomes = await allProbed;
  const stderr = collectStderr(outcomes);
  const closing = outcomes.filter((o) => o.probe.status !== 'accepted' && o.peer).map((o) => o.peer?.close());
  await Promise.all([closeAll(states), ...closing]);
  opts.signal?.removeEventListener('abort', onAbort);
  const order = new Map(opts.checks.map((c, i) => [c.id, i]));
  results.sort((a, b) => a.revision.localeCompare(b.revision) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const probes = [...outcomes.map((o) => o.probe), ...skipped].sort((a, b) => a.revision.localeCompare(b.revision));
  const eras = classifyEras(probes);
  const serverInfo = outcomes.filter((o) => o.probe.status === 'accepted').at(-1)?.session?.server.info;
  const report: RunReport = {
    reportVersion: REPORT_VERSION,
    tool: { name: 'mcp-conformance', version: opts.toolVersion },
    target: opts.target.kind === 'stdio' ? { kind: 'stdio', command: opts.target.command, transport } : { kind: 'http', url: opts.target.url, transport },
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    revisions: probes,
    ...(eras ? { eras } : {}),
    ...(serverInfo ? { serverInfo } : {}),
    ...(stderr ? { stderr } : {}),
    ...(aborted ? { aborted } : {}),
    settings: {
      callTools: describePolicy(opts.settings.callTools).replace('--call-tools ', ''),
      fuzz: opts.settings.fuzz.enabled,
      seed: opts.settings.fuzz.seed,
      fuzzRuns: opts.settings.fuzz.runs,
    },
    results,
    summary: summarize(results),
  };
  opts.listener?.runDone?.(report);
  return report;
}

/**
 * A silent answer to one era's opening is "not offered" when the target spoke another
 * revision: a modern-only server may ignore initialize, a legacy one server/discover.
 */
function settleUnreachable(outcomes: ProbeOutcome[]): void {
  if (!outcomes.some((o) => o.probe.status === 'accepted')) return;
  for (const o of outcomes) {
    if (o.probe.status !== 'unreachable' || !o.peer) continue;
    o.probe = { ...o.probe, status: 'not-supported' };
    delete o.unreachable;
  }
}

/** What every check of the run shares; `slots`: the --concurrency budget the check runs in. */
interface RunShared {
  probe: ProbeFacts;
  transport: TransportKind;
  looks: Map<string, Look>;
  slots?: Pool;
}

async function runOne(check: Check, state: RevisionState, opts: RunOptions, run: RunShared): Promise<CheckResult> {
  const { probe, transport } = run;
  const started = performance.now();
  const { url, level } = specFor(check, state.revision);
  const owner = `${check.id}@${state.revision}`;
  const ctx = new RunContext({ target: opts.target, transport, state, probe, timeoutMs: opts.timeoutMs, owner, settings: opts.settings ?? defaultSettings(), looks: run.looks, ...(run.slots ? { slots: run.slots } : {}) });
  let verdict: Verdict;
  const missing = (check.requires ?? []).filter((cap) => !hasCapability(state.facts.serverCapabilities, cap));
  const unknown = state.facts.server.capabilitiesUnknown;
  if (state.silence.silent) {
    verdict = { status: 'error', reason: state.silence.silent };
  } else if (unknown && (check.requires?.length || check.judgesDeclared)) {
    verdict = { status: 'skip', reason: `capabilities-unknown: ${unknown}, so what the server declares is not known` };
  } else if (missing.length > 0) {
    verdict = { status: 'skip', reason: `not-declared: the server does not declare the ${missing.map((m) => `\`${m}\``).join(', ')} capability` };
  } else {
    verdict = await withDeadline(check, ctx, check.deadlineMs?.(opts.timeoutMs, ctx.settings) ?? checkDeadlineMs(opts.timeoutMs));
    // Closing can take a grace period; it finishes in the background (awaited at the end).
    const donations = ctx.donatable();
    const donated = new Set(donations.map((d) => peerOf(d.session)));
    for (const peer of ctx.ownPeers) if (!donated.has(peer)) state.closing.push(peer.close());
    // A check cut off by its deadline may still be using what it borrowed: never lend that again.
    const usable = verdict.status !== 'error';
    await Promise.all([...ctx.borrowed.map((b) => state.pool.release(b.session, usable)), ...donations.map((d) => state.pool.adopt(d.session, d.route, usable))]);
  }
  // What a check saw once the target had gone silent says nothing about the rule it judges.
  if (verdict.status === 'fail' || verdict.status === 'warn') await state.silence.settled();
  if (state.silence.silent && verdict.status !== 'skip') verdict = { status: 'error', reason: state.silence.silent };
  // A broken SHOULD (or a MAY) never fails the run.
  if (verdict.status === 'fail' && level !== 'MUST') verdict = { ...verdict, status: 'warn' };
  const result: CheckResult = {
    id: check.id,
    title: check.title,
    area: areaOf(check.id),
    side: check.side,
    level,
    spec: url,
    ...(check.requirement ? { requirement: check.requirement } : {}),
    ...(check.fix ? { fix: check.fix } : {}),
    revision: state.revision,
    transport,
    status: verdict.status,
    durationMs: Math.round(performance.now() - started),
  };
  if (verdict.status === 'fail' || verdict.status === 'warn') {
    result.expected = verdict.expected;
    result.actual = verdict.actual;
    if (verdict.reason) result.reason = verdict.reason;
  } else if (verdict.status === 'skip' || verdict.status === 'error') {
    result.reason = verdict.reason;
  } else if (verdict.status === 'pass' && verdict.note) {
    // A pass can say what it used (e.g. which tool was cancelled); report.json keeps it.
    result.reason = verdict.note;
  }
  if (verdict.status !== 'pass' && verdict.status !== 'skip') result.wire = excerptFor(ctx, state);
  return result;
}

/** Time waiting for lent sessions a check gets back on top of its deadline, in deadlines. */
const SESSION_WAIT_DEADLINES = 4;

/** A check may make several requests; it gets a few timeouts' worth of time, then is cut. */
function checkDeadlineMs(timeoutMs: number): number {
  return timeoutMs * 4 + 5000;
}

async function withDeadline(check: Check, ctx: RunContext, ms: number): Promise<Verdict> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Verdict>((resolve) => {
    // Time spent waiting for a lent session (other checks had them) is not the check's own:
    // it gets that time back, up to a few deadlines more (the run still ends).
    let credited = 0;
    const expire = () => {
      const owed = Math.min(ctx.sessionWaitMs(), ms * SESSION_WAIT_DEADLINES) - credited;
      if (owed >= 1) {
        credited += owed;
        timer = setTimeout(expire, owed);
        return;
      }
      const waited = credited > 0 ? ` (besides ${Math.round(credited)} ms waiting for a session other checks had)` : '';
      resolve({ status: 'error', reason: `the check did not finish within ${ms} ms${waited}` });
    };
    timer = setTimeout(expire, ms);
  });
  try {
    return await Promise.race([
      check.run(ctx).catch((error: unknown): Verdict => {
        if (error instanceof SessionError) return { status: 'error', reason: `could not open a session: ${error.message}` };
        return { status: 'error', reason: `the check crashed: ${error instanceof Error ? error.message : String(error)}` };
      }),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function hasCapability(caps: Record<string, unknown>, cap: string): boolean {
  const [name, sub] = cap.split('.');
  const value = caps[name as string];
  if (value === undefined || value === null || value === false) return false;
  if (!sub) return true;
  return typeof value === 'object' && (value as Record<string, unknown>)[sub] === true;
}

async function closeAll(states: RevisionState[]): Promise<void> {
  await Promise.all(states.flatMap((s) => [...s.closing, ...s.peers.map((p) => p.close()), s.pool.close()]));
}

function collectStderr(outcomes: ProbeOutcome[]): string | undefined {
  const texts = outcomes.map((o) => (o.peer?.transport instanceof StdioTransport ? o.peer.transport.stderr : '')).filter(Boolean);
  const first = texts[texts.length - 1];
  return first ? first.slice(0, 16 * 1024) : undefined;
}

export function summarize(results: CheckResult[]): RunReport['summary'] {
  const summary = { pass: 0, fail: 0, warn: 0, skip: 0, error: 0 };
  for (const r of results) summary[r.status]++;
  return summary;
}
