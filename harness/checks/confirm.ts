// A timeout is evidence only when confirmed alone. A check whose fail, warn or error may rest on
// "no answer came within N ms" (one of its requests timed out, its verdict says so, or the
// harness could not decide), or that skipped as inconclusive (the timing of its exchange decided
// nothing: a tool answered before it could be cancelled), is run again once the others are done,
// with nothing else in flight on the target and the patience a retry gets (pacing/pace.ts); only
// what holds then is reported, and the result shows both attempts. A skip for want of an answer
// is tried again too (the answer may have been late), unless the method it waited for already
// got no answer alone for another check: then the target does not answer it, and waiting again
// would only stretch the run.
import type { WireEntry } from '../wire-log.js';
import type { CheckResult } from './result.js';

/** Verdict texts that say a wait ran out (the peer's, the transports', the checks' own). */
const WAIT_RAN_OUT = /\bwithin \d+ ?ms\b|\bdid not finish\b|\bno (?:answer|response)\b|\btimed? ?out\b/i;

/** Might this result be the run's own load rather than the target's doing? */
export function restsOnTimeout(result: CheckResult, aRequestTimedOut: boolean, readUnansweredList = false): boolean {
  if (result.status === 'error') return true;
  // A skip may lack its precondition only because a discovery list it read got no answer.
  if (result.status === 'skip') return readUnansweredList || result.skipCode === 'inconclusive' || result.skipCode === 'no-answer' || WAIT_RAN_OUT.test(result.reason ?? '');
  if (result.status !== 'fail' && result.status !== 'warn') return false;
  return aRequestTimedOut || WAIT_RAN_OUT.test(`${result.actual ?? ''} ${result.reason ?? ''}`);
}

/** The methods whose requests got no answer in time, from the peer's wire events. */
export function unansweredMethods(entries: readonly WireEntry[]): Set<string> {
  const methods = new Set<string>();
  for (const e of entries) {
    const m = e.dir === 'event' ? /^no response to (\S+) \(id /.exec(e.text) : null;
    if (m?.[1]) methods.add(m[1]);
  }
  return methods;
}

/** One line of what an attempt came to. */
function said(r: CheckResult): string {
  return `${r.status}${r.actual ? `: ${r.actual}` : r.reason ? `: ${r.reason}` : ''}`;
}

/**
 * The result to report: the second attempt's (made alone), with the first one's outcome beside
 * it and both wire excerpts. `crowd`: how many checks were in flight with the first.
 */
export function confirmedAlone(first: CheckResult, second: CheckResult, crowd: number): CheckResult {
  const firstTry = `with ${crowd} check${crowd === 1 ? '' : 's'} in flight, the first attempt got ${said(first)}`;
  const bySeq = new Map([...(first.wire ?? []), ...(second.wire ?? [])].map((e) => [e.seq, e]));
  const wire = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  const outcome = second.status === first.status ? 'confirmed when tried again alone' : `tried again alone: ${second.status}`;
  const reason = second.reason ? `${second.reason} (${outcome}; ${firstTry})` : `${outcome}; ${firstTry}`;
  return {
    ...second,
    reason,
    firstAttempt: { status: first.status, detail: said(first), durationMs: first.durationMs },
    durationMs: first.durationMs + second.durationMs,
    ...(wire.length > 0 && second.status !== 'pass' && second.status !== 'skip' ? { wire } : {}),
  };
}
