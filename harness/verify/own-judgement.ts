// The one escape hatch: a check whose rule no verifier states (an order of events across
// streams, a comparison of two runs) judges it itself, and still writes its verdict here, in the
// house style of every verifier. `why` says why no verifier fits; keep the uses few, and prefer
// adding a verifier when two checks need the same judgement.
import type { Verdict } from '../checks/check.js';
import { broken } from './answers.js';
import type { Judge } from './judge.js';

export interface OwnOutcome {
  /** Undefined: the rule holds. Otherwise what was expected and what was seen. */
  broken?: { expected: string; actual: string; reason?: string };
  /** What a pass says it saw. */
  note?: string;
  /** The rule is in doubt here: a break warns, with this reason. */
  doubt?: string;
}

export function ownJudgement(judge: Judge, outcome: OwnOutcome, why: string): Verdict {
  void why;
  if (!outcome.broken) return judge.pass(outcome.note);
  const { expected, actual, reason } = outcome.broken;
  return broken(judge, expected, actual, { ...(reason ? { reason } : {}), ...(outcome.doubt ? { doubt: outcome.doubt } : {}) });
}
