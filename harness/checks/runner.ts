// The runner: probe every revision (both eras), then run every applicable check at every
// accepted revision, each revision as soon as its own probe is done, independent checks
// concurrently within the target's pace (pacing/pace.ts), each under a deadline, each isolated
// (a crash or timeout of one never stops the run). Then, alone, what a timeout may have decided:
// a revision whose probe got no answer although its era answered, and every check whose fail,
// warn or error rested on a timeout, each tried again with nothing else in flight. Passive checks
// come last. Returns the one result model.
import { openConnection, resolveHttpTarget } from '../connection.js';
import { ObservationLog } from '../observations.js';
import { Liveness } from '../pacing/liveness.js';
import { DEFAULT_STARTUP_TIMEOUT_MS, Pace } from '../pacing/pace.js';
import { ProbeCut, classifyEras, probeFacts, probeRevision, silentEraCutoff, type ProbeOutcome } from '../probe.js';
import { REVISIONS, inRange, revisionInfo, type Era } from '../revisions.js';
import { startSession } from '../sessions/open.js';
import { defaultSettings, type RunSettings } from '../settings.js';
import type { Target, TransportKind } from '../transport.js';
import { StdioTransport } from '../transports/stdio.js';
import type { Check, ProbeFacts } from './check.js';
import { peerOf, type Look, type RevisionState } from './context.js';
import type { RunListener } from './events.js';
import { Pool } from './pool.js';
import { GrowthBudget, SessionPool } from './session-pool.js';
import { SpareConnections } from './spares.js';
import type { CheckResult, RevisionProbe, RunReport } from './result.js';
import { assembleReport } from './report-assembly.js';
import { tryAgainAlone } from './alone-phase.js';
import { confirmedAlone } from './confirm.js';
import { specFor } from './spec-ref.js';
import { buildResult } from './result-builder.js';
import { isPassive } from './needs.js';
import { holdSharedAgents } from '../transports/http-agent.js';
import { availableParallelism } from 'node:os';
import { RunBudget } from './budget.js';
import type { Peer } from '../jsonrpc/peer.js';
import { aloneLooks, runOne, type RunShared } from './attempt.js';

