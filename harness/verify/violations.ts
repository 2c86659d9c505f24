// The verifier of a rule over many items (every tool, every page, every message of a run): the
// check states what each must be and gathers the violations it saw; the verifier judges. None,
// and something was judged: a pass that says how much. None, and nothing was there to judge: a
// skip with its code (never a pass). Some: a failure (a warn where the rule is in doubt) that
// shows the first few and counts the rest, citing their frames.
import type { Verdict } from '../checks/check.js';
import type { SkipCode } from '../checks/skip.js';
import { broken } from './answers.js';
import type { Judge } from './judge.js';

/** One item that breaks the rule: what is wrong with it, and its frame, where known. */
export interface Violation {
  text: string;
  seq?: number;
}

export interface NoneOptions {
  /** What every item must be ("ttlMs and cacheScope on each list result"). */
  expected: string;
  /** How many items were judged. 0: nothing was (a skip, see `nothing`); absent: not counted. */
  judged?: number;
  /** What a pass says it saw (default: how many items were judged). */
  note?: string;
  /** Why nothing was judged, when `judged` is 0 (default: nothing-observed). */
  nothing?: { code: SkipCode; detail: string };
  /** How many violations the evidence shows (default 3). */
  show?: number;
  /** The rule is in doubt here: a break warns, with this reason. */
  doubt?: string;
  /** Said beside a failure (what was sent to provoke it, a caveat). */
  reason?: string;
}

/** The items that break the rule, in one line: the first few, and how many in all. */
export function violationsLine(violations: readonly (string | Violation)[], show = 3): string {
  const texts = violations.map((v) => (typeof v === 'string' ? v : v.text));
  if (texts.length === 1) return texts[0] ?? '';
  const more = texts.length > show ? `; and ${texts.length - show} more` : '';
  return `${texts.length} violations: ${texts.slice(0, show).join('; ')}${more}`;
}

/** No item breaks the rule. */
export function expectNone(judge: Judge, violations: readonly (string | Violation)[], opts: NoneOptions): Verdict {
  if (violations.length === 0) {
    if (opts.judged === 0) return judge.skip(opts.nothing?.code ?? 'nothing-observed', opts.nothing?.detail ?? `nothing to judge: ${opts.expected}`);
    return judge.pass(opts.note ?? (opts.judged !== undefined ? `${opts.judged} judged` : undefined));
  }
  judge.cite(...violations.flatMap((v) => (typeof v !== 'string' && v.seq !== undefined ? [v.seq] : [])));
  return broken(judge, opts.expected, violationsLine(violations, opts.show), { ...(opts.doubt ? { doubt: opts.doubt } : {}), ...(opts.reason ? { reason: opts.reason } : {}) });
}
