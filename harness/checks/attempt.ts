// One attempt of one check at one revision: its context built, its preconditions (a silent
// target, a broken opening, capabilities unknown or not declared) turned into verdicts, the check
// run within its deadline, what it borrowed given back, and its result built with whether it
// may rest on a timeout (then the runner tries it again alone). runner.ts schedules attempts.
import type { Discovery } from '../discovery.js';
import type { Peer } from '../jsonrpc/peer.js';
import type { Liveness } from '../pacing/liveness.js';
import type { Pace } from '../pacing/pace.js';
import { unanswered } from '../rules/no-answer.js';
import { defaultSettings } from '../settings.js';
import type { TransportKind } from '../transport.js';
import type { Check, ProbeFacts, Verdict } from './check.js';
import { restsOnTimeout, unansweredMethods } from './confirm.js';
import { DISCOVERY_LOOK, RunContext, peerOf, type Look, type RevisionState } from './context.js';
import { checkDeadlineMs, withDeadline } from './deadline.js';
import { excerptFor } from './excerpt.js';
import { judgesOpeningOnly } from './needs.js';
import type { Pool } from './pool.js';
import type { CheckResult } from './result.js';
import { buildResult } from './result-builder.js';
import type { RunOptions } from './runner.js';
import { specFor } from './spec-ref.js';

/** What every check of the run shares; `slots`: the --concurrency budget the check runs in (none when alone). */
export interface RunShared {
  probe: ProbeFacts;
  transport: TransportKind;
  looks: Map<string, Look>;
  pace: Pace;
  liveness: Liveness;
  timedOutOwners: Map<string, Set<Peer>>;
  slots?: Pool;
  /**
   * In an attempt alone: the looks of the revision recorded alone so far, shared by its checks
   * tried again alone (see aloneLooks), instead of the revision's state's.
   */
  aloneLooks?: Map<string, Look>;
  /** In an attempt alone: what the first attempt kept for it (CheckContext.retryOf). */
  retryOf?: unknown;
}

/** One run of a check, and whether its verdict may rest on a timeout (then it is tried again alone). */
export interface Attempt {
  result: CheckResult;
  suspect: boolean;
  /** Methods whose requests got no answer in time during it. */
  unanswered: Set<string>;
  /** What it kept for an attempt alone (CheckContext.keepForRetry). */
  kept: unknown;
}