export interface RunOptions {
  target: Target;
  checks: readonly Check[];
  /** Revisions to test (--spec); default: every revision this tool knows. */
  revisions?: readonly string[];
  /** --timeout: the least time a request is given (the target's pace may give more). */
  timeoutMs: number;
  /** --startup-timeout: the most time a start is given (ends as soon as the target answers). */
  startupTimeoutMs?: number;
  /** --max-rate: the most requests per second sent to the target, every connection together. */
  maxRate?: number;
  /** --concurrency: the most checks at once (the target's pace may allow fewer). */
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
/**
 * ... unless a check waits for one longer than this (and this many of the target's slowest
 * starts) while the target takes at least GROW_MIN_ANSWER_MS to answer: then the target is
 * slow to serve, and another session is cheaper than the wait. A prompt target's sessions are
 * held by our own checks' work, and another process would only compete with it for the CPU
 * (on 2 cores the clean reference then took 24 % longer).
 */
const GROW_AFTER_MS = 1000;
const GROW_AFTER_STARTS = 4;
const GROW_MIN_ANSWER_MS = 100;

/** How often the run looks whether its budget is spent. */
const BUDGET_WATCH_MS = 250;

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

/** A check whose first verdict rested on a timeout: tried again alone before it is reported. */
interface Suspect {
  check: Check;
  state: RevisionState;
  revision: string;
  first: CheckResult;
  /** How many checks were in flight when it ran. */
  crowd: number;
  /** Methods whose requests got no answer in its first attempt. */
  unanswered: Set<string>;
  /** What the first attempt kept for this one (CheckContext.keepForRetry). */
  kept: unknown;
}

async function runHeld(options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  // One seed per run, so a reported seed replays the whole run.
  const opts = { ...options, settings: options.settings ?? defaultSettings() };
  const pace = new Pace({ timeoutMs: opts.timeoutMs, startupTimeoutMs: opts.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS, ceiling: opts.concurrency, ...(opts.maxRate !== undefined ? { maxRate: opts.maxRate } : {}) });
  pace.onCut((cut) => opts.listener?.paceCut?.(cut));
  // HTTP: pin the transport once, forced (--transport) or detected.
  if (opts.target.kind === 'http') opts.target = await resolveHttpTarget(opts.target, opts.timeoutMs, pace.startupTimeoutMs, pace.gate);
  const target = opts.target;
  const transport: TransportKind = target.kind === 'stdio' ? 'stdio' : (target.transport ?? 'streamable-http');
  const wanted = REVISIONS.filter((r) => (opts.revisions ?? REVISIONS.map((x) => x.id)).includes(r.id));
  const pool = new Pool(() => pace.window);
  pace.onWiden(() => pool.widened());
  const results: CheckResult[] = [];
  const states: RevisionState[] = [];
  let aborted: string | undefined;
  const onAbort = () => {
    aborted = 'interrupted by the user';
    void closeAll(states);
  };
  // Every check the run means to decide (check@revision), and the run's budget (budget.ts): once
  // spent, the run ends, and what is still undecided is an error that says so.
  const planned = new Map<string, { check: Check; state: RevisionState }>();
  const budget = new RunBudget(started, () => ({
    checks: planned.size,
    revisions: wanted.length,
    starts: pace.startCount,
    slowestStartMs: pace.slowestStartMs,
    answerMs: pace.recentAnswerMs,
    ceiling: pace.ceiling,
    cores: availableParallelism(),
    retries: retriesQueued,
    retryPatienceMs: 2 * pace.patience(),
  }));
  let retriesQueued = 0;
  let overBudget: string | undefined;
  const spentAt = deferred<string>();
  const watch = setInterval(() => {
    const why = aborted ? undefined : budget.spent();
    if (!why) return;
    aborted = overBudget = why;
    clearInterval(watch);
    void closeAll(states);
    spentAt.resolve(why);
  }, BUDGET_WATCH_MS);
  watch.unref();
  /** Wait for `p`, or until the budget is spent. */
  const withinBudget = <T>(p: Promise<T>): Promise<T | undefined> => Promise.race([p, spentAt.promise.then(() => undefined)]);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  const stateOf = (revision: string) => states.find((s) => s.revision === revision);
  const liveness = new Liveness({
    shared: (revision) => stateOf(revision)?.shared,
    openFresh: async (revision) => {
      const state = stateOf(revision);
      const peer = await openConnection(target, { observations: state?.observations ?? new ObservationLog(), timeoutMs: pace.patience(), pace });
      // Nothing would close a connection that opens after the run closed its revision's.
      const gone = state ? state.shut : 'no revision to probe';
      if (gone) {
        await peer.close();
        throw new Error(gone);
      }
      state?.peers.push(peer);
      if (state) peer.onTimeout = (method, owner, p) => state.timedOut(method, owner, p);
      return startSession(peer, revision, { startupTimeoutMs: pace.startupTimeoutMs }).catch(async (error: unknown) => {
        await peer.close();
        throw error;
      });
    },
    replaceShared: (revision, fresh) => {
      const state = stateOf(revision);
      if (!state) return void peerOf(fresh).close();
      const stuck = state.shared;
      state.shared = Promise.resolve(fresh);
      if (stuck) state.closing.push(stuck.then((s) => peerOf(s).close()).catch(() => undefined));
    },
    discard: (session) => peerOf(session).close(),
    patience: () => pace.patience(),
    freshKind: transport === 'stdio' ? 'process' : 'connection',
    onSilent: () => void closeAll(states),
  });
  // Sessions the revisions' pools may open past their own sizes, together (see session-pool.ts).
  const growth = new GrowthBudget(() => Math.max(1, Math.floor(pace.window / 2)));
  // Owners (check@revision) one of whose requests got no answer in time, with the connections it happened on.
  const timedOutOwners = new Map<string, Set<Peer>>();

  // 1. Probe every wanted revision, newest first (over stdio the first processes to start);
  //    each revision's checks start when its probe is done.
  const probable = wanted.filter((r) => !(transport === 'sse' && r.era === 'modern')).reverse();
  const skipped: RevisionProbe[] = wanted.filter((r) => !probable.includes(r)).map((r) => ({ revision: r.id, era: r.era, status: 'not-tested', detail: SSE_MODERN }));
  const observationsOf = new Map<string, ObservationLog>(probable.map((r) => [r.id, new ObservationLog()]));
  const cuts = probable.map(() => new AbortController());
  const opened = probable.map(() => deferred<number>());
  const probing = probable.map((r, i) => {
    const open = opened[i] as Deferred<number>;
    const now = () => open.resolve(performance.now());
    return probeRevision(target, r.id, observationsOf.get(r.id) as ObservationLog, pace, cuts[i]?.signal, now).finally(now);
  });
  silentEraCutoff(
    probable.map((r) => r.id),
    probing,
    cuts,
    opened.map((d) => d.promise),
    pace,
  );
  silentTargetCutoff(probable.map((r) => r.era), probing, cuts);
  const spares = new SpareConnections();
  if (transport === 'stdio') for (const p of probing) void p.then((o) => spares.offer(o));
  // Version checks read what every probe learned: complete once all probes are in.
  const facts: ProbeFacts = { answers: {}, accepted: [] };
  const allProbed = Promise.all(probing).then((outcomes) => {
    settleSilentEra(outcomes);
    for (const o of outcomes) if (!secondTryOwed(o, outcomes)) opts.listener?.revisionProbed?.(o.probe);
    if (outcomes.length > 0 && outcomes.every((o) => o.unreachable)) aborted = `target could not be started or reached: ${outcomes[0]?.unreachable}`;
    Object.assign(facts, probeFacts(outcomes));
    return outcomes;
  });

  // 2. The active checks of every accepted revision, each revision as soon as its probe is done.
  const decided = new Set<string>();
  const record = (r: CheckResult) => {
    const key = `${r.id}@${r.revision}`;
    // Once the report is written, or a result of this check is in, later ones are not heard.
    if (reported || decided.has(key)) return;
    decided.add(key);
    results.push(r);
    opts.listener?.checkDone?.(r);
  };
  let reported = false;
  const suspects: Suspect[] = [];
  let inFlight = 0;
  // Looks several checks judge, recorded once per run (target-wide ones; per revision in the state).
  const looks = new Map<string, Look>();
  const shared = (slots?: Pool): RunShared => ({ probe: facts, transport, looks, pace, liveness, timedOutOwners, ...(slots ? { slots } : {}) });
  const runAll = (checks: Check[], state: RevisionState) =>
    Promise.all(
      checks.map((check) =>
        pool.run(async () => {
          if (aborted) return;
          const crowd = ++inFlight;
          try {
            const first = await runOne(check, state, opts, shared(pool));
            // Ended by the run's end (interrupted, or the budget spent): undecided, said below.
            if (aborted) return;
            if (first.suspect) suspects.push({ check, state, revision: state.revision, first: first.result, crowd, unanswered: first.unanswered, kept: first.kept });
            else record(first.result);
          } finally {
            inFlight--;
          }
        }, startsEarly(check, transport)),
      ),
    );
  const passiveOf = new Map<RevisionState, Check[]>();
  const runRevision = async (outcome: ProbeOutcome): Promise<void> => {
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
      pool: new SessionPool(
        observations,
        async (routed) => {
          const spare = spares.take(revisionInfo(revision).era, routed);
          if (spare) {
            spare.onTimeout = (method, owner, p) => state.timedOut(method, owner, p);
            // A spare that will not open this era after all is closed; a new process then does.
            const opened = await startSession(spare, revision, { startupTimeoutMs: pace.startupTimeoutMs }).catch(() => undefined);
            if (opened) return opened;
            await spare.close();
          }
          const peer = await openConnection(target, { observations: routed, timeoutMs: pace.patience(), pace });
          peer.onTimeout = (method, owner, p) => state.timedOut(method, owner, p);
          return startSession(peer, revision, { startupTimeoutMs: pace.startupTimeoutMs });
        },
        transport === 'stdio' ? STDIO_POOL_SIZE[revisionInfo(revision).era] : undefined,
        () => pace.fencePatience(),
        { afterMs: () => (pace.recentAnswerMs < GROW_MIN_ANSWER_MS ? undefined : Math.max(GROW_AFTER_MS, GROW_AFTER_STARTS * pace.slowestStartMs)), take: () => growth.take(), give: () => growth.give() },
      ),
      liveness,
      timedOut: (method, owner, peer) => {
        if (owner) timedOutOwners.set(owner, (timedOutOwners.get(owner) ?? new Set()).add(peer));
        liveness.noticeTimeout(revision, method, peer, owner);
      },
    };
    outcome.peer.onTimeout = (method, owner, p) => state.timedOut(method, owner, p);
    states.push(state);
    const applicable = opts.checks.filter((c) => inRange(revision, c.revisions) && (c.transports === 'any' || c.transports.includes(transport)));
    const active = applicable.filter((c) => !isPassive(c));
    passiveOf.set(
      state,
      applicable.filter((c) => isPassive(c)),
    );
    // A target-wide check runs once: at the newest accepted revision in its range whose
    // handshake worked (one whose handshake broke only if no other is in range).
    const targetWide = (async () => {
      const outcomes = await allProbed;
      // Revision ids are dates: sorted, the last is the newest (probes ran newest first).
      const acceptedOf = (list: ProbeOutcome[]) => list.filter((o) => o.probe.status === 'accepted').map((o) => o.probe.revision).sort();
      const accepted = acceptedOf(outcomes);
      const working = acceptedOf(outcomes.filter((o) => !o.session?.server.brokenOpening));
      const newest = (revs: string[], c: Check) => revs.filter((r) => inRange(r, c.revisions)).at(-1);
      return active.filter((c) => c.scope === 'target' && revision === (newest(working, c) ?? newest(accepted, c)));
    })();
    const perRevision = active.filter((c) => c.scope !== 'target');
    for (const check of [...perRevision, ...(passiveOf.get(state) ?? [])]) planned.set(`${check.id}@${revision}`, { check, state });
    const begun = runAll(perRevision, state);
    const wide = await targetWide;
    for (const check of wide) planned.set(`${check.id}@${revision}`, { check, state });
    opts.listener?.revisionStart?.(revision, transport, perRevision.length + wide.length + (passiveOf.get(state)?.length ?? 0));
    await Promise.all([begun, runAll(wide, state)]);
  };
  await withinBudget(Promise.all(probing.map(async (probed) => runRevision(await probed))));

