// Why a check did not judge: a code from a closed set, plus a detail in words. A skip is never a
// pass; its code says what kind of "not judged" it is, so that a report can count the skips a
// user can act on (a tool they did not allow) apart from those that are the target's business
// (a capability it does not declare) or the run's (no answer came).

export const SKIP_CODES = {
  'not-declared': 'the target does not declare the capability or feature the rule is about',
  'not-offered': 'the target offers nothing of the kind to exercise (an optional feature it does not use)',
  'not-allowed': 'the user did not allow what it needs (--call-tools, --no-fuzz, a token only the user can give)',
  'not-applicable': 'the rule does not apply to this target as it is (a stateless server has no sessions, a single-era server no dual-era rules)',
  'capabilities-unknown': 'what the target declares is not known, so nothing can be judged against it',
  'cannot-set-up': 'a step the check needs was refused or failed, so the rule could not be exercised',
  'nothing-observed': 'what the rule is about never happened in this run',
  'no-answer': 'the exchange got no answer: there is nothing to judge (whether the target answers at all is the timeout handling\'s)',
  inconclusive: 'the timing decided nothing (a race the spec allows either way)',
} as const;

export type SkipCode = keyof typeof SKIP_CODES;

export const isSkipCode = (s: unknown): s is SkipCode => typeof s === 'string' && s in SKIP_CODES;

/**
 * The code and detail of a skip given as one sentence: "code: detail" names its code; any other
 * sentence is taken as not applicable, the least telling code.
 */
export function parseSkip(reason: string): { code: SkipCode; detail: string } {
  const m = /^([a-z-]+): (.*)$/s.exec(reason);
  if (m && isSkipCode(m[1])) return { code: m[1], detail: m[2] ?? '' };
  return { code: 'not-applicable', detail: reason };
}
