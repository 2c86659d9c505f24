// The session pool lends at most `max` sessions, and a waiting borrower opens one past that
// only when waiting could never end: every lent session is held by a check blocked on a look.
// A session that carried hostile input goes back to hostile borrowers only.
import { describe, expect, it } from 'vitest';
import { SessionPool, type Holder } from '../harness/checks/session-pool.js';
import type { Peer } from '../harness/jsonrpc/peer.js';
import { ObservationLog, RoutingObservationLog } from '../harness/observations.js';
import { PeerConversation } from '../harness/sessions/conversation.js';
import type { Session } from '../harness/sessions/session.js';

/**
 * A connection the pool only counts, fences (answered with `fenceReply`; `fences` counts them),
 * watches close and closes. `lastExchangeAnswered`: an HTTP peer whose last request got a result.
 */
function fakeSession(opts: { lastExchangeAnswered?: boolean; fenceReply?: string } = {}): Session & { fences: number } {
  const peer = {
    closed: undefined as string | undefined,
    transport: { kind: 'stdio', onEvent: () => undefined },
    unanswered: 0,
    lastExchangeAnswered: opts.lastExchangeAnswered ?? false,
    close: async () => void (peer.closed = 'closed'),
    inbound: [{ message: { jsonrpc: '2.0', method: 'notifications/message' } }],
    forgetInbound: () => void peer.inbound.splice(0),
  };
  const session = new PeerConversation(peer as unknown as Peer) as unknown as Session & { fences: number };
  session.fences = 0;
  Object.assign(session, { fence: async () => (session.fences++, { kind: opts.fenceReply ?? 'result', result: {} }) });
  return session;
}

/** Settled within a few turns of the event loop? */
async function settles(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  const settle = () => (done = true);
  p.then(settle, settle);
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
  return done;
}

function poolOfOne(): { pool: SessionPool; opened: () => number } {
  let opened = 0;
  const pool = new SessionPool(new ObservationLog(), async () => (opened++, fakeSession()), 1);
  return { pool, opened: () => opened };
}

