// Revision probing: initialize at each legacy revision on a fresh connection. A revision is
// accepted when the server answers with that same version; the accepted sessions become the
// shared sessions of their revisions (one setup, many checks).
import type { ProbeFacts } from './checks/check.js';
import type { RevisionProbe } from './checks/result.js';
import { openConnection } from './connection.js';
import type { ObservationLog } from './observations.js';
import type { Peer } from './peer.js';
import { SessionError, startLegacySession, type LegacySession } from './session.js';
import type { Target } from './transport.js';

export interface ProbeOutcome {
  probe: RevisionProbe;
  peer?: Peer;
  session?: LegacySession;
  /** The server could not be started or reached at all. */
  unreachable?: string;
}

export async function probeRevision(
  target: Target,
  revision: string,
  observations: ObservationLog,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  let peer: Peer;
  try {
    peer = await openConnection(target, { observations, timeoutMs });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { probe: { revision, status: 'unreachable', detail: reason }, unreachable: reason };
  }
  try {
    const session = await startLegacySession(peer, revision, { startupTimeoutMs: timeoutMs * 2 });
    const answered = session.initializeResult.protocolVersion;
    if (answered === revision) return { probe: { revision, status: 'accepted' }, peer, session };
    return { probe: { revision, status: 'not-supported', detail: `answered ${JSON.stringify(answered)}` }, peer, session };
  } catch (error) {
    if (error instanceof SessionError && (error.reply.kind === 'timeout' || error.reply.kind === 'closed')) {
      const reason = error.reply.kind === 'timeout' ? `no answer to initialize within ${error.reply.afterMs} ms` : error.reply.reason;
      return { probe: { revision, status: 'unreachable', detail: reason }, peer, unreachable: reason };
    }
    const detail = error instanceof Error ? error.message : String(error);
    return { probe: { revision, status: 'not-supported', detail }, peer };
  }
}

/** The facts every version check reads: what each probed revision got as an answer. */
export function probeFacts(outcomes: ProbeOutcome[]): ProbeFacts {
  const answers: ProbeFacts['answers'] = {};
  for (const o of outcomes) {
    const version = o.session?.initializeResult.protocolVersion;
    answers[o.probe.revision] = typeof version === 'string' ? { version } : { error: o.probe.detail ?? o.probe.status };
  }
  return { answers, accepted: outcomes.filter((o) => o.probe.status === 'accepted').map((o) => o.probe.revision) };
}