  // 3. Alone: a revision whose probe got no answer although its era answered others (the
  //    timeout may have been the run's own load), then its checks.
  const outcomes = await allProbed;
  for (const [i, o] of outcomes.entries()) {
    if (aborted || !secondTryOwed(o, outcomes)) continue;
    await o.peer?.close();
    const again = await probeRevision(target, o.probe.revision, observationsOf.get(o.probe.revision) as ObservationLog, pace);
    const firstSaid = o.probe.detail ?? 'no answer';
    again.probe = { ...again.probe, detail: again.probe.detail ? `${again.probe.detail}; also tried again alone, after: ${firstSaid}` : `answered when tried again alone, after: ${firstSaid}` };
    outcomes[i] = again;
    opts.listener?.revisionProbed?.(again.probe);
    if (again.probe.status === 'accepted') {
      facts.accepted.push(again.probe.revision);
      await withinBudget(runRevision(again));
    }
  }

  // 4. Alone, with the patience a retry gets: every check whose verdict rested on a timeout.
  retriesQueued = suspects.length;
  // Methods that got no answer even alone: a skip waiting on one of them is not tried again.
  const silentAlone = new Set<string>();
  // Alone means afresh: what the first attempts recorded once for several checks (a task run, a
  // survey) is recorded again, once per revision, and shared by the checks tried again there.
  const aloneLooksOf = new Map<RevisionState, Map<string, Look>>();
  await tryAgainAlone({
    pace,
    suspects,
    verdicts: suspects.length,
    ...(opts.listener ? { listener: opts.listener } : {}),
    quiet: aborted !== undefined || liveness.silent !== undefined,
    again: async (s) => {
      // A first attempt that rested on a timeout is no verdict once the budget is spent (below).
      if (overBudget) return false;
      const alreadyShown = s.first.status === 'skip' && s.unanswered.size > 0 && [...s.unanswered].every((m) => silentAlone.has(m));
      if (aborted || liveness.silent || alreadyShown) {
        record(alreadyShown ? { ...s.first, reason: `${s.first.reason ?? ''} (not tried again alone: ${[...s.unanswered].join(', ')} got no answer alone for another check)` } : s.first);
        return;
      }
      let alone = aloneLooksOf.get(s.state);
      if (!alone) aloneLooksOf.set(s.state, (alone = await aloneLooks(s.state.looks)));
      const second = await withinBudget(runOne(s.check, s.state, opts, { ...shared(), looks: new Map(), aloneLooks: alone, retryOf: s.kept }));
      retriesQueued--;
      if (!second) return false;
      for (const m of second.unanswered) silentAlone.add(m);
      record(confirmedAlone(s.first, second.result, s.crowd));
    },
  });

