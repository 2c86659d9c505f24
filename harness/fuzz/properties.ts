// The properties checked after every input. Each judges one rule and leaves the others to
// their own property: a crash or hang is fuzz.survives' finding, so the other properties call
// it inconclusive, reopen the connection and go on.
import fc from 'fast-check';
import type { CheckContext } from '../checks/check.js';
import { brief } from '../checks/context.js';
import type { Corpus } from './corpus.js';
import type { Generators } from './arbitraries.js';
import { NEVER_SENT_ID, UNKNOWN_METHODS } from './arbitraries.js';
import { alive, exchange, isResponse, type Connections, type Exchange } from './exchange.js';
import { describeInput, isRaw, type FuzzInput, type FuzzMessage, type InputClass } from './messages.js';

export type Judgement =
  | { ok: true }
  /** `soft`: a SHOULD-level miss, reported as a warning if nothing worse turns up. */
  | { ok: false; expected: string; actual: string; soft?: boolean }
  /** Not this property's business (the server died or hung): the run goes on. */
  | { ok: 'inconclusive'; why: string };

export interface Env {
  ctx: CheckContext;
  conns: Connections;
  gen: Generators;
  corpus: Corpus;
  timeoutMs: number;
  stats: { inputs: number; messages: number };
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
  env.stats.messages += x.rendered.length + 1;
}

async function inconclusive(env: Env, x: Exchange): Promise<Judgement> {
  await env.conns.discard();
  return { ok: 'inconclusive', why: x.fence.kind === 'closed' ? x.fence.reason : 'the ping fence got no answer' };
}

const ping = (id: FuzzMessage['id'], extra?: Partial<FuzzMessage>): FuzzMessage => ({ label: 'ping', cls: 'valid', method: 'ping', id, ...extra });

// "The receiver MUST respond promptly" to a ping (basic/utilities/ping): after any input.
export const survives: FuzzProperty<FuzzInput[]> = {
  name: 'survives',
  arbitrary: (g) =>
    fc.array(
      fc.oneof(g.valid(), g.nearValid(), g.stress(), { weight: 2, arbitrary: g.hostile() }, g.invalidRequest(), g.unknownMethod(), g.parseError(), g.notification()),
      { minLength: 1, maxLength: 6 },
    ),
  examples: () => [
    [ping({ kind: 'counter' }, { label: 'ping with params nested 10000 deep', cls: 'hostile', payload: { kind: 'deep', depth: 10_000 } })],
    [ping({ kind: 'counter' }, { label: 'ping with a 1048576-character string', cls: 'hostile', payload: { kind: 'big-string', length: 1_048_576 } })],
    [ping({ kind: 'unicode-string' }, { label: 'ping with lone surrogates, NUL and RTL', cls: 'stress', payload: { kind: 'text', text: '\ud800\u0000\u202e😀\udfff' } })],
    [ping({ kind: 'raw', lexeme: '123456789012345678901234567890' }, { label: 'ping with id 123456789012345678901234567890', cls: 'hostile' })],
    [ping({ kind: 'raw', lexeme: '1.5' }, { label: 'ping with id 1.5', cls: 'invalid-request' })],
    [ping({ kind: 'raw', lexeme: 'null' }, { label: 'ping with id null', cls: 'invalid-request' })],
    [{ label: 'unknown method "__proto__"', cls: 'unknown-method', method: '__proto__', id: { kind: 'counter' }, params: {} }],
    [ping({ kind: 'absent' }, { label: 'ping sent as a notification (no id)', cls: 'notification' })],
    [{ label: 'malformed JSON', cls: 'parse', text: '{"jsonrpc":"2.0",' }],
    [{ label: 'notifications/cancelled for a request never sent', cls: 'notification', method: 'notifications/cancelled', id: { kind: 'absent' }, params: { requestId: NEVER_SENT_ID } }],
    [ping({ kind: 'counter' }, { label: 'ping with the number 1e400', cls: 'hostile', payload: { kind: 'number', lexeme: '1e400' } })],
  ],
  describe: describeAll,
  async check(env, inputs) {
    const x = await exchange(await env.conns.get(), inputs, { owner: env.ctx.owner, timeoutMs: env.timeoutMs });
    count(env, x);
    if (alive(x)) return OK;
    await env.conns.discard();
    const actual = x.fence.kind === 'closed' ? `the server went away (${x.fence.reason})` : `ping got no answer within ${env.timeoutMs} ms`;
    return fail('the server keeps running and answers ping after any input', actual);
  },
};

