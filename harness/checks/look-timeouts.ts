// Whether a look (a recording several checks judge, ctx.once) holds a request that got no answer
// in time. A check that only read such a look sent nothing that timed out itself, yet its
// verdict may rest on that silence (on a busy target, skills/list unanswered under load turned
// every Skills check into "nothing observed"): the runner tries it again alone, as it does a
// check whose discovery list went unanswered.

/** How many values of a look are looked at, at most: a look is small, a hostile answer need not be. */
const MAX_VISITS = 10_000;
const MAX_DEPTH = 6;

/**
 * True when a reply inside the look (any object with a string `kind`, see jsonrpc/types.ts Reply)
 * is a timeout. What a reply carries (a result, an error) is not looked into: it is the
 * target's, and can be large.
 */
export function lookHoldsTimeout(look: unknown): boolean {
  let visits = 0;
  const visit = (value: unknown, depth: number): boolean => {
    if (++visits > MAX_VISITS || depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
    if (Array.isArray(value)) return value.some((v) => visit(v, depth + 1));
    const kind = (value as { kind?: unknown }).kind;
    if (typeof kind === 'string') return kind === 'timeout';
    return Object.values(value).some((v) => visit(v, depth + 1));
  };
  return visit(look, 0);
}
