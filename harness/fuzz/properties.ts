// The properties checked after every input. Each judges one rule and leaves the others to
// their own property: a crash or hang is fuzz.survives' finding, so the other properties call
// it inconclusive, reopen the connection and go on. What each class of input may expect is
// data (classes.ts).
import fc from 'fast-check';
import type { CheckContext } from '../checks/check.js';
import { brief } from '../checks/context.js';
import type { Corpus } from './corpus.js';
import type { Generators } from './arbitraries.js';
import { NEVER_SENT_ID, NO_SUCH_TOOL, UNKNOWN_METHODS } from './arbitraries.js';
import { ErrorCode } from '../rules/error-codes.js';
import { HEADER_MISMATCH, codeAccepted, ruleOf } from './classes.js';
import type { Session } from '../sessions/session.js';
import { alive, answersSince, exchange, isResponse, type Connections, type Exchange } from './exchange.js';
import { describeInput, isRaw, type FuzzInput, type FuzzMessage, type InputClass, type Rendered } from './messages.js';

export type Judgement =
  | { ok: true }
  /**
   * `soft`: a SHOULD-level miss, reported as a warning if nothing worse turns up. `recheck`
   * judges it again with what has come since (an answer may still be on its way: see Env).
   */
  | { ok: false; expected: string; actual: string; soft?: boolean; recheck?: () => Judgement }
  /** Not this property's business (the server died or hung): the run goes on. */
  | { ok: 'inconclusive'; why: string };

export interface Env {
  ctx: CheckContext;
  conns: Connections;
  gen: Generators;
  corpus: Corpus;
  timeoutMs: number;
  stats: { inputs: number; messages: number };
  /**
   * Softly owed answers are not waited for after each exchange: the run looks for them once,
   * at its end, with each soft miss's `recheck` (one settle per property instead of one per
   * input that a server drops). A replay alone waits as usual.
   */
  deferSoft?: boolean;
}

export interface FuzzProperty<T> {
  /** The check id is `fuzz.<name>`. */
  name: string;
  arbitrary(g: Generators): fc.Arbitrary<T>;
  /** Canonical inputs run first on every run, whatever the seed (one per class of input). */
  examples(g: Generators): T[];
  describe(input: T): string;
  check(env: Env, input: T): Promise<Judgement>;
}

export const OK: Judgement = { ok: true };
const fail = (expected: string, actual: string): Judgement => ({ ok: false, expected, actual });
const describeAll = (inputs: FuzzInput[]): string => inputs.map(describeInput).join('; then ');

function count(env: Env, x: Exchange): void {
  env.stats.inputs += x.rendered.length;
  env.stats.messages += x.rendered.length + (x.fence ? 1 : 0);
}

async function inconclusive(env: Env, x: Exchange): Promise<Judgement> {
  await env.conns.discard();
  return { ok: 'inconclusive', why: x.fence?.kind === 'closed' ? x.fence.reason : `the ${env.corpus.fence} fence got no answer` };
}

/** A request of the era's fence method (ping; 2026-07-28: server/discover), which every server answers. */
const fenceRequest = (g: Generators, id: FuzzMessage['id'], extra: Partial<FuzzMessage> & { label?: string } = {}): FuzzMessage => ({
  cls: 'valid',
  method: g.corpus.fence,
  id,
  ...extra,
  label: (extra.label ?? '{fence}').replaceAll('{fence}', g.corpus.fence),
});

const fenceName = (env: Env): string => env.corpus.fence;