/**
 * What is wrong with the one response a request got, if anything: the envelope against the
 * revision's schema (JSONRPCMessage: jsonrpc "2.0", the id, a result object, or an error with
 * an integer code and a string message). The result's own schema is schema.server-messages-
 * valid's and the feature suites' to judge (on ordinary traffic, every run, whatever the seed).
 */
export function responseProblem(corpus: Corpus, m: Record<string, unknown>): string | undefined {
  if ('result' in m && 'error' in m) return 'the response has both result and error';
  const v = corpus.schema.validate('JSONRPCMessage', m);
  return v.ok ? undefined : `not a valid JSON-RPC response: ${v.error}`;
}

// "Responses MUST include the same ID as the request they correspond to" (basic#responses),
// one per request (JSON-RPC 2.0), a valid result or an error with an integer code.
export const answersOnce: FuzzProperty<FuzzMessage[]> = {
  name: 'answers-once',
  arbitrary: (g) => fc.array(fc.oneof({ weight: 4, arbitrary: g.valid() }, g.nearValid(), g.stress(), g.unknownMethod()), { minLength: 1, maxLength: 8 }),
  examples: (g) => [
    [ping({ kind: 'long-string', length: 10_000 })],
    [ping({ kind: 'counter' }, { label: 'ping with an extra top-level member', cls: 'extra-member', extra: { 'x-fuzz': true } })],
    [ping({ kind: 'unicode-string' })],
    g.paramlessMethods.map((method): FuzzMessage => ({ label: `${method} without params`, cls: 'valid', method, id: { kind: 'counter' } })),
  ],
  describe: describeAll,
  async check(env, inputs) {
    const x = await exchange(await env.conns.get(), inputs, { owner: env.ctx.owner, timeoutMs: env.timeoutMs, owed: (r) => (schemaInvalid(r.input) ? 'soft' : true) });
    count(env, x);
    if (!alive(x)) return inconclusive(env, x);
    let soft: Judgement | undefined;
    for (const [i, r] of x.rendered.entries()) {
      const got = x.answers[i] ?? [];
      const what = `${describeInput(r.input)} (id ${brief(r.id, 60)})`;
      if (got.length === 0 && schemaInvalid(r.input)) {
        // JSON-RPC 2.0 answers every request, invalid params too; MCP's schema makes such a
        // message invalid, and silence to invalid messages is tolerated: a warning.
        soft ??= { ok: false, soft: true, expected: `one response to ${what} (JSON-RPC 2.0: an error at least)`, actual: 'no response: the request was dropped' };
        continue;
      }
      if (got.length === 0) {
        const other = x.stray.length > 0 ? `; responses with ids that match nothing sent: ${brief(x.stray.map((m) => m.id), 160)}` : '';
        return fail(`one response to ${what}`, `no response with that id within ${env.timeoutMs} ms${other}`);
      }
      if (got.length > 1) return fail(`one response to ${what}`, `${got.length} responses: ${brief(got, 200)}`);
      const problem = responseProblem(env.corpus, got[0] as Record<string, unknown>);
      if (problem) return fail(`a valid response to ${what}`, problem);
    }
    return soft ?? OK;
  },
};

/**
 * A request a strict reader may drop as invalid: params that break the method's schema, or a
 * top-level member besides jsonrpc, id, method and params (the MCP schema allows it, JSON-RPC
 * 2.0 does not name it, the TypeScript SDK drops it).
 */
const schemaInvalid = (input: FuzzInput): boolean =>
  !isRaw(input) && (input.cls === 'invalid-params' || input.cls === 'invalid-params-lenient' || Object.keys(input.extra ?? {}).length > 0);

/** JSON-RPC 2.0's codes for each class of input that has one. */
export const CODES: Partial<Record<InputClass, { code: number; name: string }>> = {
  parse: { code: -32700, name: 'Parse error' },
  'invalid-request': { code: -32600, name: 'Invalid Request' },
  'unknown-method': { code: -32601, name: 'Method not found' },
  'invalid-params': { code: -32602, name: 'Invalid params' },
};

/** How long after the fence an answer may still come (silence is allowed for some classes). */
const SETTLE_MS = 100;

