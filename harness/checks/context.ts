// The CheckContext a check's run() receives: the only door from a check to the target.
// It opens and tracks the check's own connections (closed by the runner), gives the check its
// own view of the shared session (frames tagged with its id), and builds verdicts.
import { openConnection } from '../connection.js';
import { discover, type Discovery } from '../discovery.js';
import { unanswered } from '../rules/no-answer.js';
import type { Peer } from '../jsonrpc/peer.js';
import type { Reply } from '../jsonrpc/types.js';
import { ObservationLog, RoutingObservationLog, type Observation, type ObservationKind } from '../observations.js';
import { nextWireSeq } from '../wire-log.js';
import { BaseContext, brief } from './base-context.js';
import { UndeclaredNeed, type Need } from './needs.js';
import type { SessionPool } from './session-pool.js';
import type { Liveness } from '../pacing/liveness.js';
import type { Pace } from '../pacing/pace.js';
import { PeerConversation, peerOf } from '../sessions/conversation.js';
import type { LegacySession } from '../sessions/legacy.js';
import { ModernSession } from '../sessions/modern.js';
import { startSession } from '../sessions/open.js';
import { revisionFor, type Conversation, type Session, type SessionOptions } from '../sessions/session.js';
import type { RunSettings } from '../settings.js';
import type { Target, TransportKind } from '../transport.js';
import type { Check, CheckContext, OwnConnectionOptions, ProbeFacts, RevisionFacts } from './check.js';
import { httpAccess, type HttpAccess } from './http-access.js';
import { lookHoldsTimeout } from './look-timeouts.js';

/** What the runner keeps per revision, shared by all checks of that revision. */
export interface RevisionState {
  revision: string;
  facts: RevisionFacts;
  observations: ObservationLog;
  /** Every connection opened for this revision (probe, shared, per check), for excerpts. */
  peers: Peer[];
  /** Connections being closed in the background. */
  closing: Promise<void>[];
  shared?: Promise<Session>;
  /** Looks several checks of the revision judge (ctx.once), the discovery among them. */
  looks: Map<string, Look>;
  /** Sessions lent to checks that want one of their own (see session-pool.ts). */
  pool: SessionPool;
  /** A request of this revision got no answer in time (`owner`: the check whose request it was), on `peer`. */
  timedOut(method: string, owner: string | undefined, peer: Peer): void;
  /** Whether the target has gone silent (one for the whole target: pacing/liveness.ts). */
  liveness: Liveness;
  /**
   * Set when the run closes the revision's connections: one still opening then (a liveness
   * probe, a check cut by its deadline that goes on) is closed as soon as it opens, never left
   * running after the run.
   */
  shut?: string;
}

/** A session a check borrowed, and from which wire entry on it was the check's. */
export interface Borrowed {
  session: AnySession;
  conn: string;
  fromSeq: number;
}

/** A session a check opened that the pool may lend once the check ends, with its observation route. */
export interface Donation {
  session: AnySession;
  route: RoutingObservationLog;
}

/** A recording shared by checks, and whether it is over (waiting on it then costs nothing). */
/** The key of the revision's discovery among its looks (read once per revision, see runner.ts freshLooks). */
export const DISCOVERY_LOOK = 'discovery';

export interface Look {
  promise: Promise<unknown>;
  done: boolean;
}

export interface ContextDeps {
  /** The check this context is for (its declared needs decide which doors open). */
  check?: Pick<Check, 'needs' | 'ownObservations'>;
  /** Target-wide looks (ctx.once with scope 'target'). */
  looks: Map<string, Look>;
  /** The revision's looks (ctx.once): its state's, or fresh ones for a check tried again alone. */
  revisionLooks: Map<string, Look>;
  /** The --concurrency budget the check runs in (absent for passive checks, run alone). */
  slots?: { suspend<T>(p: Promise<T>): Promise<T> };
  target: Target;
  transport: TransportKind;
  state: RevisionState;
  probe: ProbeFacts;
  /** The target's pace: its patience is the check's timeout, its connections are measured. */
  pace: Pace;
  owner: string;
  settings: RunSettings;
  /** In an attempt alone: what the first attempt kept for it (CheckContext.retryOf). */
  retryOf?: unknown;
}

type AnySession = LegacySession | ModernSession;

