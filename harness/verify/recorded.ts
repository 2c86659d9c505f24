// Verifiers over a client's recorded messages (the client suites): what the client gave for a
// request of the scripted server (a legacy server request, or an input request of 2026-07-28),
// judged as an exchange so that expectError and expectResult state the rule (givenExchange), and
// an answer the client owes at all (expectGiven: silence fails, unless the tool ended the client
// before it answered, which decides nothing).
import type { JsonRpcError } from '../jsonrpc/types.js';
import type { Verdict } from '../checks/check.js';
import { broken, replyLine } from './answers.js';
import type { Exchange, Judge } from './judge.js';

/** What the client gave for one request of ours: a result, an error, or nothing. */
export type Given = { kind: 'result'; value: unknown; seq: number } | { kind: 'error'; value: unknown; seq: number } | { kind: 'none' };

/** The client's answer as an exchange (`what`: the request, in words); nothing: the run ended first. */
export function givenExchange(what: string, given: Given): Exchange {
  if (given.kind === 'result') return { what, reply: { kind: 'result', result: given.value, message: { result: given.value }, seq: given.seq } };
  if (given.kind === 'error') return { what, reply: { kind: 'error', error: given.value as JsonRpcError, message: { error: given.value }, seq: given.seq } };
  return { what, reply: { kind: 'closed', reason: 'the run ended with no answer from the client' } };
}

export interface GivenOptions {
  /** What the answer must be ("an empty result"). */
  expected: string;
  /** Why a result breaks the rule, or undefined when it keeps it. */
  problem?: (result: unknown) => string | undefined;
  /** The tool ended the client (deadline, scenario over): its silence decides nothing. */
  ended: boolean;
  /** What a pass says it saw. */
  note?: string;
}

/** A result the client owes to a request of ours, keeping the rule `problem` states. */
export function expectGiven(judge: Judge, what: string, given: Given, opts: GivenOptions): Verdict {
  const expected = `${what}: ${opts.expected}`;
  if (given.kind === 'none') {
    if (opts.ended) return judge.skip('inconclusive', `the tool ended the client before it answered ${what}`);
    return broken(judge, expected, `no response to ${what} before the client ended`);
  }
  judge.cite(given.seq);
  const ex = givenExchange(what, given);
  if (given.kind === 'error') return broken(judge, expected, replyLine(judge, ex.reply));
  const problem = opts.problem?.(given.value);
  return problem === undefined ? judge.pass(opts.note) : broken(judge, expected, problem);
}
