// Noticing a target that has gone silent. Once a request of a revision times out, the runner
// asks the revision's shared session for its fence (ping / server/discover); if that times out
// too, the target has stopped answering: its connections are closed, so the checks in flight
// stop waiting, and they and the checks not yet started end as errors saying so, instead of
// each waiting out its own timeouts (a server that answers initialize and then nothing would
// otherwise stretch the run to minutes).
import type { Session } from '../sessions/session.js';

export class SilenceWatch {
  /** Set once the target was shown silent: why. */
  silent: string | undefined;
  private probing: Promise<void> | undefined;

  constructor(
    private readonly shared: () => Promise<Session> | undefined,
    private readonly timeoutMs: number,
    private readonly onSilent: () => void,
  ) {}

  /** Called with every other revision's watch when this one hears of a timeout. */
  others: () => SilenceWatch[] = () => [];

  /**
   * A request timed out somewhere in the revision: is the target silent? The other revisions
   * are asked too, since a server that stops answering usually does so everywhere.
   */
  noticeTimeout(method: string): void {
    this.probe(method);
    for (const w of this.others()) if (w !== this) w.probe(`a request at another revision (${method})`);
  }

  /** Resolves once a silence probe under way (if any) has decided. */
  async settled(): Promise<void> {
    await this.probing;
  }

  private probe(method: string): void {
    if (this.silent || this.probing) return;
    this.probing = (async () => {
      const shared = this.shared();
      if (!shared) return;
      const session = (await shared) as Session & { withOwner(owner: string): Session };
      const fence = await session.withOwner('silence-watch').fence(this.timeoutMs);
      if (fence.kind === 'timeout' || fence.kind === 'closed') {
        this.silent = `the server stopped answering: ${method} got no answer, and neither did ${session.rev.fence} (${fence.kind === 'timeout' ? `within ${fence.afterMs} ms` : fence.reason})`;
        this.onSilent();
      }
    })().finally(() => (this.probing = undefined));
  }
}
