// The HTTP verifiers (harness/verify/http.ts) and two judgements of basic/transports that used to
// be wrong (issue 38): a 404 to DELETE is no finding (the page names no SHOULD for the server's
// answer to DELETE, and 404 is its answer for a session that is over), and an HTTP refusal whose
// JSON-RPC body lacks the request's id breaks a MUST (a fail, not a warning).
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../harness/checks/check.js';
import type { Judge } from '../harness/verify/judge.js';
import { allOf, contentType, expectHttp, expectHttpEach, httpExchange, rpcError, status } from '../harness/verify/http.js';
import { errorBodiesChecks, problemsOf } from '../suites/server/basic/transports/streamable-http/error-bodies.js';
import { deleteAnswered } from '../suites/server/basic/transports/streamable-http/sessions.js';
import { loadRevisionSchema } from '../harness/schema.js';
import { ErrorCode } from '../harness/rules/error-codes.js';
import type { RawResponse } from '../harness/checks/http-access.js';

const judge: Judge = {
  brief: (v) => JSON.stringify(v) ?? 'undefined',
  cite: () => undefined,
  pass: (note) => ({ status: 'pass', ...(note ? { note } : {}) }),
  fail: (e) => ({ status: 'fail', ...e }),
  warn: (e) => ({ status: 'warn', ...e }),
  skip: (code, detail) => ({ status: 'skip', code, reason: detail }),
};
const statusOf = (v: Verdict) => v.status;

describe('expectHttp', () => {
  it('passes a kept rule, fails a broken one with the status line, skips silence unless answering is the rule', () => {
    const rule = allOf(status(400), rpcError('InvalidRequest'));
    const good = { status: 400, contentType: 'application/json', json: { jsonrpc: '2.0', id: 1, error: { code: ErrorCode.InvalidRequest, message: 'x' } } };
    expect(statusOf(expectHttp(judge, httpExchange('a probe', good, 1), rule))).toBe('pass');
    const bad = expectHttp(judge, httpExchange('a probe', { status: 200, contentType: 'application/json', body: '{}' }, 1), rule);
    expect(bad).toMatchObject({ status: 'fail', actual: 'HTTP 200 application/json: {}' });
    expect(expectHttp(judge, httpExchange('a probe', { status: 0, problem: 'timeout' }), rule)).toMatchObject({ status: 'skip', code: 'no-answer' });
    expect(statusOf(expectHttp(judge, httpExchange('a probe', { status: 0, problem: 'timeout' }), rule, { answerIsTheRule: true }))).toBe('fail');
    expect(statusOf(expectHttp(judge, httpExchange('a probe', { status: 500 }), status(400), { doubt: 'open' }))).toBe('warn');
  });

  it('judges each answered exchange and says which went unanswered', () => {
    const ok = httpExchange('one', { status: 200, contentType: 'text/event-stream' });
    const silent = httpExchange('two', { status: 0 });
    expect(expectHttpEach(judge, [ok, silent], contentType('text/event-stream'))).toMatchObject({ status: 'pass', note: 'no HTTP answer to: two' });
    expect(expectHttpEach(judge, [silent], contentType('text/event-stream'))).toMatchObject({ status: 'skip', code: 'no-answer' });
  });
});

describe('http.delete-session', () => {
  const verdict = (s: number) => statusOf(expectHttp(judge, httpExchange('DELETE with the session id', { status: s }), deleteAnswered, { doubt: 'no keyword' }));

  it('takes 404 (the session is over), 2xx (ended) and 405 (the MAY), and only warns otherwise', () => {
    expect([200, 202, 204, 404, 405].map(verdict)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
    expect(verdict(400)).toBe('warn');
  });
});

describe('http.error-bodies-valid', () => {
  it('is a MUST at every revision it runs at', () => {
    const check = errorBodiesChecks[0];
    expect(check?.id).toBe('http.error-bodies-valid');
    expect(JSON.stringify(check?.spec)).not.toMatch(/SHOULD|MAY/);
  });

  it("finds a missing request id, and judges no body where the server sent none (a MAY)", async () => {
    const schema = await loadRevisionSchema('2025-11-25');
    const raw = (r: Partial<RawResponse>) => ({ status: 400, headers: {}, body: '', ...r }) as RawResponse;
    const noId = raw({ json: { jsonrpc: '2.0', id: null, error: { code: ErrorCode.InvalidRequest, message: 'Bad Request: no session' } } });
    expect(problemsOf(schema, noId, 'body-no-session', 'request')?.[0]).toMatch(/instead of the request's "body-no-session"/);
    const sameId = raw({ json: { jsonrpc: '2.0', id: 'body-no-session', error: { code: ErrorCode.InvalidRequest, message: 'x' } } });
    expect(problemsOf(schema, sameId, 'body-no-session', 'request')).toEqual([]);
    expect(problemsOf(schema, raw({ body: 'Bad Request' }), 'body-no-session', 'request')).toBeUndefined();
    // The Origin refusal MAY carry an error that has no id.
    expect(problemsOf(schema, noId, 'body-origin', 'none')).toEqual([]);
  });
});