// "The receiver MUST respond promptly" to a ping (basic/utilities/ping); 2026-07-28 has no
// ping: the era's fence, server/discover, stands for it. After any input.
export const survives: FuzzProperty<FuzzInput[]> = {
  name: 'survives',
  arbitrary: (g) =>
    fc.array(
      fc.oneof(g.valid(), g.nearValid(), g.stress(), { weight: 2, arbitrary: g.hostile() }, g.invalidRequest(), g.unknownMethod(), g.parseError(), g.notification()),
      { minLength: 1, maxLength: 6 },
    ),
  examples: (g) => [
    [fenceRequest(g, { kind: 'counter' }, { label: '{fence} with params nested 10000 deep', cls: 'hostile', payload: { kind: 'deep', depth: 10_000 } })],
    [fenceRequest(g, { kind: 'counter' }, { label: '{fence} with a 1048576-character string', cls: 'hostile', payload: { kind: 'big-string', length: 1_048_576 } })],
    [fenceRequest(g, { kind: 'unicode-string' }, { label: '{fence} with lone surrogates, NUL and RTL', cls: 'stress', payload: { kind: 'text', text: '\ud800\u0000\u202e😀\udfff' } })],
    [fenceRequest(g, { kind: 'raw', lexeme: '123456789012345678901234567890' }, { label: '{fence} with id 123456789012345678901234567890', cls: 'hostile' })],
    [fenceRequest(g, { kind: 'raw', lexeme: '1.5' }, { label: '{fence} with id 1.5', cls: 'invalid-request' })],
    [fenceRequest(g, { kind: 'raw', lexeme: 'null' }, { label: '{fence} with id null', cls: 'invalid-request' })],
    [{ label: 'unknown method "__proto__"', cls: 'unknown-method', method: '__proto__', id: { kind: 'counter' }, params: {} }],
    [fenceRequest(g, { kind: 'absent' }, { label: '{fence} sent as a notification (no id)', cls: 'notification' })],
    [{ label: 'malformed JSON', cls: 'parse', text: '{"jsonrpc":"2.0",' }],
    [{ label: 'notifications/cancelled for a request never sent', cls: 'notification', method: 'notifications/cancelled', id: { kind: 'absent' }, params: { requestId: NEVER_SENT_ID } }],
    [fenceRequest(g, { kind: 'counter' }, { label: '{fence} with the number 1e400', cls: 'hostile', payload: { kind: 'number', lexeme: '1e400' } })],
  ],
  describe: describeAll,
  async check(env, inputs) {
    const x = await exchange(await env.conns.get(), inputs, { owner: env.ctx.owner, timeoutMs: env.timeoutMs, alwaysFence: true });
    count(env, x);
    if (alive(x)) return OK;
    await env.conns.discard();
    const actual = x.fence?.kind === 'closed' ? `the server went away (${x.fence.reason})` : `${fenceName(env)} got no answer within ${env.timeoutMs} ms`;
    return fail(`the server keeps running and answers ${fenceName(env)} after any input`, actual);
  },
};

/**
 * What is wrong with the one response a request got, if anything: the envelope against the
 * revision's schema (JSONRPCMessage: jsonrpc "2.0", the id, a result object, or an error with
 * an integer code and a string message). The result's own schema is schema.server-messages-
 * valid's and the feature suites' to judge (on ordinary traffic, every run, whatever the seed).
 */
export function responseProblem(corpus: Corpus, m: Record<string, unknown>, versionless = false): string | undefined {
  if ('result' in m && 'error' in m) return 'the response has both result and error';
  // A request that named no protocol version binds its answer to no revision's schema: only
  // JSON-RPC's envelope is judged (whether it should have been refused is version.*'s rule).
  if (versionless) return envelopeProblem(m);
  const v = corpus.schema.validate('JSONRPCMessage', m);
  return v.ok ? undefined : `not a valid JSON-RPC response: ${v.error}`;
}

/** JSON-RPC 2.0 section 5: "jsonrpc": "2.0", a result, or an error with an integer code and a string message. */
function envelopeProblem(m: Record<string, unknown>): string | undefined {
  if (m.jsonrpc !== '2.0') return `not a valid JSON-RPC response: jsonrpc is ${brief(m.jsonrpc, 40)}, not "2.0"`;
  if ('result' in m) return undefined;
  const error = m.error as { code?: unknown; message?: unknown } | undefined;
  if (typeof error !== 'object' || error === null) return 'not a valid JSON-RPC response: neither result nor error';
  if (!Number.isInteger(error.code) || typeof error.message !== 'string') return 'not a valid JSON-RPC response: the error lacks an integer code or a string message';
  return undefined;
}

/** Is this a response with id null (or none): the server took some input for unparsable or invalid? */
const nullIdError = (m: Record<string, unknown>): boolean => (m.id === null || m.id === undefined) && typeof m.error === 'object' && m.error !== null;

