// The CheckContext a check's run() receives: the only door from a check to the target.
// It opens and tracks the check's own connections (closed by the runner), tags frames on the
// shared session with the check's id, and builds verdicts.
import { openConnection } from '../connection.js';
import { discover, type Discovery } from '../discovery.js';
import { ObservationLog, type Observation, type ObservationKind } from '../observations.js';
import type { Peer, Reply } from '../peer.js';
import { startLegacySession, type LegacySession, type SessionOptions } from '../session.js';
import type { RunSettings } from '../settings.js';
import type { Target, TransportKind } from '../transport.js';
import type { CheckContext, Evidence, OwnConnectionOptions, ProbeFacts, RevisionFacts, Verdict } from './check.js';

/** What the runner keeps per revision, shared by all checks of that revision. */
export interface RevisionState {
  revision: string;
  facts: RevisionFacts;
  observations: ObservationLog;
  /** Every connection opened for this revision (probe, shared, per check), for excerpts. */
  peers: Peer[];
  /** Connections being closed in the background. */
  closing: Promise<void>[];
  shared?: Promise<LegacySession>;
  discovery?: Promise<Discovery>;
}

export interface ContextDeps {
  target: Target;
  transport: TransportKind;
  state: RevisionState;
  probe: ProbeFacts;
  timeoutMs: number;
  owner: string;
  settings: RunSettings;
}

export class RunContext implements CheckContext {
  readonly revision: string;
  readonly transport: TransportKind;
  readonly facts: RevisionFacts;
  readonly probe: ProbeFacts;
  readonly timeoutMs: number;
  readonly settings: RunSettings;
  /** Connections this check opened; the runner closes them. */
  readonly ownPeers: Peer[] = [];
  readonly cited: number[] = [];
  readonly owner: string;

  constructor(private readonly deps: ContextDeps) {
    this.revision = deps.state.revision;
    this.transport = deps.transport;
    this.facts = deps.state.facts;
    this.probe = deps.probe;
    this.timeoutMs = deps.timeoutMs;
    this.owner = deps.owner;
    this.settings = deps.settings;
  }

  async connect(opts: OwnConnectionOptions = {}): Promise<Peer> {
    const shared = this.deps.state.observations;
    const kinds = opts.privateObservations ?? [];
    const observations = kinds.length > 0 ? new SplitObservationLog(shared, kinds) : shared;
    const peer = await openConnection(this.deps.target, { observations, timeoutMs: this.timeoutMs });
    this.ownPeers.push(peer);
    this.deps.state.peers.push(peer);
    return peer;
  }

  async session(opts: SessionOptions & OwnConnectionOptions = {}): Promise<LegacySession> {
    const { privateObservations, ...sessionOptions } = opts;
    const peer = await this.connect(privateObservations ? { privateObservations } : {});
    return startLegacySession(peer, this.revision, { startupTimeoutMs: this.timeoutMs * 2, ...sessionOptions });
  }

  shared(): Promise<LegacySession> {
    const shared = this.deps.state.shared;
    if (!shared) return Promise.reject(new Error('no shared session for this revision'));
    return shared;
  }

  discovery(): Promise<Discovery> {
    const state = this.deps.state;
    state.discovery ??= this.shared().then((s) => discover(s.peer, s.serverCapabilities));
    return state.discovery;
  }

  observations(): Observation[] {
    return this.deps.state.observations.items;
  }

  async request(method: string, params?: unknown): Promise<Reply> {
    const session = await this.shared();
    return session.peer.request(method, params, { owner: this.owner });
  }

  brief(value: unknown, max?: number): string {
    return brief(value, max);
  }

  cite(...seqs: number[]): void {
    this.cited.push(...seqs.filter((s) => s > 0));
  }

  pass(note?: string): Verdict {
    return note ? { status: 'pass', note } : { status: 'pass' };
  }

  fail(evidence: Evidence & { reason?: string }): Verdict {
    return { status: 'fail', ...evidence };
  }

  warn(evidence: Evidence & { reason?: string }): Verdict {
    return { status: 'warn', ...evidence };
  }

  skip(reason: string): Verdict {
    return { status: 'skip', reason };
  }
}

/** One line, capped: for expected/actual evidence. */
export function brief(value: unknown, max = 300): string {
  let text: string;
  if (value === undefined) text = 'nothing';
  else if (typeof value === 'string') text = JSON.stringify(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

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
