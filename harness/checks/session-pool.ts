// Sessions lent to checks. A check that asks for a session of its own (ctx.session() with no
// options) needs one nobody else uses while it runs, not a new server process: it borrows an
// idle session of the revision and gives it back when it ends. A session is lent again only
// after a fence (the era's ping or server/discover) got a clean result on it, so whatever a
// check left behind (a killed process, an ended HTTP session, a half-written frame) is thrown
// away instead of handed to the next check. On stdio this saves a process start per check.
// A session that carried hostile input (fuzzing) goes back only to other such borrowers:
// whatever that input left in the server is their business, never an ordinary check's.
import type { Peer } from '../jsonrpc/peer.js';
import type { Hostile } from './check.js';
import { RoutingObservationLog, type ObservationKind, type ObservationLog } from '../observations.js';
import { peerOf } from '../sessions/conversation.js';
import type { LegacySession } from '../sessions/legacy.js';
import type { ModernSession } from '../sessions/modern.js';
import type { Session } from '../sessions/session.js';

type AnySession = LegacySession | ModernSession;
/** How a borrower waits for a session: aside, holding no place in the --concurrency budget. */
type Aside = <T>(p: Promise<T>) => Promise<T>;
/** Who holds a lent session: blocked while it waits for a look another check records. */
export interface Holder {
  blocked(): boolean;
}

/**
 * When the pool may open sessions past `max`: a borrower that has waited `afterMs()` for one
 * (waiting longer than a start would take) opens its own, if the target's budget of such
 * sessions (shared by every revision's pool) lets it `take()` one. A slow or busy target keeps
 * each lent session long; one process per revision then makes the whole revision wait in
 * line. A grown session is closed as soon as nobody waits for it, and its place given back.
 * `afterMs()` is undefined while growing would not help (the target answers promptly).
 */
export interface Growth {
  afterMs(): number | undefined;
  take(): boolean;
  give(): void;
}

/** Sessions past the pools' own sizes, for one target: at most `limit()` at once. */
export class GrowthBudget {
  private used = 0;

  constructor(private readonly limit: () => number) {}

  take(): boolean {
    if (this.used >= this.limit()) return false;
    this.used++;
    return true;
  }

  give(): void {
    this.used = Math.max(0, this.used - 1);
  }
}

export interface BorrowOptions {
  /** Observation kinds the borrower judges itself while it has the session. */
  withhold?: readonly ObservationKind[];
  /** false: an idle session, else a new one even past `max` (see borrow). */
  wait?: boolean;
  aside?: Aside;
  holder?: Holder;
  hostile?: Hostile;
}


export class SessionPool {
  private readonly idle: AnySession[] = [];
  /** Sessions hostile borrowers gave back: lent to hostile borrowers only. */
  private readonly idleHostile: AnySession[] = [];
  /** Sessions lent to a hostile borrower at some time. */
  private readonly hostile = new WeakSet<AnySession>();
  /** Every session opened and not yet closed (idle or lent): at most `max`. */
  private readonly alive = new Set<AnySession>();
  /** Where each session's observations go: withheld kinds are a borrower's own business. */
  private readonly routes = new Map<AnySession, RoutingObservationLog>();
  /** Every session this pool opened (the runner closes them at the end). */
  readonly peers: Peer[] = [];
  private readonly waiting: { hostile: boolean; wake: () => void }[] = [];
  private readonly holders = new Map<AnySession, Holder>();
  /** Sessions opened past `max` (see Growth): closed once nobody waits for them. */
  private readonly grown = new Set<AnySession>();
  private opening = 0;
  private shut: string | undefined;

  /**
   * `max`: how many sessions may exist at once (a process each on stdio); `patience`: how long a
   * returned session may take to answer its fence before it is thrown away (the target's pace).
   */
  constructor(
    private readonly observations: ObservationLog,
    private readonly open: (observations: ObservationLog) => Promise<Session>,
    private readonly max = Number.POSITIVE_INFINITY,
    private readonly patience: () => number = () => 1000,
    private readonly growth?: Growth,
  ) {}

  /**
   * A session for one check. `wait: false`: an idle session, else a new one even past `max`
   * (a borrower that already holds a session must never wait for another's). A waiting
   * borrower also gets a new one past `max` when every lent session is held by a check blocked
   * on a look: that look's recorder may be the borrower itself, and no session would ever
   * come back.
   */
  async borrow(opts: BorrowOptions = {}): Promise<AnySession> {
    const { withhold = [], wait = true, aside = (p) => p, holder, hostile } = opts;
    const reuse = hostile === 'reuse';
    const session = wait ? await this.take(aside, reuse) : (this.idleOne(reuse) ?? (await this.openOne()));
    const route = this.routes.get(session);
    if (route) route.withheld = withhold;
    if (holder) this.holders.set(session, holder);
    if (hostile) this.hostile.add(session);
    return session;
  }

  /** A holder just blocked on a look: waiting borrowers look again (they may open past max now). */
  recheck(): void {
    for (const w of this.waiting.splice(0)) w.wake();
  }

