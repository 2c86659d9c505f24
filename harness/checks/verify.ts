// Verifiers: the judging and the evidence of the common shapes of a rule, in h2spec's manner. A
// check states the rule (which answer is owed, which codes, which schema) and a verifier waits
// for nothing, reads the reply, cites its frame, and writes expected and actual in one line
// each. No answer is never a shape: a verifier about an answer's shape skips with `no-answer`
// (the harness retries such exchanges alone, with the target's patience), unless the rule is
// about answering at all (`answerIsTheRule`), when silence fails and says the timeout decided it.
import { describeReply, type Reply } from '../jsonrpc/types.js';
import { codeLabel } from '../rules/error-codes.js';
import { DECIDED_BY_TIMEOUT, noShapeToJudge, unanswered } from '../rules/no-answer.js';
import { isObject } from '../rules/json.js';
import type { Evidence, Verdict } from './check.js';
import type { SkipCode } from './skip.js';

/** What a verifier needs of a check's context (both sides have it). */
export interface Judge {
  brief(value: unknown, max?: number): string;
  cite(...seqs: number[]): void;
  pass(note?: string): Verdict;
  fail(evidence: Evidence & { reason?: string }): Verdict;
  skip(code: SkipCode, detail: string): Verdict;
}

export { DECIDED_BY_TIMEOUT };

export interface ExpectOptions {
  /** What was sent, for the evidence ("tools/call of an unknown tool"). */
  what: string;
  /** Silence breaks the rule itself (a MUST to answer): fail instead of skipping. */
  answerIsTheRule?: boolean;
}


/** One line of what came back. */
export function replyLine(judge: Judge, reply: Reply): string {
  if (reply.kind === 'result') return `a result: ${judge.brief(reply.result, 200)}`;
  return describeReply(reply);
}

/** Silence: a skip for a shape rule, a failure for a rule about answering at all. */
function noAnswer(judge: Judge, reply: Reply, expected: string, opts: ExpectOptions): Verdict {
  const actual = describeReply(reply);
  if (opts.answerIsTheRule) return judge.fail({ expected, actual, reason: DECIDED_BY_TIMEOUT });
  return judge.skip('no-answer', noShapeToJudge(opts.what, reply));
}

/** An error answer whose code is one of `codes` (the first is the one the rule names). */
export function expectError(judge: Judge, reply: Reply, codes: readonly number[], opts: ExpectOptions): Verdict {
  const expected = `${opts.what}: an error with code ${codes.map(codeLabel).join(' or ')}`;
  if ('seq' in reply && reply.seq !== undefined) judge.cite(reply.seq);
  if (unanswered(reply)) return noAnswer(judge, reply, expected, opts);
  if (reply.kind === 'error' && codes.includes(reply.error.code)) return judge.pass(`${opts.what}: error ${codeLabel(reply.error.code)}`);
  return judge.fail({ expected, actual: replyLine(judge, reply) });
}

/** Any error answer (the rule names no code). */
export function expectAnyError(judge: Judge, reply: Reply, opts: ExpectOptions): Verdict {
  const expected = `${opts.what}: an error`;
  if ('seq' in reply && reply.seq !== undefined) judge.cite(reply.seq);
  if (unanswered(reply)) return noAnswer(judge, reply, expected, opts);
  if (reply.kind === 'error') return judge.pass(`${opts.what}: error ${codeLabel(reply.error.code)}`);
  return judge.fail({ expected, actual: replyLine(judge, reply) });
}

export interface ResultOptions extends ExpectOptions {
  /** What the result must be, in words ("an empty result"). */
  expected?: string;
  /** Why the result breaks the rule, or undefined when it keeps it. */
  problem?: (result: unknown) => string | undefined;
}

/** A result (not an error) that keeps the rule `problem` states. */
export function expectResult(judge: Judge, reply: Reply, opts: ResultOptions): Verdict {
  const expected = `${opts.what}: ${opts.expected ?? 'a result'}`;
  if ('seq' in reply && reply.seq !== undefined) judge.cite(reply.seq);
  if (unanswered(reply)) return noAnswer(judge, reply, expected, opts);
  if (reply.kind !== 'result') return judge.fail({ expected, actual: replyLine(judge, reply) });
  const problem = opts.problem?.(reply.result);
  return problem === undefined ? judge.pass() : judge.fail({ expected, actual: problem });
}

/** A result object: the usual first test of a result's shape. */
export const notAnObject = (result: unknown): string | undefined => (isObject(result) ? undefined : `the result is ${JSON.stringify(result) ?? 'undefined'}, not an object`);

export interface NoReplyOptions {
  /** What was sent ("notifications/cancelled for an unknown request"). */
  what: string;
  /** How long the check waited for anything to come. */
  windowMs: number;
}

/** Nothing came for what was sent (a notification must not be answered). `got`: what did. */
export function expectNoReply(judge: Judge, got: readonly { message: unknown; seq?: number }[], opts: NoReplyOptions): Verdict {
  if (got.length === 0) return judge.pass();
  judge.cite(...got.flatMap((m) => (m.seq !== undefined ? [m.seq] : [])));
  return judge.fail({ expected: `no response to ${opts.what}`, actual: `${got.length} response(s) within ${opts.windowMs} ms: ${judge.brief(got.map((m) => m.message), 200)}` });
}
