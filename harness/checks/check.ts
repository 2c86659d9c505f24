// The check model: declarative metadata plus one function. Listing, baselines and the
// report read the metadata without running anything; the runner multiplies each check
// across the revisions and transports in its range.
import type { Judge } from '../verify/judge.js';
import type { Discovery } from '../discovery.js';
import type { Reply } from '../jsonrpc/types.js';
import type { Observation, ObservationKind } from '../observations.js';
import type { Era, RevisionInfo } from '../revisions.js';
import type { Conversation, ServerFacts, Session, SessionOptions } from '../sessions/session.js';
import type { RunSettings } from '../settings.js';
import type { TransportKind } from '../transport.js';
import type { HttpAccess } from './http-access.js';
import type { SkipCode } from './skip.js';
import type { Need } from './needs.js';

export type Level = 'MUST' | 'SHOULD' | 'MAY';
export type Status = 'pass' | 'fail' | 'warn' | 'skip' | 'error';
export type Side = 'server' | 'client';

/** Server capabilities a check can require; a closed union so a typo does not compile. */
export type Capability = 'tools' | 'resources' | 'prompts' | 'logging' | 'completions' | 'resources.subscribe';

/**
 * Where the rule is written. `url` is relative to
 * https://modelcontextprotocol.io/specification/<revision>/ (a page plus anchor). A list
 * gives the place and level per revision: each entry applies from its `from` revision on.
 */
export interface SpecRef {
  url: string;
  level: Level;
  from?: string;
}

export interface Check<C = CheckContext> {
  /** `area.what-is-checked`; frozen once released (baselines name it). */
  id: string;
  title: string;
  spec: SpecRef | SpecRef[];
  /** The spec sentence the check enforces, quoted verbatim (shown beside every failure). */
  requirement?: string;
  /** One line on how to fix a failure, where the remedy is well known. */
  fix?: string;
  side: Side;
  /** Inclusive range `A..B` or a single revision. */
  revisions: string;
  transports: 'any' | TransportKind[];
  requires?: Capability[];
  /**
   * Its verdict weighs what the server does against what it declares (an undeclared feature,
   * notification or code): skipped when the capabilities are unknown, like a `requires`.
   */
  judgesDeclared?: true;
  /** Reference-server faults that make this check fail (or warn, for a SHOULD). */
  faults: string[];
  /**
   * Faults of `faults` it names only in a range of revisions (`A..B`), where the rule it
   * judges came later than the check: a schema bound added at one revision, say.
   */
  faultRevisions?: Record<string, string>;
  /** What it needs of the target (needs.ts); the runner alone turns this into pooling and isolation. */
  needs?: readonly Need[];
  /**
   * Observation kinds it judges itself, kept out of the revision's log while it holds its
   * sessions (a task run validates its own results; fuzzing answers its own hostile ids).
   */
  ownObservations?: readonly ObservationKind[];
  /** The requirements of ../shared/spec-digest/ it judges (e.g. ['PING-001']). */
  digest?: readonly string[];
  /**
   * The spec page its file follows (set by defineChecks): the file is
   * suites/<side>/<page>.ts or suites/<side>/<page>/index.ts, the tree being the spec's contents.
   */
  page?: string;
  /** 'target': runs once per target (reported under the newest accepted revision). */
  scope?: 'revision' | 'target';
  /**
   * It waits on the target's clock (task lifetimes, cancellation and progress windows, fuzzing
   * budgets): started before the other checks, so that its waits overlap their work. A list:
   * only over these transports.
   */
  long?: boolean | readonly TransportKind[];
  /** Time the check may take, when the default (a few timeouts) is not enough (fuzzing scales with --fuzz-runs). */
  deadlineMs?(timeoutMs: number, settings: RunSettings): number;
  run(ctx: C): Promise<Verdict>;
}

/** What every check has, server or client: what listing, selection and baselines read. */
export type CheckMeta = Pick<Check, 'id' | 'title' | 'spec' | 'side' | 'revisions' | 'transports' | 'faults' | 'requirement' | 'fix' | 'digest'>;

/** Options of a check's own connection. */
export interface OwnConnectionOptions {
  /**
   * Observation kinds kept out of the revision's log (passive checks never judge them); the
   * peer still records them in its own `peer.observations`. For checks that judge their own
   * traffic, e.g. fuzzing, whose hostile ids no peer can match.
   */
  privateObservations?: readonly ObservationKind[];
  /**
   * A connection no other check has used, never one lent from the pool: for a rule about what
   * earlier requests on the connection must not change (capabilities declared before).
   */
  fresh?: boolean;
  /**
   * The check sends hostile input (fuzzing): the session goes back to the pool for such checks
   * only. `'reuse'` takes one another such check left (cheaper than a new process); `'clean'`
   * never does (a counterexample replayed alone).
   */
  hostile?: Hostile;
}

