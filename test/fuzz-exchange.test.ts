// One fuzz exchange against a stand-in session: which owed answers it waits for.
import { describe, expect, it } from 'vitest';
import type { CheckContext } from '../harness/checks/check.js';
import type { Corpus } from '../harness/fuzz/corpus.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { exchange, type Conn, type Connections } from '../harness/fuzz/exchange.js';
import { answersOnce, type Env } from '../harness/fuzz/properties.js';
import { IdSource, type FuzzMessage } from '../harness/fuzz/messages.js';
import type { InboundMessage, Reply } from '../harness/jsonrpc/types.js';
import type { Session } from '../harness/sessions/session.js';

const HOUR = 3_600_000;

/**
 * A session that answers the fence at once and each input `lateMs` after it was sent (never,
 * when undefined), and refuses the ids `refused` names.
 */
function session(refused: (id: unknown) => boolean, lateMs?: number): Session {
  const fence: Reply = { kind: 'result', result: {}, message: { jsonrpc: '2.0', id: 'fence', result: {} } } as Reply;
  const inbound: InboundMessage[] = [];
  const waiters: { test: (m: InboundMessage) => boolean; resolve: (m: InboundMessage | undefined) => void }[] = [];
  const stub = {
    mark: () => inbound.length,
    since: (mark: number) => inbound.slice(mark),
    waitFor: (test: (m: InboundMessage) => boolean, ms: number) =>
      new Promise<InboundMessage | undefined>((resolve) => {
        waiters.push({ test, resolve });
        setTimeout(() => resolve(undefined), ms).unref();
      }),
    sendRaw: async (text: string) => {
      if (lateMs === undefined) return;
      const { id } = JSON.parse(text) as { id: unknown };
      setTimeout(() => {
        const m = { message: { jsonrpc: '2.0', id, result: {} } } as InboundMessage;
        inbound.push(m);
        for (const w of waiters) if (w.test(m)) w.resolve(m);
      }, lateMs);
    },
    fence: async () => fence,
    sentRequestWithId: () => false,
    refused,
  };
  return stub as unknown as Session;
}

const ping = (label: string): FuzzMessage => ({ label, cls: 'valid', method: 'ping', id: { kind: 'counter' } });

describe('fuzz exchange', () => {
  it('does not wait for the answer to a request whose message was refused: none can come', async () => {
    const conn: Conn = { session: session(() => true), ids: new IdSource() };
    // Owed an answer within an hour: waiting it out would time the test out.
    const x = await exchange(conn, [ping('a refused ping'), ping('another')], { owner: 'test', timeoutMs: HOUR, owed: () => true });
    expect(x.unanswered).toEqual([0, 1]);
    expect(x.answers).toEqual([[], []]);
  });

  it('waits for the late answer to a request that was not refused', async () => {
    const conn: Conn = { session: session(() => false, 20), ids: new IdSource() };
    const x = await exchange(conn, [ping('a ping answered late')], { owner: 'test', timeoutMs: HOUR, owed: () => true });
    expect(x.unanswered).toEqual([]);
    expect(x.answers[0]).toHaveLength(1);
  });
});

describe('answers-once, its soft debts looked at once at the end of the run (deferSoft)', () => {
  const extra: FuzzMessage = { label: 'ping with an extra top-level member', cls: 'extra-envelope', method: 'ping', id: { kind: 'counter' }, extra: { 'x-fuzz': true } };
  const env = (s: Session): Env => ({
    ctx: { owner: 'test' } as CheckContext,
    conns: { get: async () => ({ session: s, ids: new IdSource() }) } as unknown as Connections,
    gen: undefined as never,
    corpus: { schema: { validate: () => ({ ok: true }) } } as unknown as Corpus,
    timeoutMs: HOUR,
    stats: { inputs: 0, messages: 0 },
    deferSoft: true,
  });

  it('does not wait after the fence, and clears the miss when the late answer comes', async () => {
    const judged = await answersOnce.check(env(session(() => false, 30)), [extra]);
    // Had the exchange waited its usual 100 ms, the answer (30 ms late) would be in already.
    expect(judged).toMatchObject({ ok: false, soft: true, actual: 'no response: the request was dropped' });
    await sleep(60);
    expect(judged.ok === false && judged.recheck?.()).toEqual({ ok: true });
  });

  it('keeps the miss when no answer ever comes', async () => {
    const judged = await answersOnce.check(env(session(() => false)), [extra]);
    await sleep(60);
    expect(judged.ok === false && judged.recheck?.()).toMatchObject({ ok: false, soft: true, actual: 'no response: the request was dropped' });
  });
});
