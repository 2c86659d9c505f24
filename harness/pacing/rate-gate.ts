// Rate limits are pace, never findings (design.md "Pacing and liveness"). A deployed server that
// answers HTTP 429 Too Many Requests (RFC 6585 §4), or 503 Service Unavailable with Retry-After
// (RFC 9110 §15.6.4), says nothing about the request it refused: it asks the client to come back
// later. So the HTTP transports send every request through the run's one gate:
//   - the gate spaces the requests of every connection together to --max-rate (requests per
//     second), when the user set one (a leaky bucket: one request every 1/rate s, in order);
//   - a rate-limit answer is not handed to the check: the gate pauses every request of the run
//     (the limit is the server's, not one connection's) for the wait it asks, `Retry-After` in
//     seconds or an HTTP date (RFC 9110 §10.2.3), or without it a backoff from 1 s, doubling,
//     capped; the pace cuts its window as for a slowed target; and the very same request (same
//     body, same headers: no new JSON-RPC request) is sent again;
//   - from the first rate limit on, the gate also sends no faster than the server took requests
//     in the second before it (a tenth less), and a little faster (one request a second more)
//     each second no rate limit comes: additive increase, multiplicative decrease, as TCP does.
//     Without it, every pause's end would send the whole window at once into the same limit;
//   - after RATE_LIMIT_TRIES answers, or when the wait would pass the request's own deadline,
//     the check gets the answer as it is and judges it as any other (the others still wait).
// Every wait is an event on the wire log, and counted in report.json's `pace.rateLimited`.

/** The most times one request is sent while it is answered with a rate limit. */
export const RATE_LIMIT_TRIES = 5;
/** Without Retry-After, a 429's wait: 1 s, then doubling per try, at most BACKOFF_CAP_MS. */
const BACKOFF_FIRST_MS = 1000;
const BACKOFF_CAP_MS = 8000;
/** A wait is worth it only when this share of the request's deadline is left for the answer afterwards (at most MARGIN_CAP_MS). */
const MARGIN_SHARE = 0.2;
const MARGIN_CAP_MS = 1000;
/** After a rate limit, the rate learned is this share of the requests taken in the second before. */
const DECREASE = 0.9;
const SECOND_MS = 1000;

/** What report.json records of the rate limits met (pace.rateLimited). */
export interface RateLimitSummary {
  /** Rate-limit answers received (429, or 503 with Retry-After), the ones handed on included. */
  answers: number;
  /** All the waits they caused, together. */
  waitedMs: number;
  /** The longest wait a Retry-After asked for (0 when none said). */
  longestRetryAfterMs: number;
  /** Answers handed to their check as they were: out of tries, or the wait would pass the deadline. */
  handedOn: number;
}

/**
 * The wait a Retry-After value asks for, in ms (RFC 9110 §10.2.3: `delay-seconds` or an
 * HTTP-date); undefined when it is neither. A date is taken against the answer's own Date
 * header when it has one (the server's clock), else against ours; a date past is 0.
 */
export function parseRetryAfter(value: string | undefined, date?: string, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must accept: Date.parse reads all three.
  if (!/[a-z]/i.test(v)) return undefined;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  const base = date !== undefined && !Number.isNaN(Date.parse(date)) ? Date.parse(date) : now;
  return Math.max(0, at - base);
}

/**
 * Whether an answer is a rate limit, and how long it asks to wait before try `attempt + 1`:
 * 429 (with Retry-After, or a backoff without it), or 503 with a readable Retry-After (a 503
 * without one is an outage, which the check judges). Undefined for everything else.
 */
export function rateLimitWait(status: number, headers: Record<string, string | string[] | undefined>, attempt: number): { waitMs: number; retryAfterMs?: number } | undefined {
  if (status !== 429 && status !== 503) return undefined;
  const one = (name: string) => {
    const v = headers[name] ?? headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  };
  const retryAfterMs = parseRetryAfter(one('retry-after'), one('date'));
  if (retryAfterMs !== undefined) return { waitMs: retryAfterMs, retryAfterMs };
  if (status === 503) return undefined;
  return { waitMs: Math.min(BACKOFF_CAP_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempt - 1)) };
}