// JSON-RPC 2.0 section 5.1, which MCP messages follow (basic#messages): the code of an error
// says what was wrong. Silence is tolerated for unparsable and invalid requests.
export const errorCodes: FuzzProperty<FuzzInput> = {
  name: 'error-codes',
  arbitrary: (g) =>
    fc.oneof(g.parseError(), g.invalidRequest(), g.unknownMethod(), g.nearValid().filter((m) => m.cls === 'invalid-params')),
  examples: (g) => [
    ping({ kind: 'counter' }, { label: 'ping with params as an array', cls: 'invalid-params', params: [] }),
    { label: `unknown method "${UNKNOWN_METHODS[0]}"`, cls: 'unknown-method', method: UNKNOWN_METHODS[0], id: { kind: 'counter' }, params: {} },
    { label: 'malformed JSON', cls: 'parse', text: '{"jsonrpc":"2.0","id":"fz-parse","method":"ping"' },
    ping({ kind: 'counter' }, { label: 'ping with jsonrpc "1.0"', cls: 'invalid-request', jsonrpc: '1.0' }),
    // Every declared method with a required member, without it; an unknown log level.
    ...g.requiredMembers().map(({ method, member }): FuzzMessage => ({ label: `${method} without \`${member}\``, cls: 'invalid-params', method, id: { kind: 'counter' }, params: {} })),
    ...(g.validMethods.includes('logging/setLevel')
      ? [{ label: 'logging/setLevel with an unknown level', cls: 'invalid-params' as InputClass, method: 'logging/setLevel', id: { kind: 'counter' } as const, params: { level: 'x-fuzz-unknown' } }]
      : []),
  ],
  describe: describeInput,
  async check(env, input) {
    const x = await exchange(await env.conns.get(), [input], { owner: env.ctx.owner, timeoutMs: env.timeoutMs, owed: () => true, afterFenceMs: SETTLE_MS });
    count(env, x);
    if (!alive(x)) return inconclusive(env, x);
    const want = CODES[input.cls];
    if (!want) return OK;
    const expected = `${describeInput(input)}: ${input.cls === 'parse' || input.cls === 'invalid-request' ? 'no answer, or ' : ''}an error with code ${want.code} (${want.name})`;
    for (const m of [...(x.answers[0] ?? []), ...x.stray]) {
      const error = m.error as { code?: unknown; message?: unknown } | undefined;
      if (error) {
        const accepted = [want.code, ...(isRaw(input) ? [] : (input.alsoAccept ?? []))];
        if (!accepted.includes(error.code as number)) return fail(expected, `error code ${brief(error.code)} ${brief(error.message, 120)}`);
        continue;
      }
      // Only a result that carries our id is surely the answer to this input.
      if (!(x.answers[0] ?? []).includes(m) || input.cls === 'invalid-params-lenient') continue;
      const toolError = !isRaw(input) && input.method === 'tools/call' && (m.result as { isError?: unknown } | undefined)?.isError === true;
      if (!toolError) return fail(expected, `a result: ${brief(m.result, 160)}`);
    }
    return OK;
  },
};

// basic#notifications: "The receiver MUST NOT send a response" (2025-03-26 on).
export const notificationsUnanswered: FuzzProperty<FuzzMessage[]> = {
  name: 'notifications-unanswered',
  arbitrary: (g) => fc.array(g.notification(), { minLength: 1, maxLength: 5 }),
  examples: () => [
    [ping({ kind: 'absent' }, { label: 'ping sent as a notification (no id)', cls: 'notification' })],
    [{ label: 'tools/list sent as a notification (no id)', cls: 'notification', method: 'tools/list', id: { kind: 'absent' }, params: {} }],
    [{ label: 'unknown notification "notifications/x-fuzz"', cls: 'notification', method: 'notifications/x-fuzz', id: { kind: 'absent' }, params: {} }],
    [{ label: 'notification notifications/initialized (again)', cls: 'notification', method: 'notifications/initialized', id: { kind: 'absent' } }],
  ],
  describe: describeAll,
  async check(env, inputs) {
    const x = await exchange(await env.conns.get(), inputs, { owner: env.ctx.owner, timeoutMs: env.timeoutMs });
    count(env, x);
    if (!alive(x)) return inconclusive(env, x);
    const reply = x.stray.find(isResponse);
    return reply ? fail('no response to a notification', `a response: ${brief(reply, 200)}`) : OK;
  },
};
