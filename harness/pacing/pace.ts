// The pace of one target: how long it takes to start and to answer, how long to wait for it,
// and how many checks may talk to it at once. Real servers take seconds to start, run on one
// thread or spawn a process per request, and CI runners are busy: a fixed timeout and a fixed
// concurrency turn that into timeouts the tool itself caused. So the tool measures, and
//   - waits for an answer the larger of --timeout and a few times the slowest answer seen
//     (patience), and for a start up to the startup timeout (ending as soon as it answers);
//   - runs checks in a window that grows while answers stay quick and halves when they slow
//     down, as a congestion controller does; --concurrency is its ceiling. "Quick" and "slow"
//     are against both --timeout and the target's own quickest answer: a server that always
//     takes 300 ms is not falling behind, one whose 20 ms answers now take 600 ms is.
//   - A timeout alone is no sign of load: a loaded target answers late (and a late answer is
//     measured like any other), and the liveness watch fences the revision's session (whose
//     answer is measured too). A request that is never answered while the target answers
//     promptly elsewhere is a hung request or a dead connection (pacing/liveness.ts), and
//     cutting the window for it would only slow every other check.
//   - A rate limit (HTTP 429, or 503 with Retry-After) is pace too: the run's request gate
//     (rate-gate.ts) waits it out and sends the request again, and the window is cut as for a
//     slowed target. --max-rate caps the requests per second the gate lets through.
import { RequestGate, type RateLimitSummary } from './rate-gate.js';

/** The startup wait when --startup-timeout is not given: generous, and it ends as soon as the target answers. */
export const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

/** Patience is this many times the slowest answer the target gave (when that exceeds --timeout). */
const PATIENCE_FACTOR = 3;
/** The window starts here (or at the ceiling, if lower) and grows from the first quick answers. */
const INITIAL_WINDOW = 4;
/** Answers slower than this share of --timeout, and than SLOW_RATIO times the quickest answer, mean the target is falling behind: cut the window. */
const SLOW_SHARE = 0.25;
const SLOW_RATIO = 4;
/** Answers quicker than this share of --timeout, or than QUICK_RATIO times the quickest answer, let the window grow. */
const QUICK_SHARE = 0.1;
const QUICK_RATIO = 2;
/** Smoothing of the recent answer time (an exponentially weighted moving average). */
const SMOOTHING = 0.25;
/** A returned session's fence may take this many times the recent (or slowest fence) answer time, and at least the floor. */
const FENCE_FACTOR = 8;
const FENCE_FLOOR_MS = 1000;
/** The fence methods (legacy ping, modern server/discover): their slowest answer bounds a pool fence. */
const FENCES = new Set(['ping', 'server/discover']);
/** An answer that took this long to read is noted in the report. */
const SLOW_READ_MS = 1000;

/**
 * Methods whose answer time is the work asked for, not the target's pace: a tool runs as long
 * as it runs, a listen stays open by design, a task result waits for its task.
 */
const UNPACED = new Set(['tools/call', 'subscriptions/listen', 'tasks/result', 'sampling/createMessage', 'elicitation/create']);

export interface PaceOptions {
  /** --timeout: the least time a request is given. */
  timeoutMs: number;
  /** --startup-timeout: the most time a start (spawn or connect, then the opening answer) is given. */
  startupTimeoutMs: number;
  /** --concurrency: the most checks at once. */
  ceiling: number;
  /** --max-rate: the most requests per second sent to the target (HTTP), every connection together. */
  maxRate?: number;
}

/** When and why the window was cut back (shown in the console, kept in the JSON report). */
export interface PaceCut {
  /** Milliseconds since the run started. */
  atMs: number;
  from: number;
  to: number;
  why: string;
}

/** Answers that cost seconds to read, by method: no rule limits a message's size, but a user wants to know. */
export interface SlowRead {
  method: string;
  count: number;
  slowestMs: number;
  largestBytes: number;
}