export class RunContext extends BaseContext implements CheckContext {
  readonly facts: RevisionFacts;
  readonly probe: ProbeFacts;
  private readonly httpDoor: HttpAccess | undefined;
  /** Connections this check opened; the runner closes them. */
  readonly ownPeers: Peer[] = [];
  /** Sessions this check borrowed; the runner gives them back. */
  readonly borrowed: Borrowed[] = [];
  /**
   * Sessions this check opened on its own that any check could have been lent (with the
   * defaults, at this revision): the runner gives them to the pool when the check ends,
   * instead of closing them (on stdio a process start saved). See donatable().
   */
  private readonly opened: Donation[] = [];
  readonly owner: string;
  readonly retryOf: unknown;
  /** What this attempt keeps for an attempt alone (keepForRetry), read by the runner. */
  kept: unknown;
  /** Looks recorded by other checks this check waits for now (see SessionPool's holders). */
  private awaitingLooks = 0;
  /** Time spent waiting for lent sessions, and since when it waits now (see sessionWaitMs). */
  private waitedMs = 0;
  private waitingSince: number | undefined;

  constructor(private readonly deps: ContextDeps) {
    super(deps.state.revision, deps.transport, deps.settings, revisionFor(deps.state.revision, deps.state.facts.server));
    this.facts = deps.state.facts;
    this.probe = deps.probe;
    this.owner = deps.owner;
    this.retryOf = deps.retryOf;
    const target = deps.target;
    this.httpDoor = target.kind === 'http' && deps.transport !== 'stdio' ? httpAccess(target, deps.transport, this.rev, this.owner, () => this.timeoutMs) : undefined;
  }

  keepForRetry(value: unknown): void {
    this.kept = value;
  }

  /** Set by reproducedOnFreshConnection: the runner does not try this verdict again alone. */
  reproduced: string | undefined;

  reproducedOnFreshConnection(how: string): void {
    this.reproduced = how;
  }

  /** HTTP access where the target is HTTP (the need 'raw-http'). */
  get http(): HttpAccess | undefined {
    this.require('raw-http', 'ctx.http');
    return this.httpDoor;
  }

  /**
   * A check declared with `needs` uses only the doors it declared (one without them, the old
   * way, any): an undeclared door is the check's defect, said at once.
   */
  private require(need: Need, door: string, ...alternatives: Need[]): void {
    const declared = this.deps.check?.needs;
    if (declared && ![need, ...alternatives].some((n) => declared.includes(n))) throw new UndeclaredNeed(this.owner, need, door);
  }

  /** Declared to need this (or declared the old way, needing anything)? */
  private declares(need: Need): boolean {
    return this.deps.check?.needs?.includes(need) ?? false;
  }

  /** The target's patience now: --timeout, or a few times its slowest answer (pacing/pace.ts). */
  get timeoutMs(): number {
    return this.deps.pace.patience();
  }

  get answerMs(): number {
    return this.deps.pace.recentAnswerMs;
  }

  private async openPeer(opts: OwnConnectionOptions, routed?: RoutingObservationLog): Promise<Peer> {
    const shared = this.deps.state.observations;
    const kinds = opts.privateObservations ?? [];
    const observations = kinds.length > 0 ? new SplitObservationLog(shared, kinds) : (routed ?? shared);
    const peer = await openConnection(this.deps.target, { observations, timeoutMs: this.timeoutMs, pace: this.deps.pace });
    peer.onTimeout = (method, owner, p) => this.deps.state.timedOut(method, owner, p);
    this.ownPeers.push(peer);
    this.deps.state.peers.push(peer);
    // The target went silent, or the run ended, while this connection opened: waiting on it
    // would only stall, and nothing would close it.
    const gone = this.deps.state.liveness.silent ?? this.deps.state.shut;
    if (gone) {
      await peer.close();
      throw new Error(gone);
    }
    return peer;
  }

  async connect(opts: OwnConnectionOptions = {}): Promise<Conversation> {
    this.require('connection', 'ctx.connect()');
    return new PeerConversation(await this.waiting(() => this.openPeer(opts)), this.owner);
  }

