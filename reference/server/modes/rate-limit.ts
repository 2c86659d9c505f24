// --rate-limit N (HTTP): the server takes at most N requests in any second, all connections and
// endpoints together, as a deployed server behind a rate limiter does; every request past that
// gets `429 Too Many Requests` with `Retry-After: 1` and a text/plain body, before it is read
// (RFC 6585 §4: "The response representations SHOULD include details explaining the condition,
// and MAY include a Retry-After header indicating how long to wait before making a new request").
// A refused request does not count toward the limit. Conformant: a rate limit is no MCP rule.
// For the tests, the mode keeps what arrived: when, and whether it came before the Retry-After of
// the latest 429 passed (and later than the requests already on their way when it went out),
// served as JSON at STATS_PATH (itself not limited, not counted).
// Acts in route (http.ts), before anything else looks at a request.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ModeError, type Mode } from './mode.js';

/** Where the tests read what the mode saw. */
export const STATS_PATH = '/_reference/rate-limit';
/** The window the limit counts in, and the wait a 429 asks for (Retry-After: 1). */
const WINDOW_MS = 1000;
/**
 * A request that arrives this soon after a 429 went out was on its way before the client could
 * have read it: no sign of a client that ignores Retry-After.
 */
const IN_FLIGHT_MS = 250;
const MAX_KEPT = 100_000;

let limit = 0;

export const RATE_LIMIT: Mode = {
  flag: '--rate-limit',
  arg: 'N',
  httpOnly: true,
  summary: 'take at most N requests a second (the whole server); more get 429 with Retry-After: 1',
  enable: (value) => {
    if (!/^\d+$/.test(value) || Number(value) < 1) throw new ModeError(`--rate-limit wants requests per second (a positive integer), not "${value}"`);
    limit = Number(value);
  },
};

/** What the mode saw (times in ms, performance.now() of the server's thread). */
interface Stats {
  limit: number;
  /** Every request that arrived, accepted or refused. */
  arrivals: number[];
  /** The times of the accepted ones. */
  accepted: number[];
  /** 429s sent. */
  limited: number;
  /** Requests that arrived after a 429 was out for IN_FLIGHT_MS and before its Retry-After passed. */
  early: number;
}

const stats: Stats = { limit: 0, arrivals: [], accepted: [], limited: 0, early: 0 };
/** Accepted requests in the current window (their times, oldest first). */
const recent: number[] = [];
let lastLimitedAt = Number.NEGATIVE_INFINITY;
let retryAfterEnds = Number.NEGATIVE_INFINITY;

/**
 * Counts the request and, past the limit, answers it with 429: true when it was answered (or
 * was the stats request), so the caller stops there.
 */
export function rateLimited(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (limit === 0) return false;
  if (path === STATS_PATH) {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ...stats, limit }));
    return true;
  }
  const now = performance.now();
  if (stats.arrivals.length < MAX_KEPT) stats.arrivals.push(now);
  if (now < retryAfterEnds && now - lastLimitedAt > IN_FLIGHT_MS) stats.early++;
  while (recent.length > 0 && (recent[0] as number) <= now - WINDOW_MS) recent.shift();
  if (recent.length < limit) {
    recent.push(now);
    if (stats.accepted.length < MAX_KEPT) stats.accepted.push(now);
    return false;
  }
  stats.limited++;
  lastLimitedAt = now;
  retryAfterEnds = now + WINDOW_MS;
  req.resume();
  res.writeHead(429, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(WINDOW_MS / 1000) });
  res.end(`Too Many Requests: this server takes at most ${limit} requests a second; retry after ${WINDOW_MS / 1000} s\n`);
  return true;
}