// "Responses MUST include the same ID as the request they correspond to" (basic#responses),
// one per request (JSON-RPC 2.0), a valid result or an error with an integer code. Whether an
// answer is owed at all is the input class's (classes.ts).
export const answersOnce: FuzzProperty<FuzzMessage[]> = {
  name: 'answers-once',
  arbitrary: (g) => fc.array(fc.oneof({ weight: 4, arbitrary: g.valid() }, g.nearValid(), g.stress(), g.unknownMethod()), { minLength: 1, maxLength: 8 }),
  examples: (g) => [
    [fenceRequest(g, { kind: 'long-string', length: 10_000 })],
    [fenceRequest(g, { kind: 'counter' }, { label: '{fence} with an extra top-level member', cls: 'extra-envelope', extra: { 'x-fuzz': true } })],
    [fenceRequest(g, { kind: 'unicode-string' })],
    g.paramlessMethods.map((method): FuzzMessage => ({ label: `${method} without params of its own`, cls: 'valid', method, id: { kind: 'counter' } })),
    [{ label: 'unknown method "x-fuzz/\ud800" (a lone surrogate)', cls: 'unknown-method', method: 'x-fuzz/\ud800', id: { kind: 'counter' }, params: {} }],
  ],
  describe: describeAll,
  async check(env, inputs) {
    const conn = await env.conns.get();
    const x = await exchange(conn, inputs, { owner: env.ctx.owner, timeoutMs: env.timeoutMs, owed: (r) => owedOf(r), ...(env.deferSoft ? { softMs: 0 } : {}) });
    count(env, x);
    if (!alive(x)) return inconclusive(env, x);
    const dropped: number[] = [];
    for (const [i, r] of x.rendered.entries()) {
      const got = x.answers[i] ?? [];
      const rule = ruleOf(r);
      const what = `${describeInput(r.input)} (id ${brief(r.id, 60)})`;
      // A POST refused with an HTTP error and a JSON-RPC error in its body was answered, not met
      // with silence (Streamable HTTP: "the HTTP response body MAY comprise a JSON-RPC error
      // response"); whether it was right to refuse is other checks' to judge. Its id null is
      // right where the server took the message for unparsable or invalid (JSON-RPC 2.0: "If
      // there was an error in detecting the id in the Request object (e.g. Parse error/Invalid
      // Request), it MUST be Null"); a refusal of a request it read owes that request's id.
      const refusal = got.length === 0 ? x.refusedWithError.get(i) : undefined;
      if (refusal) {
        const code = (refusal.error as { code?: unknown } | undefined)?.code;
        if (code === ErrorCode.ParseError || code === ErrorCode.InvalidRequest) continue;
        return fail(`one response to ${what}, with that id (${rule.standard})`, `its POST was refused with an HTTP error status and a JSON-RPC error with id null instead: ${brief(refusal, 200)}`);
      }
      // A malformed request refused by the HTTP status alone was answered too: the status is the
      // answer the transport gives input the server cannot accept (the body is a MAY).
      if (got.length === 0 && rule.malformed && conn.session.refused(r.id)) continue;
      if (got.length === 0 && rule.answer !== 'must') {
        // Silence where the standards leave it open (may), or where a strict reader may drop the message (should: a warning).
        if (rule.answer === 'should') dropped.push(i);
        continue;
      }
      if (got.length === 0) {
        const other = x.stray.length > 0 ? `; responses with ids that match nothing sent: ${brief(x.stray.map((m) => m.id), 160)}` : '';
        // A refused POST was not waited for (exchange): say what was seen, not a timeout.
        const none = conn.session.refused(r.id) ? 'no response with that id: its POST was refused with an HTTP error status and no response of its own' : `no response with that id within ${env.timeoutMs} ms`;
        return fail(`one response to ${what} (${rule.standard})`, `${none}${other}`);
      }
      if (got.length > 1) return fail(`one response to ${what}`, `${got.length} responses: ${brief(got, 200)}`);
      const problem = responseProblem(env.corpus, got[0] as Record<string, unknown>, r.versionless === true);
      if (problem) return fail(`a valid response to ${what}`, problem);
    }
    return dropped.length > 0 ? droppedMiss(env, conn.session, x, dropped) : OK;
  },
};