export type Hostile = 'reuse' | 'clean';

export interface Evidence {
  expected: string;
  actual: string;
}

export type Verdict =
  | { status: 'pass'; note?: string }
  | ({ status: 'fail' | 'warn'; reason?: string } & Evidence)
  | { status: 'skip'; reason: string; code?: SkipCode }
  | { status: 'error'; reason: string };

/** What a revision's probe learned, shared by every check of that revision. */
export interface RevisionFacts {
  revision: string;
  /** What the server said about itself when the probe's session opened (initialize or server/discover). */
  server: ServerFacts;
  serverCapabilities: Record<string, unknown>;
}

/** What the probe learned across revisions. */
export interface ProbeFacts {
  /** revision -> the protocolVersion the server answered (or an error text). */
  answers: Record<string, { version?: string; error?: string }>;
  accepted: string[];
}

/** A server check's context; the verdict builders (brief, cite, pass, fail, warn, skip) are the Judge's (harness/verify/judge.ts). */
export interface CheckContext extends Judge {
  readonly revision: string;
  /** The revision table's row of the revision under test (era, dialect, fence, ...). */
  readonly rev: RevisionInfo;
  readonly era: Era;
  readonly transport: TransportKind;
  readonly facts: RevisionFacts;
  readonly probe: ProbeFacts;
  /** Tag for frames this check causes (conversations from ctx apply it themselves). */
  readonly owner: string;
  /** How long to wait for an answer now: --timeout, or a few times the target's slowest answer. */
  readonly timeoutMs: number;
  /**
   * How long the target takes to answer these days (a smoothed recent answer time, ms). Work a
   * check asks the target to do and then interrupts (a slow tool to cancel, a task to cancel)
   * must outlast a few answers.
   */
  readonly answerMs: number;
  /** What the user allows (--call-tools) and the fuzzing budget (--seed, --fuzz-runs). */
  readonly settings: RunSettings;
  /**
   * In the attempt alone (a verdict that may rest on a timeout is tried again once the others
   * are done): what the first attempt kept for it with keepForRetry; undefined in a first attempt.
   */
  readonly retryOf: unknown;
  /**
   * Leave the attempt alone what it needs to re-examine only the exchange in doubt (fuzzing: the
   * counterexample) rather than all of them. A check that keeps nothing is run again whole.
   */
  keepForRetry(value: unknown): void;
  /**
   * The check's failure reproduced on a second, fresh connection, which the target had just
   * answered (fuzzing replays its counterexample so): a timeout in it is the target's doing, not
   * the run's load, and the verdict is not tried again alone. `how` says what showed it.
   */
  reproducedOnFreshConnection(how: string): void;
  /** HTTP access (raw requests, sessions, streams) where the target is HTTP; absent on stdio. */
  readonly http: HttpAccess | undefined;
  /** Is the revision under test in this range (a RANGE name, since(), between()...)? */
  in(range: string): boolean;
  /** A fresh session of the revision's era on its own connection, closed by the runner. */
  session(opts?: SessionOptions & OwnConnectionOptions): Promise<Session>;
  /** A fresh connection with no handshake at all, closed by the runner. */
  connect(opts?: OwnConnectionOptions): Promise<Conversation>;
  /** The revision's shared session (checks that need 'shared-session' only); frames tagged with this check. */
  shared(): Promise<Session>;
  /**
   * What the server offers (tools, resources, templates, prompts), every page read once per
   * revision on the shared session. Lists whose capability is not declared are absent.
   */
  discovery(): Promise<Discovery>;
  /**
   * A look several checks judge (a recorded exchange, a survey), recorded once per revision
   * (or once per run: scope 'target') by the first check that asks, with that check's context.
   * The others wait for it without holding a place in the --concurrency budget.
   */
  once<T>(key: string, record: () => Promise<T>, scope?: 'revision' | 'target'): Promise<T>;
  /** Observations of every other check of this revision (checks that need 'passive' only). */
  observations(): Observation[];
  /** Request on the shared session, tagged with this check for the wire excerpt. */
  request(method: string, params?: Record<string, unknown>): Promise<Reply>;
}
