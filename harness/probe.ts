// Revision probing: open each revision's era on a fresh connection. A legacy revision is
// accepted when the server answers initialize with that same version; the modern revision when
// server/discover at it succeeds. The accepted sessions become the shared sessions of their
// revisions (one setup, many checks). The classification follows 2026-07-28 basic/versioning:
// legacy-only, modern-only or dual-era.
import type { ProbeFacts } from './checks/check.js';
import type { EraClassification, RevisionProbe } from './checks/result.js';
import { openConnection } from './connection.js';
import type { Peer } from './jsonrpc/peer.js';
import { describeReply } from './jsonrpc/types.js';
import type { ObservationLog } from './observations.js';
import { revisionInfo } from './revisions.js';
import { startSession } from './sessions/open.js';
import { SessionError, type Session } from './sessions/session.js';
import type { Target } from './transport.js';

export interface ProbeOutcome {
  probe: RevisionProbe;
  peer?: Peer;
  session?: Session;
  /** The server could not be started or reached at all. */
  unreachable?: string;
}

export async function probeRevision(target: Target, revision: string, observations: ObservationLog, timeoutMs: number): Promise<ProbeOutcome> {
  const era = revisionInfo(revision).era;
  let peer: Peer;
  try {
    peer = await openConnection(target, { observations, timeoutMs });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { probe: { revision, era, status: 'unreachable', detail: reason }, unreachable: reason };
  }
  try {
    const session = await startSession(peer, revision, { startupTimeoutMs: timeoutMs * 2 });
    if (era === 'modern') return { probe: { revision, era, status: 'accepted' }, peer, session };
    const answered = session.server.result.protocolVersion;
    if (answered === revision) return { probe: { revision, era, status: 'accepted' }, peer, session };
    return { probe: { revision, era, status: 'not-supported', detail: `answered ${JSON.stringify(answered)}` }, peer, session };
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    const reply = error.reply;
    const what = era === 'modern' ? 'server/discover' : 'initialize';
    // Silence is "unreachable" unless another revision was accepted (the runner settles that:
    // a legacy server may say nothing at all to a modern request).
    if (reply.kind === 'closed' || reply.kind === 'timeout') {
      const reason = reply.kind === 'timeout' ? `no answer to ${what} within ${reply.afterMs} ms` : reply.reason;
      return { probe: { revision, era, status: 'unreachable', detail: reason }, peer, unreachable: reason };
    }
    return { probe: { revision, era, status: 'not-supported', detail: `${what} got ${describeReply(reply)}` }, peer };
  }
}

/** The facts every version check reads: what each probed revision got as an answer. */
export function probeFacts(outcomes: ProbeOutcome[]): ProbeFacts {
  const answers: ProbeFacts['answers'] = {};
  for (const o of outcomes) {
    if (o.probe.era === 'modern') continue;
    const version = o.session?.server.result.protocolVersion;
    answers[o.probe.revision] = typeof version === 'string' ? { version } : { error: o.probe.detail ?? o.probe.status };
  }
  return { answers, accepted: outcomes.filter((o) => o.probe.status === 'accepted').map((o) => o.probe.revision) };
}

/** Which eras the target speaks, from the probes of both (undefined when an era was not probed). */
export function classifyEras(probes: readonly RevisionProbe[]): EraClassification | undefined {
  const probed = (era: string) => probes.some((p) => p.era === era && p.status !== 'not-tested');
  if (!probed('legacy') || !probed('modern')) return undefined;
  const accepted = (era: string) => probes.filter((p) => p.era === era && p.status === 'accepted').map((p) => p.revision);
  const legacy = accepted('legacy');
  const modern = accepted('modern');
  const list = (revs: string[]) => (revs.length > 0 ? revs.join(', ') : 'none');
  const detail = `legacy revisions accepted: ${list(legacy)}; modern: ${list(modern)}`;
  if (legacy.length > 0 && modern.length > 0) return { classification: 'dual-era', detail };
  if (legacy.length > 0) return { classification: 'legacy-only', detail };
  if (modern.length > 0) return { classification: 'modern-only', detail };
  return { classification: 'none', detail };
}