/**
 * Requests that got no answer where a strict reader may drop them (a warning), judged again
 * by `recheck` with whatever came for them later: one valid answer each clears them.
 */
function droppedMiss(env: Env, session: Session, x: Exchange, dropped: number[]): Judgement {
  const judge = (late: boolean): Judgement => {
    for (const i of dropped) {
      const got = late ? answersSince(session, x, i) : [];
      const r = x.rendered[i] as Rendered;
      if (got.length === 1 && !responseProblem(env.corpus, got[0] as Record<string, unknown>, r.versionless === true)) continue;
      const expected = `one response to ${describeInput(r.input)} (id ${brief(r.id, 60)}) (${ruleOf(r).standard})`;
      const actual = got.length === 0 ? 'no response: the request was dropped' : `late: ${got.length} response(s): ${brief(got, 200)}`;
      return { ok: false, soft: true, expected, actual, recheck: () => judge(true) };
    }
    return OK;
  };
  return judge(false);
}

/** How firmly an answer is owed, for the exchange's waiting (must: the whole timeout; should: briefly after the fence). */
function owedOf(r: Rendered): boolean | 'soft' {
  const { answer } = ruleOf(r);
  return answer === 'must' ? true : answer === 'should' ? 'soft' : false;
}

/** How long after the fence an answer may still come (silence is allowed for some classes). */
const SETTLE_MS = 100;

// JSON-RPC 2.0 section 5.1, which MCP messages follow (basic#messages): the code of an error
// says what was wrong. Which code each class of input gets, and where any is fine, is data
// (classes.ts).
export const errorCodes: FuzzProperty<FuzzInput> = {
  name: 'error-codes',
  arbitrary: (g) =>
    fc.oneof(g.parseError(), g.invalidRequest(), g.unknownMethod(), g.nearValid().filter((m) => m.cls === 'invalid-params' || m.cls === 'meta-missing')),
  examples: (g) => [
    fenceRequest(g, { kind: 'counter' }, { label: '{fence} with params as an array', cls: g.modern ? 'era-ambiguous' : 'invalid-params', params: [] }),
    { label: `unknown method "${UNKNOWN_METHODS[0]}"`, cls: 'unknown-method', method: UNKNOWN_METHODS[0], id: { kind: 'counter' }, params: {} },
    { label: 'malformed JSON', cls: 'parse', text: `{"jsonrpc":"2.0","id":"fz-parse","method":"${g.corpus.fence}"` },
    fenceRequest(g, { kind: 'counter' }, { label: '{fence} with jsonrpc "1.0"', cls: 'invalid-request', jsonrpc: '1.0' }),
    // Every declared method with a required member, without it; an unknown log level.
    ...g.requiredMembers().map(({ method, member }): FuzzMessage => ({ label: `${method} without \`${member}\``, cls: 'invalid-params', method, id: { kind: 'counter' }, params: {} })),
    ...(g.modern ? [fenceRequest(g, { kind: 'counter' }, { label: '{fence} without _meta.io.modelcontextprotocol/clientCapabilities', cls: 'meta-missing', meta: 'without-capabilities' })] : []),
    // A tool that cannot exist, so nothing runs whatever the server makes of it.
    ...(g.validMethods.includes('tools/call')
      ? [{ label: 'tools/call with `arguments` a string', cls: 'invalid-params' as InputClass, method: 'tools/call', id: { kind: 'counter' } as const, params: { name: NO_SUCH_TOOL, arguments: 'x-fuzz' } }]
      : []),
    ...(g.validMethods.includes('logging/setLevel')
      ? [{ label: 'logging/setLevel with an unknown level', cls: 'invalid-params' as InputClass, method: 'logging/setLevel', id: { kind: 'counter' } as const, params: { level: 'x-fuzz-unknown' } }]
      : []),
  ],
  describe: describeInput,
  async check(env, input) {
    const conn = await env.conns.get();
    const x = await exchange(conn, [input], { owner: env.ctx.owner, timeoutMs: env.timeoutMs, owed: () => true, afterFenceMs: SETTLE_MS });
    count(env, x);
    if (!alive(x)) return inconclusive(env, x);
    const r = x.rendered[0] as Rendered;
    const rule = ruleOf(r);
    if (!rule.code || rule.anyCode) return OK;
    const headerChecks = conn.http !== undefined;
    const mayBeSilent = rule.answer === 'may' ? 'no answer, or ' : '';
    const expected = `${describeInput(input)}: ${mayBeSilent}an error with code ${rule.code.code} (${rule.code.name})${headerChecks ? ` or ${HEADER_MISMATCH} (HeaderMismatch)` : ''}`;
    for (const m of [...(x.answers[0] ?? []), ...x.stray]) {
      const error = m.error as { code?: unknown; message?: unknown } | undefined;
      if (error) {
        if (codeAccepted(r, error.code, { headerChecks })) continue;
        if (error.code === ErrorCode.MethodNotFound && (await lacksFence(env, conn.session, input))) continue;
        return fail(expected, `error code ${brief(error.code)} ${brief(error.message, 120)}`);
      }
      // Only a result that carries our id is surely the answer to this input.
      if (!(x.answers[0] ?? []).includes(m) || rule.resultOk) continue;
      const toolError = !isRaw(input) && input.method === 'tools/call' && (m.result as { isError?: unknown } | undefined)?.isError === true;
      if (!toolError) return fail(expected, `a result: ${brief(m.result, 160)}`);
    }
    return OK;
  },
};

