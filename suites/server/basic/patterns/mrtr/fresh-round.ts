// basic/patterns/mrtr: a fresh first round of a request that asks for input, for a check to retry
// its own way, and what the checks ask of that round.
import type { CheckContext } from '../../../../../harness/checks/check.js';
import type { Reply } from '../../../../../harness/jsonrpc/types.js';
import type { Session } from '../../../../../harness/sessions/session.js';
import type { Json } from '../../../../../harness/rules/json.js';
import { ASK_ALL, answerable, inputRequestsOf, isInputRequired, mrtrSession, resultOf, survey, type Target } from '../../../../../harness/target/mrtr-plan.js';

/** A fresh first round on a session that declares everything: the InputRequiredResult to retry. */
interface Round {
  session: Session;
  target: Target;
  first: Json;
  state?: string;
}

/**
 * The first target (of the survey) whose fresh InputRequiredResult passes `fit`, asked again
 * on an own session; a string is why there is none (the check skips with it).
 */
export async function freshRound(ctx: CheckContext, fit: (first: Json) => boolean, want: string): Promise<Round | string> {
  const s = await survey(ctx);
  if (s.targets.length === 0) return `no request asked for input (${s.tried})`;
  const session = await mrtrSession(ctx, ASK_ALL);
  for (const { target } of s.targets.filter((t) => fit(t.first.result))) {
    const first = resultOf(await session.request(target.method, target.params));
    if (!isInputRequired(first) || !fit(first)) continue;
    return { session, target, first, ...(typeof first.requestState === 'string' ? { state: first.requestState } : {}) };
  }
  return `none of the ${s.targets.length} request(s) that ask for input (${s.targets.map((t) => t.target.label).join(', ')}) ${want}`;
}

export const withState = (first: Json) => typeof first.requestState === 'string';
export const withRequests = (first: Json) => Object.keys(inputRequestsOf(first)).length > 0;
// Checks that answer the input requests need requests a client can answer (see answerable).
export const withStateToAnswer = (first: Json) => withState(first) && answerable(first);
export const withRequestsToAnswer = (first: Json) => withRequests(first) && answerable(first);
export const completes = (reply: Reply) => reply.kind === 'result' && !isInputRequired(reply.result);