  /**
   * Time spent on what the check does not control (a lent session other checks hold, a
   * process's turn to start and its start, a look another check records) is credited to its
   * deadline: see sessionWaitMs.
   */
  private async waiting<T>(what: () => Promise<T>): Promise<T> {
    if (this.waitingSince !== undefined) return what();
    const since = (this.waitingSince = performance.now());
    try {
      return await what();
    } finally {
      this.waitedMs += performance.now() - since;
      this.waitingSince = undefined;
    }
  }

  async session(given: SessionOptions & OwnConnectionOptions = {}): Promise<Session> {
    this.require('own-session', 'ctx.session()', 'fresh-session', 'hostile-session');
    const opts = this.asDeclared(given);
    // Plain sessions are lent from the pool; a session with options of its own is opened fresh.
    const { privateObservations: withhold, fresh, hostile, ...rest } = opts;
    // At 2026-07-28 client capabilities are per request: another set needs no other connection.
    const { clientCapabilities, ...connectionOptions } = rest;
    const perRequest = clientCapabilities !== undefined && this.rev.era === 'modern';
    if (!fresh && Object.keys(connectionOptions).length === 0 && (clientCapabilities === undefined || perRequest)) {
      const wait = this.borrowed.length === 0;
      const holder = { blocked: () => this.awaitingLooks > 0 };
      const session = await this.waiting(() => this.deps.state.pool.borrow({ ...(withhold ? { withhold } : {}), wait, aside: (p) => this.aside(p), holder, ...(hostile ? { hostile } : {}) }));
      this.borrowed.push({ session, conn: session.conn, fromSeq: nextWireSeq() });
      const view = session.withOwner(this.owner);
      return perRequest && view instanceof ModernSession ? view.withCapabilities(clientCapabilities) : view;
    }
    const { privateObservations, fresh: _fresh, hostile: _hostile, ...sessionOptions } = opts;
    // A session with default capabilities and handshake may serve other checks afterwards (its
    // observations then routed as the pool routes those of its own sessions). A legacy one's
    // capabilities are the connection's, fixed at initialize; a modern one's travel in every
    // request, so it serves others only if its check declared none (donatable()).
    const noCapabilities = this.era === 'legacy' ? sessionOptions.clientCapabilities === undefined : Object.keys(sessionOptions.clientCapabilities ?? {}).length === 0;
    const plain = privateObservations === undefined && noCapabilities && sessionOptions.sendInitialized !== false;
    const route = plain ? new RoutingObservationLog(this.deps.state.observations) : undefined;
    const session = await this.waiting(async () => {
      const peer = await this.openPeer(privateObservations ? { privateObservations } : {}, route);
      return (await startSession(peer, this.revision, { startupTimeoutMs: this.deps.pace.openingPatience(), ...sessionOptions })) as AnySession;
    });
    // Only at the revision under test (a legacy counter-offer may have settled on another).
    if (route && (session.era === 'modern' || session.server.versions[0] === this.revision)) this.opened.push({ session, route });
    return session.withOwner(this.owner);
  }

  /**
   * The sessions this check opened that may now serve others (see `opened`): a modern one
   * only if no message on it declared a client capability, since a faulty server that
   * remembered one would hand it to the next borrower.
   */
  donatable(): Donation[] {
    return this.opened.filter((d) => !(d.session instanceof ModernSession) || d.session.declaredNothing);
  }

  /**
   * The session options the declaration implies: a check that declares only a fresh (or only a
   * hostile) session gets one from a plain ctx.session(); the observations it judges itself
   * stay out of the revision's log.
   */
  private asDeclared(opts: SessionOptions & OwnConnectionOptions): SessionOptions & OwnConnectionOptions {
    const check = this.deps.check;
    if (!check?.needs) return opts;
    const own = this.declares('own-session');
    const out = { ...opts };
    if (this.declares('fresh-session') && !own && !this.declares('hostile-session')) out.fresh = true;
    if (this.declares('hostile-session') && !own && out.hostile === undefined) out.hostile = 'reuse';
    if (check.ownObservations?.length && out.privateObservations === undefined) out.privateObservations = check.ownObservations;
    if (out.fresh && !this.declares('fresh-session')) throw new UndeclaredNeed(this.owner, 'fresh-session', 'ctx.session({ fresh })');
    if (out.hostile && !this.declares('hostile-session')) throw new UndeclaredNeed(this.owner, 'hostile-session', 'ctx.session({ hostile })');
    return out;
  }