  // 5. Passive checks: they judge what every other check of their revision saw.
  for (const state of states) for (const check of passiveOf.get(state) ?? []) if (!aborted) record((await runOne(check, state, opts, shared())).result);

  // 6. Report. Past the budget, every check not decided is an error that says so.
  clearInterval(watch);
  if (overBudget) {
    const why = overBudget;
    for (const [key, { check, state }] of planned) {
      if (decided.has(key)) continue;
      const { url, level } = specFor(check, state.revision);
      const place = { revision: state.revision, transport, side: check.side, url, level, durationMs: 0 };
      record(buildResult(check, place, { status: 'error', reason: `not decided: ${why}` }, () => []));
    }
  }
  reported = true;
  const stderr = collectStderr(outcomes);
  const closing = outcomes.filter((o) => o.probe.status !== 'accepted' && o.peer).map((o) => o.peer?.close());
  await Promise.all([closeAll(states), ...closing]);
  opts.signal?.removeEventListener('abort', onAbort);
  const probes = [...outcomes.map((o) => o.probe), ...skipped].sort((a, b) => a.revision.localeCompare(b.revision));
  const eras = classifyEras(probes);
  const serverInfo = outcomes
    .filter((o) => o.probe.status === 'accepted')
    .sort((a, b) => a.probe.revision.localeCompare(b.probe.revision))
    .at(-1)?.session?.server.info;
  const report = assembleReport({
    toolVersion: opts.toolVersion,
    target: target.kind === 'stdio' ? { kind: 'stdio', command: target.command, transport } : { kind: 'http', url: target.url, transport },
    started,
    revisions: probes,
    about: { ...(eras ? { eras } : {}), ...(serverInfo ? { serverInfo } : {}), ...(stderr ? { stderr } : {}) },
    ...(aborted ? { aborted } : {}),
    results,
    checks: opts.checks,
    settings: opts.settings,
    pace,
  });
  opts.listener?.runDone?.(report);
  return report;
}