describe('SessionPool', () => {
  it('makes a borrower wait while the one session is held by a check that is working', async () => {
    const { pool, opened } = poolOfOne();
    await pool.borrow({ holder: { blocked: () => false } });
    const second = pool.borrow();
    pool.recheck();
    expect(await settles(second)).toBe(false);
    expect(opened()).toBe(1);
    await pool.close();
    await expect(second).rejects.toThrow();
  });

  it('opens one past the maximum once every holder is blocked on a look', async () => {
    const { pool, opened } = poolOfOne();
    let blocked = false;
    const holder: Holder = { blocked: () => blocked };
    await pool.borrow({ holder });
    // The look's recorder asks for a session: the holder still works, so it waits.
    const recorder = pool.borrow();
    expect(await settles(recorder)).toBe(false);
    // The holder now waits for that look: nothing would ever come back.
    blocked = true;
    pool.recheck();
    expect(await settles(recorder)).toBe(true);
    expect(opened()).toBe(2);
    await pool.close();
  });

  it('lends past the maximum at once to a borrower that already holds a session', async () => {
    const { pool, opened } = poolOfOne();
    await pool.borrow();
    expect(await settles(pool.borrow({ wait: false }))).toBe(true);
    expect(opened()).toBe(2);
    await pool.close();
  });

  it('grows past the maximum for a borrower that waited long, only while the target is slow to answer', async () => {
    let opened = 0;
    let slow = false;
    let budget = 1;
    const growth = { afterMs: () => (slow ? 20 : undefined), take: () => budget > 0 && budget-- > 0, give: () => void budget++ };
    const pool = new SessionPool(new ObservationLog(), async () => (opened++, fakeSession()), 1, () => 1000, growth);
    await pool.borrow();
    // A prompt target: the wait is the holder's own work; another process would not help.
    const prompt = pool.borrow();
    await new Promise((r) => setTimeout(r, 60));
    expect(await settles(prompt)).toBe(false);
    expect(opened).toBe(1);
    // A slow target: once a borrower has waited afterMs, it opens its own, on the budget.
    slow = true;
    const patient = pool.borrow();
    await new Promise((r) => setTimeout(r, 60));
    expect(await settles(patient)).toBe(true);
    expect(opened).toBe(2);
    // The budget is spent: the next one waits.
    const third = pool.borrow();
    await new Promise((r) => setTimeout(r, 60));
    expect(await settles(third)).toBe(false);
    await pool.close();
    await expect(prompt).rejects.toThrow();
    await expect(third).rejects.toThrow();
  });

  it('lends a session a hostile borrower gave back to hostile borrowers only', async () => {
    let opened = 0;
    const pool = new SessionPool(new ObservationLog(), async () => (opened++, fakeSession()), 2);
    const fuzzed = await pool.borrow({ hostile: 'reuse' });
    const plain = await pool.borrow();
    await pool.release(fuzzed, true);
    await pool.release(plain, true);
    // Another fuzz property gets the fuzzed session; an ordinary check the other one.
    expect(await pool.borrow({ hostile: 'reuse' })).toBe(fuzzed);
    await pool.release(fuzzed, true);
    expect(await pool.borrow()).toBe(plain);
    // A replay alone must not get the fuzzed one: it replaces it (the pool is full).
    const replay = await pool.borrow({ hostile: 'clean' });
    expect(replay).not.toBe(fuzzed);
    expect(fuzzed.closed).toBe('closed');
    expect(opened).toBe(3);
    await pool.close();
  });

  it('fences a returned session before lending it again, unless its last request already got a result', async () => {
    const quiet = fakeSession({ lastExchangeAnswered: true, fenceReply: 'timeout' });
    const pool = new SessionPool(new ObservationLog(), async () => quiet, 1);
    await pool.release(await pool.borrow(), true);
    expect(quiet.fences).toBe(0);
    expect(await pool.borrow()).toBe(quiet);
    // The next borrower starts with nothing of the last one's traffic (a 50 MB answer kept by
    // every lent session would exhaust memory).
    expect(quiet.inbound).toEqual([]);
    await pool.close();

    const busy = fakeSession({ fenceReply: 'timeout' });
    const fresh = fakeSession();
    const sessions = [busy, fresh];
    const other = new SessionPool(new ObservationLog(), async () => sessions.shift() as Session, 1);
    await other.release(await other.borrow(), true);
    // Its fence went unanswered: it is closed, and the next borrower gets a new session.
    expect(busy.fences).toBe(1);
    expect(busy.closed).toBe('closed');
    expect(await other.borrow()).toBe(fresh);
    await other.close();
  });
  it('lends a session a check opened on its own and gave over (adopt) instead of opening one', async () => {
    const { pool, opened } = poolOfOne();
    const held = await pool.borrow();
    const donated = fakeSession();
    // Its observations come routed, so a later borrower can keep its own kinds to itself.
    const route = new RoutingObservationLog(new ObservationLog());
    await pool.adopt(donated as never, route, true);
    expect(donated.fences).toBe(1);
    expect(await pool.borrow({ withhold: ['schema-invalid'] })).toBe(donated);
    expect(route.withheld).toEqual(['schema-invalid']);
    expect(opened()).toBe(1);
    await pool.release(held as never, true);
    await pool.close();
  });

  it('closes a donated session that is not usable, or when the pool is shut', async () => {
    const { pool } = poolOfOne();
    const broken = fakeSession();
    await pool.adopt(broken as never, new RoutingObservationLog(new ObservationLog()), false);
    expect(broken.closed).toBeTruthy();
    await pool.close();
    const late = fakeSession();
    await pool.adopt(late as never, new RoutingObservationLog(new ObservationLog()), true);
    expect(late.closed).toBeTruthy();
  });
});
