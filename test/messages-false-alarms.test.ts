// False alarms of basic/messages (issue 38), each against a stand-in that behaves as the real
// server did: fuzz.error-codes grading a near-valid input the server rightly accepted, or a
// MethodNotFound from a server that has no ping; fuzz.answers-once counting an HTTP refusal
// with a JSON-RPC error body (or, for a malformed request, with no body) as silence;
// base.parse-error-code taking the server's reply to a notification for its answer to a
// malformed line.
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../harness/checks/check.js';
import type { Corpus } from '../harness/fuzz/corpus.js';
import type { Connections } from '../harness/fuzz/exchange.js';
import { answersOnce, errorCodes, type Env } from '../harness/fuzz/properties.js';
import { IdSource, type FuzzMessage } from '../harness/fuzz/messages.js';
import type { InboundMessage, Reply } from '../harness/jsonrpc/types.js';
import { ErrorCode } from '../harness/rules/error-codes.js';
import type { Conversation, Session } from '../harness/sessions/session.js';
import { sendMalformed } from '../harness/target/as-built.js';

/** What the stand-in answers to a message it read (undefined: nothing). */
type Answer = (message: Record<string, unknown>) => Record<string, unknown> | undefined;

interface Stub {
  /** Its answer to each input line. */
  answer: Answer;
  /** Its answer to the fence (default: a result). */
  fence?: Reply;
  /** Ids whose message was refused with no response of their own (an HTTP error status). */
  refused?: (id: unknown) => boolean;
}

/** A session that answers each line at once with `answer`, and the fence with `fence`. */
function session(stub: Stub): Session {
  const inbound: InboundMessage[] = [];
  const waiters: { test: (m: InboundMessage) => boolean; resolve: (m: InboundMessage | undefined) => void }[] = [];
  const push = (message: unknown): void => {
    const m: InboundMessage = { message, seq: inbound.length + 1 };
    inbound.push(m);
    for (const w of waiters) if (w.test(m)) w.resolve(m);
  };
  const fence: Reply = stub.fence ?? ({ kind: 'result', result: {}, message: { jsonrpc: '2.0', id: 'fence', result: {} } } as Reply);
  const s = {
    mark: () => inbound.length,
    since: (mark: number) => inbound.slice(mark),
    waitFor: (test: (m: InboundMessage) => boolean, ms: number) =>
      new Promise<InboundMessage | undefined>((resolve) => {
        const found = inbound.find(test);
        if (found) return resolve(found);
        waiters.push({ test, resolve });
        setTimeout(() => resolve(undefined), ms).unref();
      }),
    sendRaw: async (text: string) => {
      const reply = stub.answer(JSON.parse(text) as Record<string, unknown>);
      if (reply) push(reply);
    },
    fence: async () => fence,
    sentRequestWithId: () => false,
    refused: stub.refused ?? (() => false),
  };
  return s as unknown as Session;
}

const env = (s: Session): Env => ({
  ctx: { owner: 'test' } as CheckContext,
  conns: { get: async () => ({ session: s, ids: new IdSource() }) } as unknown as Connections,
  gen: undefined as never,
  corpus: { fence: 'ping', schema: { validate: () => ({ ok: true }) } } as unknown as Corpus,
  timeoutMs: 2000,
  stats: { inputs: 0, messages: 0 },
});

const error = (id: unknown, code: number) => ({ jsonrpc: '2.0', id, error: { code, message: 'refused' } });
const methodNotFound: Reply = { kind: 'error', error: { code: ErrorCode.MethodNotFound, message: 'Method not found' }, message: error('fence', ErrorCode.MethodNotFound) } as Reply;

describe('fuzz.error-codes judges only what JSON-RPC and MCP require', () => {
  // As the generator makes it (arbitraries.ts invalidRequest): params that are not structured.
  const nullParams: FuzzMessage = { label: 'ping with params null', cls: 'invalid-request-lenient', method: 'ping', id: { kind: 'counter' }, params: null, alsoAccept: [ErrorCode.InvalidParams] };
  const arrayParams: FuzzMessage = { label: 'ping with params as an array', cls: 'invalid-params-lenient', method: 'ping', id: { kind: 'counter' }, params: [], alsoAccept: [ErrorCode.InvalidRequest] };

  it('a ping with params null answered {} as if params were absent: no wrong code', async () => {
    const s = session({ answer: (m) => ({ jsonrpc: '2.0', id: m.id, result: {} }) });
    expect(await errorCodes.check(env(s), nullParams)).toEqual({ ok: true });
  });

  it('a ping with params null refused with a wrong code still warns', async () => {
    const s = session({ answer: (m) => error(m.id, ErrorCode.InternalError) });
    expect(await errorCodes.check(env(s), nullParams)).toMatchObject({ ok: false });
  });

  it('params [] to a server that has no ping at all: MethodNotFound is the accurate code', async () => {
    const s = session({ answer: (m) => error(m.id, ErrorCode.MethodNotFound), fence: methodNotFound });
    expect(await errorCodes.check(env(s), arrayParams)).toEqual({ ok: true });
  });

  it('params [] drawing MethodNotFound from a server whose ping works is still a wrong code', async () => {
    const s = session({ answer: (m) => error(m.id, ErrorCode.MethodNotFound) });
    expect(await errorCodes.check(env(s), arrayParams)).toMatchObject({ ok: false, actual: expect.stringContaining(String(ErrorCode.MethodNotFound)) });
  });
});