export async function runOne(check: Check, state: RevisionState, opts: RunOptions, run: RunShared): Promise<Attempt> {
  const { probe, transport, liveness, pace } = run;
  const started = performance.now();
  const { url, level } = specFor(check, state.revision);
  const owner = `${check.id}@${state.revision}`;
  run.timedOutOwners.delete(owner);
  const revisionLooks = run.aloneLooks ?? state.looks;
  const ctx = new RunContext({ check, target: opts.target, transport, state, probe, pace, owner, settings: opts.settings ?? defaultSettings(), looks: run.looks, revisionLooks, ...(run.slots ? { slots: run.slots } : {}), ...(run.retryOf !== undefined ? { retryOf: run.retryOf } : {}) });
  let verdict: Verdict;
  const missing = (check.requires ?? []).filter((cap) => !hasCapability(state.facts.serverCapabilities, cap));
  const unknown = state.facts.server.capabilitiesUnknown;
  const broken = state.facts.server.brokenOpening;
  if (liveness.silent) {
    verdict = { status: 'error', reason: liveness.silent };
  } else if (broken && !judgesOpeningOnly(check)) {
    // The server answered the opening, brokenly: what it says of itself cannot be stood on.
    verdict = { status: 'skip', code: 'cannot-set-up', reason: broken.why };
  } else if (unknown && (check.requires?.length || check.judgesDeclared)) {
    verdict = { status: 'skip', code: 'capabilities-unknown', reason: `${unknown}, so what the server declares is not known` };
  } else if (missing.length > 0) {
    verdict = { status: 'skip', code: 'not-declared', reason: `the server does not declare the ${missing.map((m) => `\`${m}\``).join(', ')} capability` };
  } else {
    const patience = pace.patience();
    verdict = await withDeadline(check, ctx, check.deadlineMs?.(patience, ctx.settings) ?? checkDeadlineMs(patience));
    // A connection of its own whose request timed out is being judged (liveness.ts): dead or
    // alive, it is told before the pool fences it again or it is closed.
    if (run.timedOutOwners.has(owner)) await liveness.settled();
    // Closing can take a grace period; it finishes in the background (awaited at the end).
    const donations = ctx.donatable();
    const donated = new Set(donations.map((d) => peerOf(d.session)));
    // A look it records may outlive the check (cut by its deadline) while others await it:
    // its connections stay open until the look is recorded, however long that takes on a slow
    // target (closing them after one more deadline broke the list-stability look under
    // load). The run still ends: closeAll closes every connection of the revision, and a
    // recording waiting on one then ends.
    const settled = ctx.recordingsSettled();
    for (const peer of ctx.ownPeers) if (!donated.has(peer)) void settled.then(() => peer.close()).then(() => peer.forgetInbound(), () => undefined);
    // A check cut off by its deadline may still be using what it borrowed: never lend that again.
    const usable = verdict.status !== 'error';
    await Promise.all([...ctx.borrowed.map((b) => state.pool.release(b.session, usable)), ...donations.map((d) => state.pool.adopt(d.session, d.route, usable))]);
  }
  // What a check saw once the target had gone silent says nothing about the rule it judges.
  if (verdict.status === 'fail' || verdict.status === 'warn' || verdict.status === 'error' || run.timedOutOwners.has(owner)) await liveness.settled();
  if (liveness.silent && verdict.status !== 'skip') verdict = { status: 'error', reason: liveness.silent };
  const excerpt = verdict.status !== 'pass' ? excerptFor(ctx, state) : [];
  const place = { revision: state.revision, transport, side: check.side, url, level, durationMs: performance.now() - started };
  const result = buildResult(check, place, verdict, () => excerpt);
  // A discovery list or another look it read held a request unanswered in time.
  const readUnanswered = ctx.discoveryUnanswered.size > 0 || ctx.looksUnanswered.size > 0;
  // Timeouts only on connections that then died (liveness.ts) are the check's finding: what it
  // sent killed the connection while the server answered elsewhere. Trying it again alone would
  // only wait as long again.
  const timedOutOn = [...(run.timedOutOwners.get(owner) ?? [])];
  const diedOn = timedOutOn.map((p) => liveness.deadWhy(p)).filter((why) => why !== undefined);
  const onlyDead = timedOutOn.length > 0 && diedOn.length === timedOutOn.length;
  const suspect = !liveness.silent && !onlyDead && !ctx.reproduced && restsOnTimeout(result, timedOutOn.length > 0 || readUnanswered, readUnanswered);
  const told = onlyDead && result.status !== 'pass' ? { ...result, reason: `${result.reason ? `${result.reason}; ` : ''}${diedOn[0]}` } : result;
  return { result: told, suspect, unanswered: new Set([...unansweredMethods(excerpt), ...ctx.discoveryUnanswered]), kept: ctx.kept };
}

/**
 * The looks of a revision's attempts alone, to be shared by all of them: recorded afresh (once,
 * alone, not once per check: 17 Skills checks tried again each recorded the Skills look again), all
 * but a discovery every list of which was answered. That one is read once per revision whatever
 * its size (a tools/list of 50 MB sent again for every check tried again alone kept a run going for
 * minutes); a discovery with a list that got no answer is read again, since the retry is there for
 * that list.
 */
export async function aloneLooks(looks: ReadonlyMap<string, Look>): Promise<Map<string, Look>> {
  const fresh = new Map<string, Look>();
  const discovery = looks.get(DISCOVERY_LOOK);
  if (!discovery?.done) return fresh;
  const found = (await discovery.promise.catch(() => undefined)) as Discovery | undefined;
  if (found && !Object.values(found).some((list) => list?.reply && unanswered(list.reply))) fresh.set(DISCOVERY_LOOK, discovery);
  return fresh;
}

function hasCapability(caps: Record<string, unknown>, cap: string): boolean {
  const [name, sub] = cap.split('.');
  const value = caps[name as string];
  if (value === undefined || value === null || value === false) return false;
  if (!sub) return true;
  return typeof value === 'object' && (value as Record<string, unknown>)[sub] === true;
}
