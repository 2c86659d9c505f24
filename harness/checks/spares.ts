// Spare connections: over stdio, the probe processes of the era a single-era server does not
// speak. Each was started with the others at the run's start and only refused its era's
// opening request with an error (a legacy server's answer to server/discover, a modern-only
// server's to initialize), so the other era's pools open sessions on them before starting
// processes of their own (2026-07-28 basic/transports/stdio#backward-compatibility: a client
// falls back to initialize on the same process after such an error).
import type { Peer } from '../jsonrpc/peer.js';
import type { ObservationLog, RoutingObservationLog } from '../observations.js';
import type { ProbeOutcome } from '../probe.js';
import { revisionInfo, type Era } from '../revisions.js';

interface Spare {
  peer: Peer;
  route: RoutingObservationLog;
}

export class SpareConnections {
  private readonly byEra: Record<Era, Spare[]> = { legacy: [], modern: [] };

  /** Keep a settled probe's connection for the other era, if it is a spare (see above). */
  offer(outcome: ProbeOutcome): void {
    const { probe, peer, route, session } = outcome;
    if (probe.status !== 'not-supported' || session || !peer || !route || peer.closed) return;
    this.byEra[revisionInfo(probe.revision).era === 'legacy' ? 'modern' : 'legacy'].push({ peer, route });
  }

  /** A live spare for a session of `era`, its observations now going to `observations`. */
  take(era: Era, observations: ObservationLog): Peer | undefined {
    for (let spare = this.byEra[era].pop(); spare; spare = this.byEra[era].pop()) {
      if (spare.peer.closed) continue;
      spare.route.redirect(observations);
      return spare.peer;
    }
    return undefined;
  }
}
