// Revision probing: open each revision's era on a fresh connection. A legacy revision is
// accepted when the server answers initialize with that same version; the modern revision when
// server/discover at it succeeds. The accepted sessions become the shared sessions of their
// revisions (one setup, many checks). The classification follows 2026-07-28 basic/versioning:
// legacy-only, modern-only or dual-era. An opening answered with a result the session cannot
// stand on (rules/opening-answer.ts: no protocolVersion, no capabilities, no supportedVersions)
// is a broken handshake, not a refusal: the revision counts as offered, and the runner lets
// only the checks that judge that answer run there (the rest skip, saying why).
import type { ProbeFacts } from './checks/check.js';
import type { EraClassification, RevisionProbe } from './checks/result.js';
import { openConnection } from './connection.js';
import type { Peer } from './jsonrpc/peer.js';
import { describeReply, type Reply } from './jsonrpc/types.js';
import { ObservationLog, RoutingObservationLog } from './observations.js';
import type { Pace } from './pacing/pace.js';
import { NEWEST_LEGACY, revisionInfo } from './revisions.js';
import { loadRevisionSchema } from './schema.js';
import { ModernSession } from './sessions/modern.js';
import { startSession } from './sessions/open.js';
import { CLIENT_INFO, SessionError, type Session } from './sessions/session.js';
import type { Target } from './transport.js';

/**
 * Why a probe was cut short, and what that makes of its revision: not supported (its era is
 * silent while the other answered) or unreachable (the target answered no probe at all).
 */
export class ProbeCut {
  constructor(
    readonly status: 'not-supported' | 'unreachable',
    readonly why: string,
  ) {}

  toString(): string {
    return this.why;
  }
}

const cutStatus = (cut: AbortSignal): 'not-supported' | 'unreachable' => (cut.reason instanceof ProbeCut ? cut.reason.status : 'not-supported');

export interface ProbeOutcome {
  probe: RevisionProbe;
  peer?: Peer;
  session?: Session;
  /** Where the connection's observations go (redirected when another era takes it over: spares.ts). */
  route?: RoutingObservationLog;
  /** The server could not be started or reached at all. */
  unreachable?: string;
}

/**
 * Probe one revision. `cut` ends the wait for the era's opening answer early (see
 * silentEraCutoff): the revision is then not supported, for the reason it gives. `opened` is
 * told when the connection is up (over stdio: the process started, once its turn came).
 */
export async function probeRevision(target: Target, revision: string, observations: ObservationLog, pace: Pace, cut?: AbortSignal, opened?: () => void): Promise<ProbeOutcome> {
  const era = revisionInfo(revision).era;
  const route = new RoutingObservationLog(observations);
  let peer: Peer;
  try {
    peer = await openConnection(target, { observations: route, timeoutMs: pace.patience(), pace, ...(cut ? { startSignal: cut } : {}) });
    opened?.();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Cut while it waited for its turn to start: what the cut says decides.
    if (cut?.aborted) return { probe: { revision, era, status: cutStatus(cut), detail: String(cut.reason) }, ...(cutStatus(cut) === 'unreachable' ? { unreachable: String(cut.reason) } : {}) };
    return { probe: { revision, era, status: 'unreachable', detail: reason }, unreachable: reason };
  }
  const notSupported = (): ProbeOutcome => {
    const status = cut ? cutStatus(cut) : 'not-supported';
    const detail = String(cut?.reason);
    return { probe: { revision, era, status, detail }, peer, route, ...(status === 'unreachable' ? { unreachable: detail } : {}) };
  };
  if (cut?.aborted) {
    void peer.close();
    return notSupported();
  }
  // Once the server has answered the opening request, the cut comes too late: the answer decides.
  const hasAnswer = () => peer.inbound.some(({ message: m }) => typeof m === 'object' && m !== null && ('result' in m || 'error' in m));
  const onCut = () => void (hasAnswer() ? undefined : peer.close());
  cut?.addEventListener('abort', onCut, { once: true });
  try {
    const session = await startSession(peer, revision, { startupTimeoutMs: pace.startupTimeoutMs });
    const broken = session.server.brokenOpening;
    const offeredBroken = (): ProbeOutcome => ({ probe: { revision, era, status: 'accepted', detail: `${broken?.why} (only the checks that judge that answer ran)` }, peer, session, route });
    if (era === 'modern') {
      if (broken) return offeredBroken();
      const refused = await unlistedRefused(session, revision, pace);
      if (refused) {
        // Not served, yet server/discover at it was answered with a result: that answer is the
        // finding (basic/versioning: a version the server does not support gets -32022, and
        // server/discover is a request at it). Counted as offered with a broken opening, as
        // above, so that the checks judging the discover result run there (the rest skip).
        const problem = `server/discover at ${revision} answered a result, though the server does not serve ${revision} (${refused})`;
        session.server.brokenOpening = { problems: [problem], notAnObject: false, why: `the handshake failed: ${problem}` };
        return { probe: { revision, era, status: 'accepted', detail: `${session.server.brokenOpening.why} (only the checks that judge that answer ran)` }, peer, session, route };
      }
      return { probe: { revision, era, status: 'accepted' }, peer, session, route };
    }
    const answered = session.server.result.protocolVersion;
    // A counter-offer refuses the revision, whatever else its result lacks (judged at its own).
    const counterOffer = typeof answered === 'string' && answered !== revision;
    if (broken && !counterOffer) return offeredBroken();
    if (answered === revision) return { probe: { revision, era, status: 'accepted' }, peer, session, route };
    return { probe: { revision, era, status: 'not-supported', detail: `answered ${JSON.stringify(answered)}` }, peer, session, route };
  } catch (error) {
    if (!(error instanceof SessionError)) throw error;
    if (cut?.aborted && !hasAnswer()) return notSupported();
    const reply = error.reply;
    if (era === 'modern' && target.kind === 'http' && reply.kind === 'refused') {
      const claimed = await refusedButClaimed(target, revision, peer, reply, pace);
      if (claimed) return { probe: { revision, era, status: 'accepted', detail: `${claimed.server.brokenOpening?.why} (only the checks that judge that answer ran)` }, peer, session: claimed, route };
    }
    const what = era === 'modern' ? 'server/discover' : 'initialize';
    // Silence is "unreachable" unless another revision was accepted (the runner settles that:
    // a legacy server may say nothing at all to a modern request).
    if (reply.kind === 'closed' || reply.kind === 'timeout') {
      const reason = reply.kind === 'timeout' ? `no answer to ${what} within ${reply.afterMs} ms` : reply.reason;
      return { probe: { revision, era, status: 'unreachable', detail: reason }, peer, route, unreachable: reason };
    }
    return { probe: { revision, era, status: 'not-supported', detail: `${what} got ${describeReply(reply)}` }, peer, route };
  } finally {
    cut?.removeEventListener('abort', onCut);
  }
}

