// Verifiers the utility checks share (cancellation, progress, tasks; logging may use them too):
// a request that must be answered at all (the fence after a cancellation, tasks/result once the
// task ended), several rules judged in turn on one run, and the skip code of a reason a harness
// planner (tool-plan.ts, task-plan.ts, tool-calls.ts) gives as a sentence.
import { describeReply } from '../jsonrpc/types.js';
import { DECIDED_BY_TIMEOUT } from '../rules/no-answer.js';
import { isSkipCode, type SkipCode } from '../checks/skip.js';
import type { Verdict } from '../checks/check.js';
import { broken, replyLine } from './answers.js';
import { answerSeq, type Exchange, type Judge } from './judge.js';

export interface AnsweredOptions {
  /** What the rule owes, in words (default: "an answer (a result or an error)"). */
  expected?: string;
  /** The rule is in doubt here: a break warns, with this reason. */
  doubt?: string;
  /** What a pass says it saw (default: the answer in one line). */
  note?: string;
}

/**
 * An answer of either kind, where answering at all is the rule (a server that keeps working
 * answers the next request; tasks/result answers once its task has ended). Silence breaks it,
 * and a timeout says the harness's timeout decided it.
 */
export function expectAnswered(judge: Judge, ex: Exchange, opts: AnsweredOptions = {}): Verdict {
  const seq = answerSeq(ex);
  if (seq !== undefined) judge.cite(seq);
  if (ex.reply.kind === 'result' || ex.reply.kind === 'error') return judge.pass(opts.note ?? `${ex.what}: ${replyLine(judge, ex.reply)}`);
  const reason = ex.reply.kind === 'timeout' ? { reason: DECIDED_BY_TIMEOUT } : {};
  return broken(judge, `${ex.what}: ${opts.expected ?? 'an answer (a result or an error)'}`, describeReply(ex.reply), { ...reason, ...(opts.doubt ? { doubt: opts.doubt } : {}) });
}

/**
 * Several rules on one run, judged in turn: the first verdict that is not a pass (a break, or a
 * skip for want of what a later rule needs) is the check's; all pass: a pass that says `note`
 * (undefined: the last rule's pass). Each rule is a verifier call, made only once those before
 * it passed.
 */
export function inTurn(judge: Pick<Judge, 'pass'>, note: string | undefined, ...rules: (() => Verdict)[]): Verdict {
  let last: Verdict = judge.pass(note);
  for (const rule of rules) {
    last = rule();
    if (last.status !== 'pass') return last;
  }
  return note === undefined ? last : judge.pass(note);
}

/**
 * The planners' sentences, and the closed code each is (the planners predate the codes; until
 * they return one, their templates are read here).
 */
const PLAN_REASONS: [RegExp, SkipCode][] = [
  // tool-calls.ts noSafeTool, task-plan.ts taskTools; tool-plan.ts planToolCalls.
  [/^no-safe-tool: /, 'not-allowed'],
  [/^no tool the user allowed\b/, 'not-allowed'],
  // task-plan.ts taskTools; tool-calls.ts listedTools.
  [/^no listed tool declares\b/, 'not-offered'],
  [/^no tools listed\b/, 'not-offered'],
  // tool-plan.ts planToolCalls, task-plan.ts taskTools: the arguments generator gave up.
  [/^no valid arguments\b/, 'cannot-set-up'],
];

/** The code a planner's reason names ("code: detail") or its template is, with its detail; undefined: unknown. */
function knownReason(reason: string): Unjudged | undefined {
  const named = /^([a-z-]+): (.*)$/s.exec(reason);
  if (named && isSkipCode(named[1])) return { code: named[1], detail: named[2] ?? '' };
  const code = PLAN_REASONS.find(([re]) => re.test(reason))?.[1];
  return code ? { code, detail: reason.replace(/^no-safe-tool: /, '') } : undefined;
}

/** Why nothing was judged, as a skip code and a detail. */
export interface Unjudged {
  code: SkipCode;
  detail: string;
}

/** A planner's reason as a skip code and a detail; an unknown sentence: the planner could not make what the check needs. */
export const planReason = (reason: string): Unjudged => knownReason(reason) ?? { code: 'cannot-set-up', detail: reason };

/** The skip for a planner's reason (`lead`: what the check wanted, "nothing to cancel"). */
export function planSkip(judge: Pick<Judge, 'skip'>, reason: string, lead?: string): Verdict {
  const { code, detail } = planReason(reason);
  return judge.skip(code, lead ? `${lead}: ${detail}` : detail);
}

/**
 * A planner's skip (tool-calls.ts listedTools, noSafeTool) under the right code: they skip with a
 * sentence, which parses as not-applicable.
 */
export function planUnjudged(skip: Extract<Verdict, { status: 'skip' }>): Unjudged {
  if (skip.code !== undefined && skip.code !== 'not-applicable') return { code: skip.code, detail: skip.reason };
  return knownReason(skip.reason) ?? { code: skip.code ?? 'not-applicable', detail: skip.reason };
}

/** A planner's verdict with its skip under the right code (planUnjudged). */
export function planVerdict(judge: Pick<Judge, 'skip'>, verdict: Verdict): Verdict {
  if (verdict.status !== 'skip') return verdict;
  const { code, detail } = planUnjudged(verdict);
  return judge.skip(code, detail);
}