/**
 * Does the server lack the method of `input` altogether? Only the era's fence can be asked well
 * formed at no cost: when it too draws MethodNotFound (a server with no ping), MethodNotFound
 * for the fuzzed call of it is the accurate code, not a wrong one.
 */
async function lacksFence(env: Env, session: Session, input: FuzzInput): Promise<boolean> {
  if (isRaw(input) || input.method !== env.corpus.fence) return false;
  const plain = await session.fence(env.timeoutMs);
  return plain.kind === 'error' && plain.error.code === ErrorCode.MethodNotFound;
}

// basic#notifications: "The receiver MUST NOT send a response" (2025-03-26 on). A notification
// whose strings hold a lone surrogate may be taken for unparsable (RFC 8259 section 8.2): an
// error with id null for it is accepted.
export const notificationsUnanswered: FuzzProperty<FuzzMessage[]> = {
  name: 'notifications-unanswered',
  arbitrary: (g) => fc.array(g.notification(), { minLength: 1, maxLength: 5 }),
  examples: (g) => [
    [fenceRequest(g, { kind: 'absent' }, { label: '{fence} sent as a notification (no id)', cls: 'notification' })],
    [{ label: 'tools/list sent as a notification (no id)', cls: 'notification', method: 'tools/list', id: { kind: 'absent' }, params: {} }],
    [{ label: 'unknown notification "notifications/x-fuzz"', cls: 'notification', method: 'notifications/x-fuzz', id: { kind: 'absent' }, params: {} }],
    [{ label: 'notification notifications/initialized (again)', cls: 'notification', method: 'notifications/initialized', id: { kind: 'absent' } }],
    [{ label: 'unknown notification "notifications/x-fuzz-\ud800" (a lone surrogate)', cls: 'notification', method: 'notifications/x-fuzz-\ud800', id: { kind: 'absent' }, params: {} }],
  ],
  describe: describeAll,
  async check(env, inputs) {
    const x = await exchange(await env.conns.get(), inputs, { owner: env.ctx.owner, timeoutMs: env.timeoutMs });
    count(env, x);
    if (!alive(x)) return inconclusive(env, x);
    // As many id-null errors as there are notifications the server may have taken for
    // unparsable. (Over Streamable HTTP the error body of a refused notification POST never
    // reaches the peer: it answers no message.)
    let excused = x.rendered.filter((r) => r.open).length;
    for (const reply of x.stray.filter(isResponse)) {
      if (excused > 0 && nullIdError(reply)) {
        excused--;
        continue;
      }
      return fail('no response to a notification', `a response: ${brief(reply, 200)}`);
    }
    return OK;
  },
};