export interface RequestGateOptions {
  /** --max-rate: the most requests per second sent to the target, every connection together. */
  maxRate?: number;
}

/** An answer as the gate needs to see it (undici's ResponseData has these). */
interface GatedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: { dump(opts?: { limit: number }): Promise<void> };
}

/** How one request goes through the gate. */
export interface GateRequest {
  /** The request's label on the wire log (e.g. "POST#3"). */
  label: string;
  /** Records a harness event on the connection's wire log. */
  record: (text: string) => void;
  /** Ends every wait (the request was aborted: its timer, or the transport closing). */
  signal: AbortSignal;
  /** The request's own deadline (performance.now()): no wait is begun that would pass it. */
  deadline: number;
  /** false: the answer is the check's whatever it is (nothing is sent again). */
  retry?: boolean;
}

export class RequestGate {
  readonly maxRate: number | undefined;
  /** Spacing between requests under --max-rate (0: none). */
  private readonly intervalMs: number;
  /** When the next request may go under --max-rate (performance.now()). */
  private nextSlot = 0;
  /** When the last turn was given (performance.now()). */
  private lastTurnAt = Number.NEGATIVE_INFINITY;
  /** No request goes before this (performance.now()): a rate limit asked to wait. */
  private pausedUntil = 0;
  /** Requests a second learned from the server's rate limits (undefined: none met yet). */
  private learnedRate: number | undefined;
  /** When the requests answered without a rate limit were sent, over the last second. */
  private readonly taken: number[] = [];
  private lastLimitAt = Number.NEGATIVE_INFINITY;
  private readonly counts: RateLimitSummary = { answers: 0, waitedMs: 0, longestRetryAfterMs: 0, handedOn: 0 };
  private readonly limitListeners: Array<(why: string) => void> = [];

  constructor(opts: RequestGateOptions = {}) {
    this.maxRate = opts.maxRate !== undefined && opts.maxRate > 0 ? opts.maxRate : undefined;
    this.intervalMs = this.maxRate ? 1000 / this.maxRate : 0;
  }

  /** Hear every rate limit waited for (the pace cuts its window). */
  onLimited(listener: (why: string) => void): void {
    this.limitListeners.push(listener);
  }

