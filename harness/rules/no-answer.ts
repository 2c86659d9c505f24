// No answer is not a shape. A check about the shape of an answer (its code, its fields, its
// order) never fails for the lack of one: on a busy machine an answer can come after the
// timeout, and what did not come shows nothing about its shape. Such a check skips and says so.
// Whether a target answers at all is the harness's timeout handling (it retries such an
// exchange alone, with a patience set by the target's pace): a check about answering at all
// may fail on a timeout, and says in its reason that the harness's timeout decided it.
import { describeReply, type Reply } from '../jsonrpc/types.js';

export type Unanswered = Extract<Reply, { kind: 'timeout' | 'closed' }>;

/** Nothing answered: no response in time, or the connection ended first. */
export const unanswered = (reply: Reply | undefined): reply is Unanswered => reply?.kind === 'timeout' || reply?.kind === 'closed';

/** The reason of a shape check's skip when `what` got no answer. */
export function noShapeToJudge(what: string, reply: Reply): string {
  return `${what} got no answer (${describeReply(reply)}): no answer to judge, and whether the server answers at all is left to the harness's timeout handling`;
}

/** The reason beside the failure of a check about answering at all, when nothing answered. */
export const DECIDED_BY_TIMEOUT = "nothing answered in the time the harness allows this target: this check is about answering at all, so the harness's timeout handling decides it";