/**
 * A modern POST refused at the HTTP level (no JSON-RPC answer) usually means the URL does not
 * speak the revision: a legacy server is never judged by its rules. Only where the server names
 * the revision itself, in its error to a legacy initialize (VER-036: a modern-only server names
 * its versions there), is the refusal a finding: "The server MUST provide a single HTTP endpoint
 * path (the MCP endpoint) that supports POST" (2026-07-28 basic/transports/streamable-http). The
 * revision then counts as offered with a broken opening (only http.modern-post-supported and the
 * other opening-answer checks run there). One more request, on this path only.
 */
async function refusedButClaimed(target: Target, revision: string, peer: Peer, refused: Extract<Reply, { kind: 'refused' }>, pace: Pace): Promise<ModernSession | undefined> {
  let claim: string | undefined;
  const legacy = await openConnection(target, { observations: new ObservationLog(), timeoutMs: pace.patience(), pace }).catch(() => undefined);
  if (!legacy) return undefined;
  try {
    const reply = await legacy.request('initialize', { protocolVersion: NEWEST_LEGACY, capabilities: {}, clientInfo: CLIENT_INFO });
    const text = reply.kind === 'error' ? `${String(reply.error.message ?? '')} ${JSON.stringify(reply.error.data ?? null)}` : '';
    if (text.includes(revision)) claim = `its error to a legacy initialize names ${revision}: ${describeReply(reply)}${reply.kind === 'error' && reply.error.data !== undefined ? ` data ${JSON.stringify(reply.error.data).slice(0, 200)}` : ''}`;
  } finally {
    await legacy.close();
  }
  if (!claim) return undefined;
  const refusal = `POST server/discover at ${revision} got ${describeReply(refused)}`;
  const problem = `${refusal}, though ${claim}`;
  // The frames of the refused POST (the request out, and what the transport recorded of the answer).
  const sent = peer.wire.entries.filter((e) => e.dir === 'out' && e.text.includes('server/discover')).at(-1);
  const seqs = sent ? peer.wire.entries.filter((e) => e.seq >= sent.seq && e.conn === sent.conn).slice(0, 3).map((e) => e.seq) : [];
  const session = new ModernSession(peer, revision, {}, await loadRevisionSchema(revision));
  session.server = {
    capabilities: {},
    result: {},
    versions: [],
    capabilitiesUnknown: refusal,
    brokenOpening: { problems: [problem], notAnObject: false, why: `the handshake failed: ${problem}` },
    postRefused: { refusal, claim, seqs },
  };
  return session;
}

/** List methods a server offers by capability: one of them asks whether a revision is served. */
const LIST_OF: Record<string, string> = { tools: 'tools/list', resources: 'resources/list', prompts: 'prompts/list' };

