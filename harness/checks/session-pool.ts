// Sessions lent to checks. A check that asks for a session of its own (ctx.session() with no
// options) needs one nobody else uses while it runs, not a new server process: it borrows an
// idle session of the revision and gives it back when it ends. A session is lent again only
// after a fence (the era's ping or server/discover) got a clean result on it, so whatever a
// check left behind (a killed process, an ended HTTP session, a half-written frame) is thrown
// away instead of handed to the next check. On stdio this saves a process start per check.
import type { Peer } from '../jsonrpc/peer.js';
import { RoutingObservationLog, type ObservationKind, type ObservationLog } from '../observations.js';
import type { LegacySession } from '../sessions/legacy.js';
import type { ModernSession } from '../sessions/modern.js';
import { peerOf } from '../sessions/conversation.js';
import type { Session } from '../sessions/session.js';

type AnySession = LegacySession | ModernSession;

/** How long a returned session may take to answer its fence before it is thrown away. */
const FENCE_MS = 1000;

export class SessionPool {
  private readonly idle: AnySession[] = [];
  /** Where each session's observations go: withheld kinds are a borrower's own business. */
  private readonly routes = new Map<AnySession, RoutingObservationLog>();
  /** Every session this pool opened (the runner closes them at the end). */
  readonly peers: Peer[] = [];
  /** Sessions alive (lent or idle); at `max`, a borrower waits for one to come back. */
  private live = 0;
  private readonly waiting: ((s: AnySession | undefined) => void)[] = [];
  private shut: string | undefined;

  /** `max`: how many sessions may exist at once (a process each on stdio). */
  constructor(
    private readonly observations: ObservationLog,
    private readonly open: (observations: ObservationLog) => Promise<Session>,
    private readonly max = Number.POSITIVE_INFINITY,
  ) {}

  /** A session for one check; `withhold`: observation kinds it judges itself while it has it. */
  async borrow(withhold: readonly ObservationKind[] = []): Promise<AnySession> {
    const session = await this.take();
    const route = this.routes.get(session);
    if (route) route.withheld = withhold;
    return session;
  }

  private async take(): Promise<AnySession> {
    if (this.shut) throw new Error(this.shut);
    for (let s = this.idle.pop(); s; s = this.idle.pop()) {
      if (!s.closed) return s;
      this.live--;
    }
    if (this.live >= this.max) {
      const handed = await new Promise<AnySession | undefined>((resolve) => this.waiting.push(resolve));
      if (handed) return handed;
      if (this.shut) throw new Error(this.shut);
    }
    this.live++;
    try {
      const route = new RoutingObservationLog(this.observations);
      const session = (await this.open(route)) as AnySession;
      this.routes.set(session, route);
      this.peers.push(peerOf(session));
      // Closed while this one was opening: it must not outlive the pool.
      if (this.shut) {
        await peerOf(session).close();
        throw new Error(this.shut);
      }
      return session;
    } catch (error) {
      this.live--;
      this.waiting.shift()?.(undefined);
      throw error;
    }
  }

  /** Give a session back: lent again if it still answers its fence cleanly, else closed. */
  async release(session: AnySession, usable: boolean): Promise<void> {
    const route = this.routes.get(session);
    if (route) route.withheld = [];
    if (usable && !session.closed) {
      const fence = await session.withOwner('pool').fence(FENCE_MS);
      if (fence.kind === 'result' && !session.closed) {
        const next = this.waiting.shift();
        if (next) next(session);
        else this.idle.push(session);
        return;
      }
    }
    this.live--;
    // A waiter may now open a session of its own.
    this.waiting.shift()?.(undefined);
    await peerOf(session).close();
  }

  /** Close every session and lend no more (the run ends, or the target went silent). */
  async close(why = 'no more sessions: the run is ending'): Promise<void> {
    this.shut ??= why;
    for (const w of this.waiting.splice(0)) w(undefined);
    this.idle.length = 0;
    await Promise.all(this.peers.map((p) => p.close()));
  }
}
