// Verifiers of the base protocol's own exchanges (basic/messages, basic/lifecycle), in the house
// style of answers.ts: that the server still answers after odd input, how it refuses input no
// request can carry (unparsable text, an empty batch), and that two answers which must be alike
// are. Expected and actual in one line each, the frames cited, broken() for a fail or a warn.
//
//   verifier         judges                                                   used by
//   expectAnswer     the server lives: a result or an error came              base.parse-error-survived, base.invalid-request-*, batching.empty-batch
//   expectRefusal    unreadable input refused with one of these codes         base.parse-error-code, batching.empty-batch
//   expectSame       two answers that must be alike are                       lifecycle.capabilities-not-remembered, lifecycle.state-not-kept-by-connection
import type { Verdict } from '../checks/check.js';
import { describeReply, type Reply } from '../jsonrpc/types.js';
import { codeLabel, ErrorCode, type ErrorCodeName } from '../rules/error-codes.js';
import { isObject } from '../rules/json.js';
import { DECIDED_BY_TIMEOUT } from '../rules/no-answer.js';
import { refusedByStatus, type MalformedOutcome } from '../target/as-built.js';
import type { TransportKind } from '../transport.js';
import { broken } from './answers.js';
import { answerSeq, type Exchange, type Judge } from './judge.js';

/**
 * The server lives: `ex` (a request sent after something odd, usually the era's fence) got an
 * answer, a result or an error. Answering at all is the rule, so silence fails (a timeout says
 * the harness's timeout decided it), and so does an HTTP refusal without a JSON-RPC response.
 */
export function expectAnswer(judge: Judge, ex: Exchange, opts: { expected?: string } = {}): Verdict {
  const seq = answerSeq(ex);
  if (seq !== undefined) judge.cite(seq);
  if (ex.reply.kind === 'result' || ex.reply.kind === 'error') return judge.pass();
  const expected = opts.expected ?? `${ex.what}: an answer (a result or an error)`;
  return broken(judge, expected, describeReply(ex.reply), ex.reply.kind === 'timeout' ? { reason: DECIDED_BY_TIMEOUT } : {});
}

export interface RefusalOptions {
  /** What was sent, in words ("malformed JSON", "an empty batch ([])"). */
  what: string;
  /** Where it went: over Streamable HTTP an HTTP refusal by status alone is an answer. */
  transport: TransportKind;
  /** The fence sent after it, for the evidence of no answer ("ping"). */
  fence: string;
  /** Said beside a break (where the rule comes from). */
  reason?: string;
  doubt?: string;
}

/**
 * The refusal of input no request can carry (unparsable text, an empty batch), as sendMalformed
 * found it: an error with one of `codes` (the first is the one the rule names) and id null, in
 * order after the input and before the answer to the fence sent after it. Over Streamable HTTP
 * a 4xx without a JSON-RPC body refuses it too ("The HTTP response body MAY comprise a JSON-RPC
 * error response"). No response at all breaks the rule: the fence was answered (callers judge
 * that first), so the server had its chance and said nothing about the input.
 */
export function expectRefusal(judge: Judge, outcome: MalformedOutcome, codes: readonly ErrorCodeName[], opts: RefusalOptions): Verdict {
  if (refusedByStatus(outcome, opts.transport)) {
    return judge.pass(`refused with HTTP ${String(outcome.status)} and no JSON-RPC body, which the transport allows ("The HTTP response body MAY comprise a JSON-RPC error response")`);
  }
  const wanted: number[] = codes.map((c) => ErrorCode[c]);
  const expected = `${opts.what}: an error response with code ${wanted.map(codeLabel).join(' or ')} and id null`;
  const { answer } = outcome;
  if (outcome.answerSeq !== undefined) judge.cite(outcome.answerSeq);
  const error = isObject(answer?.error) ? answer.error : undefined;
  if (error && wanted.includes(error.code as number)) return judge.pass(`${opts.what}: error ${codeLabel(error.code)}`);
  const why = { ...(opts.reason ? { reason: opts.reason } : {}), ...(opts.doubt ? { doubt: opts.doubt } : {}) };
  if (!answer) return broken(judge, expected, `no response (the answer to the ${opts.fence} sent after it came first)`, why);
  const actual = error ? `error ${codeLabel(error.code)} ${judge.brief(String(error.message ?? ''), 120)}` : `${judge.brief(answer, 160)}`;
  return broken(judge, expected, actual, why);
}

/** One of two answers compared: what it was, and what of it must be alike. */
export interface Compared {
  /** Which answer, in words ("the first time, without capabilities"). */
  what: string;
  /** What must be alike, in words ("an InputRequiredResult"). */
  value: string;
  /** The answer, to cite its frame. */
  reply?: Reply;
}

/**
 * Two answers that must be alike (the same request asked in two situations that may not differ
 * in the answer): their `value`s are equal. The caller asks only answered exchanges: no answer
 * is no value to compare.
 */
export function expectSame(judge: Judge, a: Compared, b: Compared, opts: { expected: string; note?: string; doubt?: string }): Verdict {
  if (a.value === b.value) return judge.pass(opts.note);
  judge.cite(...[a.reply, b.reply].flatMap((r) => (r && 'seq' in r && r.seq !== undefined ? [r.seq] : [])));
  return broken(judge, opts.expected, `${a.what}: ${a.value}; ${b.what}: ${b.value}`, opts.doubt ? { doubt: opts.doubt } : {});
}
