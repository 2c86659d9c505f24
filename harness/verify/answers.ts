// Verifiers of one exchange's answer, in h2spec's manner: a check states the rule (which answer
// is owed, which codes by name, which shape) and the verifier reads the reply, cites its frame,
// and writes expected and actual in one line each. No answer is never a shape: a verifier about
// an answer's shape skips with `no-answer` (the harness retries such exchanges alone, with the
// target's patience), unless the rule is about answering at all (`answerIsTheRule`), when
// silence fails and says the timeout decided it.
import { describeReply, type Reply } from '../jsonrpc/types.js';
import { codeLabel, ErrorCode, type ErrorCodeName } from '../rules/error-codes.js';
import { DECIDED_BY_TIMEOUT, noShapeToJudge, unanswered } from '../rules/no-answer.js';
import { isObject } from '../rules/json.js';
import type { Verdict } from '../checks/check.js';
import { answerSeq, type Exchange, type Judge } from './judge.js';

export { DECIDED_BY_TIMEOUT };

export interface AnswerOptions {
  /** Silence breaks the rule itself (a MUST to answer): fail instead of skipping. */
  answerIsTheRule?: boolean;
  /**
   * The rule is doubtful here (a case the standards leave open, a SHOULD the text implies):
   * a break warns, with this reason, and never fails the run.
   */
  doubt?: string;
}

/** One line of what came back. */
export function replyLine(judge: Pick<Judge, 'brief'>, reply: Reply): string {
  if (reply.kind === 'result') return `a result: ${judge.brief(reply.result, 200)}`;
  if (reply.kind === 'error') return `error ${codeLabel(reply.error?.code)} ${judge.brief(String(reply.error?.message ?? ''), 120)}`;
  return describeReply(reply);
}

/** A broken rule, in the house style: a fail, or a warn where the rule is in doubt. */
export function broken(judge: Judge, expected: string, actual: string, opts: { reason?: string; doubt?: string } = {}): Verdict {
  const reason = [opts.doubt, opts.reason].filter(Boolean).join('; ');
  const evidence = { expected, actual, ...(reason ? { reason } : {}) };
  return opts.doubt ? judge.warn(evidence) : judge.fail(evidence);
}

/** Silence: a skip for a shape rule, a failure for a rule about answering at all. */
function noAnswer(judge: Judge, ex: Exchange, expected: string, opts: AnswerOptions): Verdict {
  if (opts.answerIsTheRule) return broken(judge, expected, describeReply(ex.reply), { reason: DECIDED_BY_TIMEOUT, ...(opts.doubt ? { doubt: opts.doubt } : {}) });
  return judge.skip('no-answer', noShapeToJudge(ex.what, ex.reply));
}

const numbers = (codes: readonly ErrorCodeName[]): number[] => codes.map((c) => ErrorCode[c]);

/** An error answer whose code is one of `codes` (the first is the one the rule names). */
export function expectError(judge: Judge, ex: Exchange, codes: readonly ErrorCodeName[], opts: AnswerOptions = {}): Verdict {
  const wanted = numbers(codes);
  const expected = `${ex.what}: an error with code ${wanted.map(codeLabel).join(' or ')}`;
  const seq = answerSeq(ex);
  if (seq !== undefined) judge.cite(seq);
  if (unanswered(ex.reply)) return noAnswer(judge, ex, expected, opts);
  if (ex.reply.kind === 'error' && wanted.includes(ex.reply.error.code)) return judge.pass(`${ex.what}: error ${codeLabel(ex.reply.error.code)}`);
  return broken(judge, expected, replyLine(judge, ex.reply), opts);
}

/** Any error answer (the rule names no code). */
export function expectAnyError(judge: Judge, ex: Exchange, opts: AnswerOptions = {}): Verdict {
  const expected = `${ex.what}: an error`;
  const seq = answerSeq(ex);
  if (seq !== undefined) judge.cite(seq);
  if (unanswered(ex.reply)) return noAnswer(judge, ex, expected, opts);
  if (ex.reply.kind === 'error') return judge.pass(`${ex.what}: error ${codeLabel(ex.reply.error.code)}`);
  return broken(judge, expected, replyLine(judge, ex.reply), opts);
}

export interface ResultOptions extends AnswerOptions {
  /** What the result must be, in words ("an empty result"). */
  expected?: string;
  /** Why the result breaks the rule, or undefined when it keeps it. */
  problem?: (result: unknown) => string | undefined;
  /** What a pass says it saw. */
  note?: string;
}

/** A result (not an error) that keeps the rule `problem` states. */
export function expectResult(judge: Judge, ex: Exchange, opts: ResultOptions = {}): Verdict {
  const expected = `${ex.what}: ${opts.expected ?? 'a result'}`;
  const seq = answerSeq(ex);
  if (seq !== undefined) judge.cite(seq);
  if (unanswered(ex.reply)) return noAnswer(judge, ex, expected, opts);
  if (ex.reply.kind !== 'result') return broken(judge, expected, replyLine(judge, ex.reply), opts);
  const problem = opts.problem?.(ex.reply.result);
  return problem === undefined ? judge.pass(opts.note) : broken(judge, expected, problem, opts);
}

/** A result object: the usual first test of a result's shape. */
export const notAnObject = (result: unknown): string | undefined => (isObject(result) ? undefined : `the result is ${JSON.stringify(result) ?? 'undefined'}, not an object`);

export interface NoReplyOptions {
  /** What was sent ("notifications/cancelled for an unknown request"). */
  what: string;
  /** How long the check waited for anything to come. */
  windowMs?: number;
  doubt?: string;
}

/** Nothing came for what was sent (a notification must not be answered). `got`: what did. */
export function expectNoReply(judge: Judge, got: readonly { message: unknown; seq?: number }[], opts: NoReplyOptions): Verdict {
  if (got.length === 0) return judge.pass();
  judge.cite(...got.flatMap((m) => (m.seq !== undefined ? [m.seq] : [])));
  const within = opts.windowMs !== undefined ? ` within ${opts.windowMs} ms` : '';
  return broken(judge, `no response to ${opts.what}`, `${got.length} response(s)${within}: ${judge.brief(got.map((m) => m.message), 200)}`, opts);
}
