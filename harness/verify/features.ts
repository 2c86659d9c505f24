// Verifiers the server-feature checks share (tools, resources, prompts, utilities, and what a
// server asks of a client), beside those of index.ts. The lead adds this file to the index.
//
//   verifier             judges                                                     since
//   expectNoneOrDoubt    no item breaks the rule; items only in doubt warn, each     issue 38
//                        with its own reason, and only when none breaks it for sure
import type { Verdict } from '../checks/check.js';
import type { Judge } from './judge.js';
import { expectNone, type NoneOptions, type Violation } from './violations.js';

/** An item that breaks the rule, or (with `doubt`) may: the text leaves its case open. */
export interface MaybeViolation extends Violation {
  /** Why this item is only in doubt: it warns, with this reason, unless another fails. */
  doubt?: string;
}

/**
 * No item breaks the rule, where some items break it only in doubt (a toolChoice without tools,
 * a "token" parameter): the sure ones fail and are the evidence; when there are none, the
 * doubtful ones warn, with the first one's reason. Nothing at all: expectNone's pass or skip.
 */
export function expectNoneOrDoubt(judge: Judge, violations: readonly MaybeViolation[], opts: Omit<NoneOptions, 'doubt'>): Verdict {
  const sure = violations.filter((v) => !v.doubt);
  const doubt = violations[0]?.doubt;
  if (sure.length > 0 || !doubt) return expectNone(judge, sure, opts);
  return expectNone(judge, violations, { ...opts, doubt });
}

/** The violations with only the first `n` keeping their frames: the evidence cites a few, not hundreds. */
export function citingFirst<T extends Violation>(violations: readonly T[], n = 5): T[] {
  return violations.map((v, i) => {
    if (i < n || v.seq === undefined) return v;
    const { seq: _uncited, ...rest } = v;
    return rest as T;
  });
}
