// What a verifier writes a verdict with, and what it reads: the judge (a check's context, on
// either side), and the exchange (what was sent, and the answer, the error or the silence that
// came back, with its place on the wire). A server's reply and a client's answer in a recording
// are both exchanges, so one verifier judges either.
import type { Reply } from '../jsonrpc/types.js';
import type { Evidence, Verdict } from '../checks/check.js';
import type { SkipCode } from '../checks/skip.js';

/**
 * What a verifier needs of a check's context (both sides have it). Suites never call `fail` or
 * `warn` themselves (eslint.config.js): a verifier does, in one house style.
 */
export interface Judge {
  brief(value: unknown, max?: number): string;
  cite(...seqs: number[]): void;
  pass(note?: string): Verdict;
  fail(evidence: Evidence & { reason?: string }): Verdict;
  warn(evidence: Evidence & { reason?: string }): Verdict;
  skip(code: SkipCode, detail: string): Verdict;
}

/** One exchange: what was sent, in words, and what became of it. */
export interface Exchange {
  /** What was sent, for the evidence ("tools/call of an unknown tool"). */
  what: string;
  /** Its answer, or why there is none (timeout, closed, refused). */
  reply: Reply;
}

/** An exchange from a request's reply. */
export const exchange = (what: string, reply: Reply): Exchange => ({ what, reply });

/** The wire entry of an exchange's answer, where it is known. */
export function answerSeq(ex: Exchange): number | undefined {
  return 'seq' in ex.reply ? ex.reply.seq : undefined;
}
