// Telling a slow or stuck connection from a silent target. When a request times out, the
// revision's shared session is fenced (ping, or server/discover) with the target's patience.
// If that gets no answer either, a lone probe goes to a fresh connection (a new process over
// stdio, a new session over HTTP): a target that answers it is alive, its stuck shared session
// is replaced by the fresh one, and the request that hung stays its own check's finding.
// Only when the fresh connection gets no answer too is the target silent: every connection is
// closed, so the checks in flight stop waiting, and they and the checks not yet run end as
// errors that say so (a server that answers initialize and then nothing ends the run quickly).
//
// Dead is not slow. A check's own connection whose request timed out is fenced too: if it then
// answers nothing more, for as long again, while the target answers on the revision's session,
// that connection is dead (a server that gives up on a connection after a malformed line): it is
// retired, and the timeouts on it are the finding of the check that sent what killed it, not a
// sign of load to be tried again alone. A connection that answers its fence is alive: the
// request that hung stays its check's finding, confirmed alone as any timeout is.
import type { Peer } from '../jsonrpc/peer.js';
import type { Reply } from '../jsonrpc/types.js';
import { peerOf, sessionOver } from '../sessions/conversation.js';
import { SessionError, type Session } from '../sessions/session.js';

export interface LivenessDeps {
  /** The revision's shared session, as it is now. */
  shared(revision: string): Promise<Session> | undefined;
  /** A fresh connection with an opened session at the revision (throws if it cannot open). */
  openFresh(revision: string): Promise<Session>;
  /** Put a fresh session in place of the revision's stuck shared one (and close the old one). */
  replaceShared(revision: string, fresh: Session): void;
  /** Close a fresh session that is not kept. */
  discard(session: Session): Promise<void>;
  /** How long the fences wait. */
  patience(): number;
  /** What a fresh connection is on this target, for the sentence ("process", "HTTP session"). */
  readonly freshKind: string;
  /** The target is silent: close everything. */
  onSilent(why: string): void;
}

type Fencing = Session & { withOwner(owner: string): Session };

const answered = (reply: Reply): boolean => reply.kind === 'result' || reply.kind === 'error';

/** Fences of the harness's own (this watch's, the session pool's): their silence is judged where they are sent. */
export const HARNESS_OWNERS: ReadonlySet<string> = new Set(['liveness', 'pool']);

export class Liveness {
  /** Set once the target was shown silent: why. */
  silent: string | undefined;
  private probing: Promise<void> | undefined;
  /** Connections being judged (one judgement each), and those found dead, with why. */
  private readonly judging = new Map<Peer, Promise<void>>();
  private readonly dead = new WeakMap<Peer, string>();

  constructor(private readonly deps: LivenessDeps) {}

  /**
   * A request at `revision` timed out (on `peer`, for `owner`): is the target still there (one
   * probe at a time), and is that connection still there (one judgement per connection)?
   */
  noticeTimeout(revision: string, method: string, peer?: Peer, owner?: string): void {
    if (this.silent) return;
    this.probing ??= this.probe(revision, method).finally(() => (this.probing = undefined));
    if (peer && !(owner && HARNESS_OWNERS.has(owner)) && !this.judging.has(peer)) this.judging.set(peer, this.judgeConnection(revision, method, peer));
  }

  /** Why `peer` was retired as dead, if it was. */
  deadWhy(peer: Peer): string | undefined {
    return this.dead.get(peer);
  }

  /** Resolves once a probe under way (if any) and every judgement of a connection have decided. */
  async settled(): Promise<void> {
    await Promise.all([this.probing, ...this.judging.values()]);
  }

  /**
   * Fence the connection a request timed out on, for the target's patience again. No answer,
   * while the revision's session answers: the connection is dead. (The revision's session
   * itself is the probe's business: replaced by a fresh one when stuck.)
   */
  private async judgeConnection(revision: string, method: string, peer: Peer): Promise<void> {
    const session = sessionOver(peer);
    const shared = await this.deps.shared(revision)?.catch(() => undefined);
    if (!session || !shared || peerOf(shared) === peer || peer.closed) return;
    const patience = this.deps.patience();
    const own = await session.withOwner('liveness').fence(patience);
    if (answered(own) || own.kind !== 'timeout' || peer.closed || this.silent) return;
    // Still there elsewhere? The revision's session (as it is now: a stuck one was replaced).
    await this.probing;
    const now = await this.deps.shared(revision)?.catch(() => undefined);
    const elsewhere = now && !this.silent ? await (now as Fencing).withOwner('liveness').fence(patience) : undefined;
    if (!elsewhere || !answered(elsewhere)) return;
    const why = `the connection stopped answering: after ${method} got no answer, ${session.rev.fence} got none either within ${patience} ms, while the server answered on another connection`;
    this.dead.set(peer, why);
    await peer.retire(why);
  }

  private async probe(revision: string, method: string): Promise<void> {
    const patience = this.deps.patience();
    const shared = this.deps.shared(revision);
    let sharedSaid = 'there was no shared session';
    if (shared) {
      const session = (await shared.catch(() => undefined)) as Fencing | undefined;
      if (session) {
        const fence = await session.withOwner('liveness').fence(patience);
        if (answered(fence)) return;
        sharedSaid = `neither did ${session.rev.fence} on the revision's session (${fence.kind === 'timeout' ? `within ${fence.afterMs} ms` : fence.kind === 'closed' ? fence.reason : fence.kind})`;
      }
    }
    let fresh: Fencing | undefined;
    let freshSaid: string;
    try {
      fresh = (await this.deps.openFresh(revision)) as Fencing;
      const fence = await fresh.withOwner('liveness').fence(patience);
      if (answered(fence)) {
        this.deps.replaceShared(revision, fresh);
        return;
      }
      freshSaid = `nor on a fresh ${this.deps.freshKind}: it opened, then ${fresh.rev.fence} got no answer (${fence.kind === 'timeout' ? `within ${fence.afterMs} ms` : fence.kind === 'closed' ? fence.reason : fence.kind})`;
    } catch (error) {
      // It answered the opening, if only with an error: it is there.
      if (error instanceof SessionError && answered(error.reply)) return;
      freshSaid = `nor did a fresh ${this.deps.freshKind} open (${error instanceof Error ? error.message : String(error)})`;
    }
    if (fresh) await this.deps.discard(fresh);
    if (this.silent) return;
    this.silent = `the server stopped answering: ${method} got no answer, ${sharedSaid}, ${freshSaid}`;
    this.deps.onSilent(this.silent);
  }
}