/** What the JSON report records of the pace. */
export interface PaceSummary {
  timeoutMs: number;
  startupTimeoutMs: number;
  ceiling: number;
  /** The window at the end of the run, and the largest it reached. */
  finalWindow: number;
  largestWindow: number;
  /** Each start measured: spawn or connect until the opening request was answered. */
  startsMs: number[];
  answers: { count: number; medianMs: number; slowestMs: number; slowestMethod?: string };
  timeouts: number;
  /** The patience at the end of the run. */
  patienceMs: number;
  cuts: PaceCut[];
  /** Answers that took at least a second to read (present when there were any). */
  slowReads?: SlowRead[];
  /** --max-rate, when set: the most requests per second sent to the target. */
  maxRate?: number;
  /** Rate limits met (HTTP 429, or 503 with Retry-After), waited out and tried again (present when there were any). */
  rateLimited?: RateLimitSummary;
}

export class Pace {
  readonly timeoutMs: number;
  readonly startupTimeoutMs: number;
  readonly ceiling: number;
  private readonly started = performance.now();
  private readonly startsMs: number[] = [];
  private readonly answerMs: number[] = [];
  private slowestMs = 0;
  private slowestMethod: string | undefined;
  private slowestFenceMs = 0;
  /** Time this process spent reading messages, in all (see noteRead). */
  ownBusyMs = 0;
  private quickestMs = Number.POSITIVE_INFINITY;
  private smoothedMs: number | undefined;
  private timeouts = 0;
  private windowSize: number;
  private largest: number;
  /** No cut again before this time: one slow spell is one cut, not one per answer. */
  private calmUntil = 0;
  readonly cuts: PaceCut[] = [];
  private readonly slowReads: SlowRead[] = [];
  private readonly listeners: Array<(cut: PaceCut) => void> = [];
  private readonly windowListeners: Array<() => void> = [];
  /** Every HTTP request of the run goes through it: --max-rate, and the waits a rate limit asks. */
  readonly gate: RequestGate;

  constructor(opts: PaceOptions) {
    this.timeoutMs = opts.timeoutMs;
    this.startupTimeoutMs = Math.max(opts.startupTimeoutMs, opts.timeoutMs);
    this.ceiling = Math.max(1, opts.ceiling);
    this.windowSize = Math.min(this.ceiling, INITIAL_WINDOW);
    this.largest = this.windowSize;
    this.gate = new RequestGate(opts.maxRate !== undefined ? { maxRate: opts.maxRate } : {});
    // A target that asks us to slow down is a slowed target: fewer checks at once.
    this.gate.onLimited((why) => this.cut(why));
  }

  /**
   * Set while checks are tried again alone (runner.ts): the target then has nothing else to
   * do, and a retry waits at least twice --timeout.
   */
  retrying = false;

  /** How long to wait for an answer now: --timeout, or a few times the slowest answer seen. */
  patience(): number {
    const least = this.retrying ? 2 * this.timeoutMs : this.timeoutMs;
    return Math.min(Math.max(this.startupTimeoutMs, least), Math.max(least, Math.ceil(PATIENCE_FACTOR * this.slowestMs)));
  }

  /**
   * How long a new connection's opening request may wait: the startup timeout until a start
   * was measured, then a few times the slowest start (never less than patience()), so that a
   * check whose own connection is never answered does not wait the whole startup timeout.
   */
  openingPatience(): number {
    const slowestStart = this.slowestStartMs;
    if (slowestStart === 0) return this.startupTimeoutMs;
    return Math.min(this.startupTimeoutMs, Math.max(this.patience(), Math.ceil(PATIENCE_FACTOR * slowestStart)));
  }

  /** How many checks may run at once now. */
  get window(): number {
    return Math.floor(this.windowSize);
  }

  /** How long the target takes to answer these days: a smoothed recent answer time (0 before any). */
  get recentAnswerMs(): number {
    return Math.round(this.smoothedMs ?? 0);
  }

  /** How many starts were measured. */
  get startCount(): number {
    return this.startsMs.length;
  }

  /** The slowest start measured (0 before any). */
  get slowestStartMs(): number {
    return this.startsMs.length > 0 ? Math.max(...this.startsMs) : 0;
  }

  /** A start: spawned or connected `ms` before its opening request was answered. */
  noteStart(ms: number): void {
    this.startsMs.push(Math.round(ms));
  }