  /**
   * Wait for this request's turn: the end of a rate limit's pause, and its slot under --max-rate.
   * Turns are given in the order asked. Resolves at once when nothing holds it; rejects when
   * `signal` aborts first.
   */
  async turn(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = performance.now();
      const at = Math.max(now, this.pausedUntil, this.nextSlot);
      const interval = this.interval();
      if (interval > 0) this.nextSlot = at + interval;
      if (at > now) await sleep(at - now, signal);
      // A rate limit met meanwhile moved the pause: wait for its end too (taking a new slot).
      if (performance.now() < this.pausedUntil) continue;
      // On a busy machine timers fire late, and turns whose slots fell due during the stall
      // would all go at once: each goes one interval after the turn given before it.
      for (;;) {
        const gap = Math.max(this.lastTurnAt + this.interval(), this.pausedUntil) - performance.now();
        if (gap <= 0) break;
        await sleep(gap, signal);
      }
      this.lastTurnAt = performance.now();
      return;
    }
  }

  /** The spacing between requests now: --max-rate's, or the rate learned from rate limits when slower. */
  private interval(): number {
    return Math.max(this.intervalMs, this.learnedRate ? SECOND_MS / this.learnedRate : 0);
  }

  /**
   * Send a request through the gate: `send` makes one try (the same request each time), and
   * its answer comes back unless it is a rate limit worth waiting for, which is waited out and
   * tried again. The last answer is returned as it is; rejects as `send` does or on abort.
   */
  async send<T extends GatedAnswer>(req: GateRequest, send: () => Promise<T>): Promise<T> {
    const begun = performance.now();
    const margin = Math.min(MARGIN_CAP_MS, MARGIN_SHARE * Math.max(0, req.deadline - begun));
    for (let attempt = 1; ; attempt++) {
      await this.turn(req.signal);
      const sentAt = performance.now();
      const res = await send();
      const wait = req.retry === false ? undefined : rateLimitWait(res.statusCode, res.headers, attempt);
      if (!wait) {
        this.noteTaken(sentAt);
        return res;
      }
      this.counts.answers++;
      this.learn();
      if (wait.retryAfterMs !== undefined) this.counts.longestRetryAfterMs = Math.max(this.counts.longestRetryAfterMs, wait.retryAfterMs);
      const said = wait.retryAfterMs !== undefined ? ` (Retry-After: ${String(res.headers['retry-after'])})` : ' (no Retry-After)';
      const why = `HTTP ${res.statusCode}${said}`;
      const left = req.deadline - performance.now();
      if (attempt >= RATE_LIMIT_TRIES || wait.waitMs + margin > left) {
        this.counts.handedOn++;
        // The server's wait holds for every other request all the same (a bounded one: a long
        // Retry-After would only make them time out, and each judges its own answer then).
        if (wait.waitMs <= BACKOFF_CAP_MS) this.pausedUntil = Math.max(this.pausedUntil, performance.now() + wait.waitMs);
        const because = attempt >= RATE_LIMIT_TRIES ? `after ${attempt} tries` : `waiting ${wait.waitMs} ms would pass the request's deadline (${Math.max(0, Math.round(left))} ms left)`;
        req.record(`${req.label} rate-limited: ${why}; ${because}, the answer goes to the check as it is`);
        return res;
      }
      // The pause begins the moment the answer is in: no other request goes while its body is read.
      this.pausedUntil = Math.max(this.pausedUntil, performance.now() + wait.waitMs);
      this.counts.waitedMs += wait.waitMs;
      // The refusal's body is nobody's: read it off (a little) so the socket can serve again.
      await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const pace = this.learnedRate ? `, then at most ${Math.round(this.learnedRate * 10) / 10} a second` : '';
      req.record(`${req.label} rate-limited: ${why}; every request waits ${wait.waitMs} ms${pace}, and this one is sent again as it was (try ${attempt + 1} of ${RATE_LIMIT_TRIES})`);
      for (const l of this.limitListeners) l(`rate-limited: ${why} to ${req.label}`);
      await sleep(wait.waitMs, req.signal);
    }
  }

  /** A request went through: remembered for a second; a second without a rate limit lets the learned rate grow. */
  private noteTaken(sentAt: number): void {
    const now = performance.now();
    this.taken.push(sentAt);
    while (this.taken.length > 0 && (this.taken[0] as number) <= now - SECOND_MS) this.taken.shift();
    // One more a second per second: each of the ~rate requests of a second adds 1/rate.
    if (this.learnedRate !== undefined && now - this.lastLimitAt > SECOND_MS) this.learnedRate += 1 / this.learnedRate;
  }

  /** A rate limit: from now on, a tenth less than what the server took in the second before (once per spell of limits). */
  private learn(): void {
    const now = performance.now();
    // Nothing taken in the second before (the first request was refused): nothing to learn from.
    const took = this.taken.filter((t) => t > now - SECOND_MS).length;
    if (now - this.lastLimitAt > SECOND_MS && took > 0) this.learnedRate = Math.max(1, DECREASE * took);
    this.lastLimitAt = now;
  }

  /** What report.json keeps (pace.rateLimited); undefined when no rate limit was met. */
  summary(): RateLimitSummary | undefined {
    return this.counts.answers > 0 ? { ...this.counts, waitedMs: Math.round(this.counts.waitedMs) } : undefined;
  }

  /** Rate limits met so far (0: none). */
  get limitedAnswers(): number {
    return this.counts.answers;
  }
}

/** Wait `ms`, or until `signal` aborts (then reject with its reason, as an aborted request does). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      done();
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, Math.max(0, Math.ceil(ms)));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
