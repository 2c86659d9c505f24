// Telling a slow or stuck connection from a silent target. When a request times out, the
// revision's shared session is fenced (ping, or server/discover) with the target's patience.
// If that gets no answer either, a lone probe goes to a fresh connection (a new process over
// stdio, a new session over HTTP): a target that answers it is alive, its stuck shared session
// is replaced by the fresh one, and the request that hung stays its own check's finding.
// Only when the fresh connection gets no answer too is the target silent: every connection is
// closed, so the checks in flight stop waiting, and they and the checks not yet run end as
// errors that say so (a server that answers initialize and then nothing ends the run quickly).
import type { Reply } from '../jsonrpc/types.js';
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

export class Liveness {
  /** Set once the target was shown silent: why. */
  silent: string | undefined;
  private probing: Promise<void> | undefined;

  constructor(private readonly deps: LivenessDeps) {}

  /** A request at `revision` timed out: is the target still there? (One probe at a time.) */
  noticeTimeout(revision: string, method: string): void {
    if (this.silent || this.probing) return;
    this.probing = this.probe(revision, method).finally(() => (this.probing = undefined));
  }

  /** Resolves once a probe under way (if any) has decided. */
  async settled(): Promise<void> {
    await this.probing;
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