  /** Give a session back: lent again if it still answers its fence cleanly, else closed. */
  async release(session: AnySession, usable: boolean): Promise<void> {
    this.holders.delete(session);
    const hostile = this.hostile.has(session);
    const route = this.routes.get(session);
    // Late answers to hostile input stay the hostile borrowers' business.
    if (route && !hostile) route.withheld = [];
    // Over HTTP a request still unanswered (a listen left open) is a stream where the server
    // may send what other connections' requests cause: the next borrower would see it. (Over
    // stdio the process serves the borrower alone; a new session would cost a process.)
    const peer = peerOf(session);
    const leftOpen = peer.transport.kind !== 'stdio' && peer.unanswered > 0;
    const unwanted = this.grown.has(session) && this.waiting.length === 0;
    if (usable && !unwanted && !session.closed && !this.shut && !peer.transport.holdsStreams && !leftOpen) {
      // Over HTTP a result to the last request made already shows what the fence would.
      const fence = peer.lastExchangeAnswered ? undefined : await session.withOwner('pool').fence(this.patience());
      if ((fence === undefined || fence.kind === 'result') && !session.closed) {
        // The next borrower starts with nothing of this one's traffic.
        peer.forgetInbound();
        (hostile ? this.idleHostile : this.idle).push(session);
        this.wake(hostile);
        return;
      }
    }
    await peer.close();
    peer.forgetInbound();
  }

  /**
   * Take in a session a check opened on its own and needs no more, one the pool could have
   * lent (see RunContext.donatable), with the route of its observations; then as release().
   */
  async adopt(session: AnySession, route: RoutingObservationLog, usable: boolean): Promise<void> {
    const peer = peerOf(session);
    if (this.shut || session.closed) {
      await peer.close();
      return;
    }
    this.peers.push(peer);
    this.routes.set(session, route);
    this.alive.add(session);
    peer.transport.onEvent((e) => e.type === 'closed' && this.wake());
    await this.release(session, usable);
  }

  /** Close every session and lend no more (the run ends, or the target went silent). */
  async close(why = 'no more sessions: the run is ending'): Promise<void> {
    this.shut ??= why;
    for (const w of this.waiting.splice(0)) w.wake();
    this.idle.length = 0;
    this.idleHostile.length = 0;
    await Promise.all(this.peers.map((p) => p.close()));
  }

  private async take(aside: Aside, reuse: boolean): Promise<AnySession> {
    const since = performance.now();
    for (;;) {
      if (this.shut) throw new Error(this.shut);
      const idle = this.idleOne(reuse);
      if (idle) return idle;
      // Sessions closed while lent (a check ended it, the server died) no longer count.
      for (const s of this.alive) if (s.closed) this.alive.delete(s);
      const count = this.alive.size + this.opening;
      if (count < this.max || this.allHoldersBlocked()) return this.openOne();
      const growth = this.growth;
      const growAfter = growth?.afterMs();
      const waitedEnough = growAfter !== undefined && performance.now() - since >= growAfter;
      if (waitedEnough && growth?.take()) return this.openOne(true);
      // A session only hostile borrowers may have makes room for this one.
      const spare = this.idleHostile.pop();
      if (spare) {
        this.alive.delete(spare);
        await peerOf(spare).close();
        continue;
      }
      await aside(
        new Promise<void>((resolve) => {
          const waiter = { hostile: reuse, wake: resolve };
          this.waiting.push(waiter);
          // Look again once waiting longer would cost more than a start (see Growth).
          if (growAfter !== undefined) {
            const timer = setTimeout(() => {
              const at = this.waiting.indexOf(waiter);
              if (at >= 0) this.waiting.splice(at, 1)[0]?.wake();
            }, Math.max(0, since + growAfter - performance.now()));
            timer.unref();
          }
        }),
      );
    }
  }

  /** No session is opening or idle, and each lent one is held by a check blocked on a look. */
  private allHoldersBlocked(): boolean {
    if (this.opening > 0) return false;
    for (const s of this.alive) if (!this.holders.get(s)?.blocked()) return false;
    return true;
  }

  /** An idle session this borrower may have: for a hostile one, another hostile one's first. */
  private idleOne(reuse = false): AnySession | undefined {
    if (this.shut) throw new Error(this.shut);
    for (const list of reuse ? [this.idleHostile, this.idle] : [this.idle]) {
      for (let s = list.pop(); s; s = list.pop()) if (!s.closed) return s;
    }
    return undefined;
  }

  /** `grown`: past `max`, on the growth budget (given back when the session closes). */
  private async openOne(grown = false): Promise<AnySession> {
    this.opening++;
    try {
      const route = new RoutingObservationLog(this.observations);
      const session = (await this.open(route).catch((error: unknown) => {
        if (grown) this.growth?.give();
        throw error;
      })) as AnySession;
      const peer = peerOf(session);
      this.peers.push(peer);
      this.routes.set(session, route);
      this.alive.add(session);
      if (grown) this.grown.add(session);
      // A session that closes while lent frees its place at once.
      peer.transport.onEvent((e) => {
        if (e.type !== 'closed') return;
        if (this.grown.delete(session)) this.growth?.give();
        this.wake();
      });
      // Closed while this one was opening: it must not outlive the pool.
      if (this.shut) {
        await peer.close();
        throw new Error(this.shut);
      }
      return session;
    } finally {
      this.opening--;
      this.wake();
    }
  }

  /** Wake one waiting borrower; for a session only hostile borrowers may have, one of them first. */
  private wake(hostile = false): void {
    const at = hostile ? this.waiting.findIndex((w) => w.hostile) : -1;
    this.waiting.splice(at === -1 ? 0 : at, 1)[0]?.wake();
  }
}