/**
 * A silent answer to one era's opening is "not offered" when the target spoke the other era
 * and none of this one: a modern-only server may ignore initialize, a legacy one
 * server/discover (2026-07-28 basic/transports/stdio#backward-compatibility). Silence where
 * the era answered other revisions is not settled here: it is tried again alone (secondTryOwed).
 */
function settleSilentEra(outcomes: ProbeOutcome[]): void {
  const accepted = new Set(outcomes.filter((o) => o.probe.status === 'accepted').map((o) => o.probe.era));
  for (const o of outcomes) {
    if (o.probe.status !== 'unreachable' || !o.peer || accepted.has(o.probe.era) || accepted.size === 0) continue;
    o.probe = { ...o.probe, status: 'not-supported' };
    delete o.unreachable;
  }
}

/**
 * The newest revision of each era is probed first (over stdio its processes start first): when
 * all of those get no answer at all, the target is silent, and the probes still waiting for
 * their turn to start are not started (one startup timeout, not one per few revisions).
 */
function silentTargetCutoff(eras: readonly Era[], probing: readonly Promise<ProbeOutcome>[], cuts: readonly AbortController[]): void {
  const firsts = [...new Set(eras)].map((era) => eras.indexOf(era));
  void Promise.all(firsts.map((i) => probing[i])).then((outcomes) => {
    if (!outcomes.every((o) => o?.probe.status === 'unreachable')) return;
    const why = `not probed: the target answered no other probe (${outcomes.map((o) => o?.probe.detail).join('; ')})`;
    for (const [i, cut] of cuts.entries()) if (!firsts.includes(i)) cut.abort(new ProbeCut('unreachable', why));
  });
}

/** A probe that got no answer (or a connection that ended) while its era answered other revisions. */
function secondTryOwed(o: ProbeOutcome, outcomes: readonly ProbeOutcome[]): boolean {
  return o.probe.status === 'unreachable' && outcomes.some((x) => x.probe.status === 'accepted' && x.probe.era === o.probe.era);
}

async function closeAll(states: RevisionState[]): Promise<void> {
  for (const s of states) s.shut ??= 'no more connections: the run is ending';
  await Promise.all(states.flatMap((s) => [...s.closing, ...s.peers.map((p) => p.close()), s.pool.close(), s.shared?.then((x) => peerOf(x).close()).catch(() => undefined)]));
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function collectStderr(outcomes: ProbeOutcome[]): string | undefined {
  const texts = outcomes.map((o) => (o.peer?.transport instanceof StdioTransport ? o.peer.transport.stderr : '')).filter(Boolean);
  const first = texts[texts.length - 1];
  return first ? first.slice(0, 16 * 1024) : undefined;
}