  /** An answer came `ms` after its request was sent (also one that came after our timeout). */
  noteAnswer(method: string, ms: number): void {
    if (UNPACED.has(method)) return;
    if (FENCES.has(method)) this.slowestFenceMs = Math.max(this.slowestFenceMs, ms);
    this.answerMs.push(ms);
    if (ms > this.slowestMs) {
      this.slowestMs = ms;
      this.slowestMethod = method;
    }
    this.quickestMs = Math.min(this.quickestMs, ms);
    this.smoothedMs = this.smoothedMs === undefined ? ms : this.smoothedMs + SMOOTHING * (ms - this.smoothedMs);
    if (this.smoothedMs > Math.max(SLOW_SHARE * this.timeoutMs, SLOW_RATIO * this.quickestMs)) {
      this.cut(`answers slowed down to about ${Math.round(this.smoothedMs)} ms (${method} took ${Math.round(ms)} ms)`);
    } else if (this.smoothedMs < Math.max(QUICK_SHARE * this.timeoutMs, QUICK_RATIO * this.quickestMs) && this.windowSize < this.ceiling) {
      // Below half the ceiling the window grows by one per quick answer, above by one per window.
      this.windowSize = Math.min(this.ceiling, this.windowSize + (this.windowSize < this.ceiling / 2 ? 1 : 1 / this.windowSize));
      this.largest = Math.max(this.largest, this.window);
      for (const l of this.windowListeners) l();
    }
  }

  /**
   * A message of `bytes` took `ms` to read, `busyMs` of which this process spent on it (the
   * event loop did nothing else meanwhile). Kept when it cost seconds (an observation, not a
   * finding); the busy time is not the target's, and is taken off the answers waiting meanwhile.
   */
  noteRead(method: string, bytes: number, ms: number, busyMs: number): void {
    this.ownBusyMs += busyMs;
    if (ms < SLOW_READ_MS) return;
    const seen = this.slowReads.find((r) => r.method === method);
    if (seen) {
      seen.count++;
      seen.slowestMs = Math.max(seen.slowestMs, Math.round(ms));
      seen.largestBytes = Math.max(seen.largestBytes, bytes);
    } else this.slowReads.push({ method, count: 1, slowestMs: Math.round(ms), largestBytes: bytes });
  }

  /** A request got no answer within its patience: counted; the answers say whether the target slowed down. */
  noteTimeout(): void {
    this.timeouts++;
  }

  /**
   * How long a session given back to the pool may take to answer its fence before it is thrown
   * away: a few times the recent answer time, at least FENCE_FLOOR_MS, at most patience().
   * Throwing away a session costs only a new one; waiting out a dead one holds up every check
   * waiting for a session.
   */
  fencePatience(): number {
    return Math.min(this.patience(), Math.max(FENCE_FLOOR_MS, FENCE_FACTOR * Math.max(this.recentAnswerMs, this.slowestFenceMs)));
  }

  /** Hear every cut (the console shows them). */
  onCut(listener: (cut: PaceCut) => void): void {
    this.listeners.push(listener);
  }

  /** Hear every widening (the check pool admits more). */
  onWiden(listener: () => void): void {
    this.windowListeners.push(listener);
  }

  summary(): PaceSummary {
    const sorted = [...this.answerMs].sort((a, b) => a - b);
    const rateLimited = this.gate.summary();
    return {
      timeoutMs: this.timeoutMs,
      startupTimeoutMs: this.startupTimeoutMs,
      ceiling: this.ceiling,
      finalWindow: this.window,
      largestWindow: this.largest,
      startsMs: [...this.startsMs],
      answers: {
        count: sorted.length,
        medianMs: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
        slowestMs: Math.round(this.slowestMs),
        ...(this.slowestMethod ? { slowestMethod: this.slowestMethod } : {}),
      },
      timeouts: this.timeouts,
      patienceMs: this.patience(),
      cuts: [...this.cuts],
      ...(this.slowReads.length > 0 ? { slowReads: this.slowReads.map((r) => ({ ...r })) } : {}),
      ...(this.gate.maxRate !== undefined ? { maxRate: this.gate.maxRate } : {}),
      ...(rateLimited ? { rateLimited } : {}),
    };
  }

  private cut(why: string): void {
    const now = performance.now();
    if (now < this.calmUntil || this.windowSize <= 1) return;
    const from = this.window;
    this.windowSize = Math.max(1, Math.floor(this.windowSize / 2));
    // Let the answers to what is already in flight come in before judging the new window.
    this.calmUntil = now + Math.max(this.smoothedMs ?? 0, this.timeoutMs / 2);
    const cut = { atMs: Math.round(now - this.started), from, to: this.window, why };
    this.cuts.push(cut);
    for (const l of this.listeners) l(cut);
  }
}