describe('fuzz.answers-once over HTTP: a refusal with a JSON-RPC error body is an answer', () => {
  const ping: FuzzMessage = { label: 'a ping', cls: 'valid', method: 'ping', id: { kind: 'counter' } };

  it('a POST refused with HTTP 400 and an id-null InvalidRequest body was answered', async () => {
    // What the transport makes of it: the body delivered (id null), the request id refused.
    // Id null is right there: the server took the message for invalid.
    const s = session({ answer: () => error(null, ErrorCode.InvalidRequest), refused: () => true });
    expect(await answersOnce.check(env(s), [ping, ping])).toEqual({ ok: true });
  });

  it('a refusal of a request the server read, with id null, answered it under the wrong id', async () => {
    // As the reference's http-error-id-null fault: the id was readable, so the response owes it.
    const s = session({ answer: () => error(null, ErrorCode.MethodNotFound), refused: () => true });
    expect(await answersOnce.check(env(s), [ping])).toMatchObject({ ok: false, actual: expect.stringMatching(/refused .* id null instead/) });
  });

  it('a malformed request whose POST was refused with an HTTP 4xx and no body was answered by the status', async () => {
    // As notion-http and others refuse a ping with an extra top-level member: HTTP 400, no body.
    const extra: FuzzMessage = { label: 'a ping with an extra top-level member', cls: 'extra-envelope', method: 'ping', id: { kind: 'counter' }, extra: { 'x-fuzz': true } };
    const invalid: FuzzMessage = { label: 'tools/call with `arguments` a string', cls: 'invalid-params', method: 'tools/call', id: { kind: 'counter' }, params: { name: 'x', arguments: 'x' } };
    const s = session({ answer: (m) => (m['x-fuzz'] || m.method === 'tools/call' ? undefined : { jsonrpc: '2.0', id: m.id, result: {} }), refused: (id) => id !== undefined && id !== 'fence' });
    expect(await answersOnce.check(env(s), [extra, invalid])).toEqual({ ok: true });
  });

  it('a POST of a valid request refused with no body at all is still no answer', async () => {
    const s = session({ answer: () => undefined, refused: () => true });
    expect(await answersOnce.check(env(s), [ping])).toMatchObject({ ok: false, actual: expect.stringMatching(/its POST was refused/) });
  });
});

describe('base.parse-error-code: the answer to the malformed line, not a reply to something else', () => {
  /**
   * A conversation whose server owes a wrong reply to notifications/initialized (an id-less
   * result) that it sends with its next output, and answers malformed text with `parse`.
   */
  function conversation(parse: unknown[]): Conversation & { fence(): Promise<Reply> } {
    const inbound: InboundMessage[] = [];
    let owed = true;
    const push = (message: unknown): void => void inbound.push({ message, seq: inbound.length + 1 });
    const flush = (): void => {
      if (owed) push({ jsonrpc: '2.0', result: {} });
      owed = false;
    };
    const conv = {
      mark: () => inbound.length,
      since: (mark: number) => inbound.slice(mark),
      sendRaw: async () => {
        flush();
        for (const m of parse) push(m);
      },
      fence: async (): Promise<Reply> => {
        flush();
        const message = { jsonrpc: '2.0', id: `fence-${inbound.length}`, result: {} };
        push(message);
        return { kind: 'result', result: {}, message, seq: inbound.length } as Reply;
      },
    };
    return conv as unknown as Conversation & { fence(): Promise<Reply> };
  }
  const ctx = {} as CheckContext;

  it('the reply to the notification, owed from before, is not taken for the answer', async () => {
    const outcome = await sendMalformed(ctx, conversation([error(null, ErrorCode.ParseError)]), '{"jsonrpc":', 'ping');
    expect(outcome.answer).toEqual(error(null, ErrorCode.ParseError));
  });

  it('nothing said about the malformed line: no answer, whatever came before it', async () => {
    const outcome = await sendMalformed(ctx, conversation([]), '{"jsonrpc":', 'ping');
    expect(outcome.answer).toBeUndefined();
  });

  it('among id-less responses after the line, its error is the answer', async () => {
    const outcome = await sendMalformed(ctx, conversation([{ jsonrpc: '2.0', result: {} }, error(null, ErrorCode.ParseError)]), '{"jsonrpc":', 'ping');
    expect(outcome.answer).toEqual(error(null, ErrorCode.ParseError));
  });

  it('an id-less result or a notification after the line is no answer to it: only an error is', async () => {
    const log = { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'read a line' } };
    const outcome = await sendMalformed(ctx, conversation([log, { jsonrpc: '2.0', result: {} }]), '{"jsonrpc":', 'ping');
    expect(outcome.answer).toBeUndefined();
    const answered = await sendMalformed(ctx, conversation([log, { jsonrpc: '2.0', result: {} }, error(null, ErrorCode.ParseError)]), '{"jsonrpc":', 'ping');
    expect(answered.answer).toEqual(error(null, ErrorCode.ParseError));
  });
});