  async shared(): Promise<Session> {
    this.require('shared-session', 'ctx.shared()');
    const shared = this.deps.state.shared;
    if (!shared) throw new Error('no shared session for this revision');
    return ((await shared) as AnySession).withOwner(this.owner);
  }

  async discovery(): Promise<Discovery> {
    const found = await this.once(DISCOVERY_LOOK, async () => {
      const shared = this.deps.state.shared;
      if (!shared) throw new Error('no shared session for this revision');
      const session = ((await shared) as AnySession).withOwner('discovery');
      return discover(session, session.server.capabilities);
    });
    // A list that got no answer in time is a verdict resting on a timeout: the runner tries
    // this check again alone, where discovery is read afresh.
    for (const list of Object.values(found)) if (list?.reply && unanswered(list.reply)) this.discoveryUnanswered.add(list.method);
    return found;
  }

  /** Looks this check records (ctx.once): other checks may still await them after it ends. */
  private readonly recorded: Promise<unknown>[] = [];

  /**
   * When every look this check records has settled: its own connections stay open until then,
   * even when the check itself ended first (its deadline), since other checks await the look.
   */
  recordingsSettled(): Promise<void> {
    return Promise.allSettled(this.recorded).then(() => undefined);
  }

  /** Lists of the discovery this check read that got no answer in time (see discovery()). */
  readonly discoveryUnanswered = new Set<string>();

  /** Looks this check read that hold a request unanswered in time (look-timeouts.ts); not the discovery's. */
  readonly looksUnanswered = new Set<string>();

  once<T>(key: string, record: () => Promise<T>, scope: 'revision' | 'target' = 'revision'): Promise<T> {
    const looks = scope === 'target' ? this.deps.looks : this.deps.revisionLooks;
    const known = looks.get(key);
    const read = known ? (known.done ? (known.promise as Promise<T>) : this.awaitLook(known.promise as Promise<T>)) : this.recordLook(looks, key, record);
    // The discovery says which of its lists went unanswered itself (discovery()).
    if (key === DISCOVERY_LOOK) return read;
    return read.then((value) => {
      if (lookHoldsTimeout(value)) this.looksUnanswered.add(key);
      return value;
    });
  }

  private recordLook<T>(looks: Map<string, Look>, key: string, record: () => Promise<T>): Promise<T> {
    const look: Look = { promise: record(), done: false };
    looks.set(key, look);
    this.recorded.push(look.promise);
    const settle = () => {
      look.done = true;
    };
    look.promise.then(settle, settle);
    return look.promise as Promise<T>;
  }

  /** How long this check has waited for lent sessions and for starts, a wait going on included. */
  sessionWaitMs(): number {
    return this.waitedMs + (this.waitingSince === undefined ? 0 : performance.now() - this.waitingSince);
  }

  private async awaitLook<T>(look: Promise<T>): Promise<T> {
    this.awaitingLooks++;
    // Holding a session, this check may now block a recorder that waits for one.
    if (this.borrowed.length > 0) this.deps.state.pool.recheck();
    try {
      // Another check is recording it (its starts and sessions included): not this check's time.
      return await this.waiting(() => this.aside(look));
    } finally {
      this.awaitingLooks--;
    }
  }

  /** Wait for what other work produces without holding a place in the --concurrency budget. */
  aside<T>(p: Promise<T>): Promise<T> {
    return this.deps.slots ? this.deps.slots.suspend(p) : p;
  }

  observations(): Observation[] {
    this.require('passive', 'ctx.observations()');
    return this.deps.state.observations.items;
  }

  async request(method: string, params?: Record<string, unknown>): Promise<Reply> {
    this.require('shared-session', 'ctx.request()');
    return (await this.shared()).request(method, params);
  }
}

/** The peer of a conversation a check was given (for the runner's own bookkeeping). */
export { peerOf };

export { brief };

/** Keeps some observation kinds to itself (readable as its own items), passes the rest on. */
class SplitObservationLog extends ObservationLog {
  constructor(
    private readonly parent: ObservationLog,
    private readonly kept: readonly ObservationKind[],
  ) {
    super();
  }

  override add(o: Observation): void {
    if (this.kept.includes(o.kind)) super.add(o);
    else this.parent.add(o);
  }
}