/**
 * Whether a server whose server/discover leaves `revision` out of supportedVersions refuses it:
 * the server's own answers decide. A plain request at the revision that gets -32022
 * (UnsupportedProtocolVersion) means it is not served; a result means it is, and only the list
 * is wrong (discovery.* judges that). Without a list to ask for, the list is taken at its word.
 * Returns the sentence saying why it is not served, or undefined when it is.
 */
async function unlistedRefused(session: Session, revision: string, pace: Pace): Promise<string | undefined> {
  const listed = session.server.versions;
  if (session.server.capabilitiesUnknown || listed.includes(revision)) return undefined;
  const said = `server/discover lists supportedVersions ${JSON.stringify(listed)}, without ${revision}`;
  const method = Object.keys(LIST_OF).find((c) => session.server.capabilities[c] !== undefined);
  if (!method) return said;
  const reply = await session.request(LIST_OF[method] as string, {}, { timeoutMs: pace.startupTimeoutMs });
  if (reply.kind === 'error' && reply.error.code === -32022) return `${said}, and ${LIST_OF[method]} at it got error -32022 (${reply.error.message})`;
  return undefined;
}

/** How long a silent era's probes may wait: this many times the answered era's slowest start, and at least half of --timeout more. */
const PATIENCE_FACTOR = 3;

/**
 * Probes of an era none of whose revisions answered, still waiting once every probe of the
 * other era has settled with one accepted: a server of that era would have answered by now.
 * Both eras open with one cheap request (initialize, server/discover), so each waiting probe
 * gets PATIENCE_FACTOR times the slowest start of the other era (at least half the request
 * timeout more: a server may be slow to its first request of an era), counted from its own
 * start (over stdio processes start a few at a time: start-gate.ts), never past the startup
 * timeout, then is cut as not supported. Legacy servers may ignore a server/discover altogether
 * (2026-07-28 basic/transports/stdio#backward-compatibility), which would otherwise hold the
 * run for the whole startup timeout. `openedAt[i]`: when probe i's connection came up.
 */
export function silentEraCutoff(revisions: readonly string[], probing: readonly Promise<ProbeOutcome>[], cuts: readonly AbortController[], openedAt: readonly (Promise<number> | undefined)[], pace: Pace): void {
  const settled: (ProbeOutcome | undefined)[] = revisions.map(() => undefined);
  const tookMs: number[] = revisions.map(() => 0);
  const eraOf = (i: number) => revisionInfo(revisions[i] as string).era;
  const timers: NodeJS.Timeout[] = [];
  const scheduled = new Set<string>();
  let over = false;
  // Answered: settled by the server's own answer (not silence, not our cut).
  const eraAnswered = (era: string) => settled.some((o, j) => o !== undefined && eraOf(j) === era && o.probe.status !== 'unreachable' && !cuts[j]?.signal.aborted);
  const consider = () => {
    for (const answered of ['legacy', 'modern'] as const) {
      if (scheduled.has(answered)) continue;
      const mine = revisions.map((_, i) => i).filter((i) => eraOf(i) === answered);
      if (mine.length === 0 || mine.some((i) => settled[i] === undefined) || !mine.some((i) => settled[i]?.probe.status === 'accepted')) continue;
      const waiting = revisions.map((_, i) => i).filter((i) => eraOf(i) !== answered && settled[i] === undefined && !cuts[i]?.signal.aborted);
      if (waiting.length === 0) continue;
      const slowest = Math.max(...mine.map((i) => tookMs[i] ?? 0));
      const patience = Math.min(pace.startupTimeoutMs, Math.max(PATIENCE_FACTOR * slowest, slowest + pace.timeoutMs / 2));
      const what = answered === 'legacy' ? 'server/discover' : 'initialize';
      scheduled.add(answered);
      for (const i of waiting) {
        void openedAt[i]?.then((at) => {
          if (over || settled[i] !== undefined) return;
          const timer = setTimeout(() => {
            // A revision of the same era that answered shows the era is spoken: this probe is
            // only slow (a busy machine), and keeps the startup timeout's patience.
            if (settled[i] !== undefined || eraAnswered(eraOf(i))) return;
            cuts[i]?.abort(new ProbeCut('not-supported', `no answer to ${what} within ${Math.round(patience)} ms, while every ${answered} revision's probe had its answer within ${Math.round(slowest)} ms of its start`));
          }, Math.max(0, at + patience - performance.now()));
          timers.push(timer);
        });
      }
    }
  };
  probing.forEach((p, i) =>
    void p.then(async (outcome) => {
      const at = (await openedAt[i]) ?? performance.now();
      settled[i] = outcome;
      tookMs[i] = performance.now() - at;
      if (settled.every((o) => o !== undefined)) {
        over = true;
        for (const t of timers) clearTimeout(t);
      } else consider();
    }),
  );
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
