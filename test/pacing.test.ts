// The pieces of pacing on their own: the pace (patience and window), the start gate, the
// liveness probe, the check pool's moving limit, and what a retry alone reports.
import { describe, expect, it } from 'vitest';
import { Pool } from '../harness/checks/pool.js';
import { confirmedAlone, restsOnTimeout, unansweredMethods } from '../harness/checks/confirm.js';
import type { CheckResult } from '../harness/checks/result.js';
import type { Reply } from '../harness/jsonrpc/types.js';
import { Liveness, type LivenessDeps } from '../harness/pacing/liveness.js';
import { Pace } from '../harness/pacing/pace.js';
import { StartGate, holdFor } from '../harness/pacing/start-gate.js';
import type { Session } from '../harness/sessions/session.js';

const pace = (timeoutMs = 1000, ceiling = 16) => new Pace({ timeoutMs, startupTimeoutMs: 30_000, ceiling });

describe('the pace of a target', () => {
  it('waits --timeout for a prompt target, and three times its slowest answer for a slow one', () => {
    const p = pace(1000);
    p.noteAnswer('ping', 5);
    expect(p.patience()).toBe(1000);
    p.noteAnswer('tools/list', 800);
    expect(p.patience()).toBe(2400);
    // A tool runs as long as it runs: its time is not the target's pace.
    p.noteAnswer('tools/call', 9000);
    expect(p.patience()).toBe(2400);
    expect(p.summary().answers).toMatchObject({ count: 2, slowestMs: 800, slowestMethod: 'tools/list' });
  });

  it('never waits past the startup timeout, and a retry alone waits at least twice --timeout', () => {
    const p = new Pace({ timeoutMs: 1000, startupTimeoutMs: 5000, ceiling: 4 });
    p.noteAnswer('ping', 1);
    p.noteAnswer('ping', 4000);
    expect(p.patience()).toBe(5000);
    const q = pace(1000);
    q.retrying = true;
    expect(q.patience()).toBe(2000);
  });

  it("waits the startup timeout for a new connection's first answer until a start was measured, then a few times the slowest start", () => {
    const p = pace(1000);
    expect(p.openingPatience()).toBe(30_000);
    p.noteStart(200);
    expect(p.openingPatience()).toBe(1000);
    p.noteStart(4000);
    expect(p.openingPatience()).toBe(12_000);
    p.noteStart(20_000);
    expect(p.openingPatience()).toBe(30_000);
  });

  it('widens the window while answers stay quick, up to --concurrency', () => {
    const p = pace(1000, 6);
    expect(p.window).toBe(4);
    for (let i = 0; i < 50; i++) p.noteAnswer('ping', 2);
    expect(p.window).toBe(6);
    expect(p.summary().largestWindow).toBe(6);
  });

  it('counts timeouts but does not cut the window for them alone: a hung request or a dead connection is no sign of load', () => {
    const p = pace(1000, 16);
    for (let i = 0; i < 200; i++) p.noteAnswer('ping', 2);
    expect(p.window).toBe(16);
    p.noteTimeout();
    p.noteTimeout();
    expect(p.window).toBe(16);
    expect(p.summary()).toMatchObject({ timeouts: 2, finalWindow: 16 });
  });

  it('halves the window, once per calm period, when a late answer shows the target fell behind', () => {
    const p = pace(1000, 16);
    for (let i = 0; i < 200; i++) p.noteAnswer('ping', 2);
    const cuts: string[] = [];
    p.onCut((c) => cuts.push(`${c.from}->${c.to}: ${c.why}`));
    p.noteAnswer('tools/list', 4000);
    p.noteAnswer('prompts/list', 4000);
    expect(p.window).toBe(8);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatch(/^16->8: answers slowed down to about \d+ ms \(tools\/list took 4000 ms\)$/);
  });

  it('a pool fence waits a few recent answers (at least a second, at most the patience)', () => {
    const p = pace(5000, 16);
    expect(p.fencePatience()).toBe(1000);
    for (let i = 0; i < 50; i++) p.noteAnswer('ping', 400);
    expect(p.fencePatience()).toBe(3200);
    for (let i = 0; i < 50; i++) p.noteAnswer('tools/list', 2000);
    expect(p.fencePatience()).toBe(p.patience());
  });

  it('notes a message that cost seconds to read, and counts the time spent reading as ours', () => {
    const p = pace(1000, 16);
    p.noteRead('tools/list', 50_000_000, 2500, 400);
    p.noteRead('tools/list', 50_000_001, 1200, 300);
    p.noteRead('ping', 40, 1, 0.1);
    expect(p.ownBusyMs).toBeCloseTo(700.1);
    expect(p.summary().slowReads).toEqual([{ method: 'tools/list', count: 2, slowestMs: 2500, largestBytes: 50_000_001 }]);
    expect(pace(1000, 16).summary().slowReads).toBeUndefined();
  });

  it('halves the window when answers slow down past a quarter of --timeout and four times the quickest', () => {
    const p = pace(1000, 16);
    p.noteAnswer('ping', 20);
    for (let i = 0; i < 10; i++) p.noteAnswer('ping', 600);
    expect(p.window).toBe(2);
    expect(p.cuts[0]?.why).toMatch(/^answers slowed down to about \d+ ms/);
  });

  it('a target that always takes its time is not falling behind: the window still grows', () => {
    const p = pace(1000, 16);
    for (let i = 0; i < 100; i++) p.noteAnswer('ping', 300 + (i % 3) * 50);
    expect(p.cuts).toEqual([]);
    expect(p.window).toBe(16);
  });

  it('records each measured start', () => {
    const p = pace();
    p.noteStart(1200);
    p.noteStart(800);
    expect(p.slowestStartMs).toBe(1200);
    expect(p.summary().startsMs).toEqual([1200, 800]);
  });
});

describe('the start gate', () => {
  it('lets at most its size start at once; a place comes back when a start leaves', async () => {
    const gate = new StartGate(2);
    const a = await gate.enter(60_000);
    await gate.enter(60_000);
    let third = false;
    const waiting = gate.enter(60_000).then(() => (third = true));
    await Promise.resolve();
    expect(third).toBe(false);
    a();
    a(); // leaving twice gives back one place
    await waiting;
    expect(third).toBe(true);
  });

  it('gives a place back by itself once it was held long enough', async () => {
    const gate = new StartGate(1);
    await gate.enter(10);
    const next = await gate.enter(60_000);
    next();
  });

  it('stops waiting when the start is no longer wanted', async () => {
    const gate = new StartGate(1);
    await gate.enter(60_000);
    const cut = new AbortController();
    const waiting = gate.enter(60_000, cut.signal);
    cut.abort(new Error('not wanted'));
    await expect(waiting).rejects.toThrow('not wanted');
  });

  it('holds a place for the startup timeout until a start was measured, then a few times the slowest', () => {
    expect(holdFor(0, 30_000)).toBe(30_000);
    expect(holdFor(200, 30_000)).toBe(1000);
    expect(holdFor(2000, 30_000)).toBe(6000);
    expect(holdFor(20_000, 30_000)).toBe(30_000);
  });
});

describe('the check pool under a moving limit', () => {
  it('admits more when the limit grows and fewer when it shrinks', async () => {
    let limit = 1;
    const pool = new Pool(() => limit);
    let running = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const task = () =>
      pool.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((r) => gates.push(r));
        running--;
      });
    const all = [task(), task(), task()];
    await Promise.resolve();
    expect(running).toBe(1);
    limit = 3;
    pool.widened();
    await Promise.resolve();
    expect(running).toBe(3);
    limit = 1;
    for (const open of gates.splice(0)) open();
    await Promise.all(all);
    expect(most).toBe(3);
  });
});

/** A session whose fence answers as told. */
const fenced = (reply: Reply): Session => {
  const session = { rev: { fence: 'ping' }, fence: async () => reply } as unknown as Session & { withOwner(o: string): Session };
  session.withOwner = () => session;
  return session;
};

function deps(over: Partial<LivenessDeps>): LivenessDeps & { replaced: Session[]; silentWhy: string[] } {
  const replaced: Session[] = [];
  const silentWhy: string[] = [];
  return {
    shared: () => Promise.resolve(fenced({ kind: 'timeout', afterMs: 100 })),
    openFresh: async () => fenced({ kind: 'result', result: {}, message: {} }),
    replaceShared: (_r, s) => void replaced.push(s),
    discard: async () => undefined,
    patience: () => 100,
    freshKind: 'process',
    onSilent: (why) => void silentWhy.push(why),
    replaced,
    silentWhy,
    ...over,
  };
}

describe('liveness', () => {
  it('a shared session that still answers: alive, nothing replaced', async () => {
    const d = deps({ shared: () => Promise.resolve(fenced({ kind: 'result', result: {}, message: {} })) });
    const live = new Liveness(d);
    live.noticeTimeout('2025-06-18', 'tools/call');
    await live.settled();
    expect(live.silent).toBeUndefined();
    expect(d.replaced).toEqual([]);
  });

  it('a stuck shared session while a fresh connection answers: alive, the fresh one takes its place', async () => {
    const d = deps({});
    const live = new Liveness(d);
    live.noticeTimeout('2025-06-18', 'tools/call');
    await live.settled();
    expect(live.silent).toBeUndefined();
    expect(d.replaced).toHaveLength(1);
  });

  it('silent on the shared session and on a fresh one: the target is silent, and the sentence says both', async () => {
    const d = deps({ openFresh: async () => fenced({ kind: 'timeout', afterMs: 100 }) });
    const live = new Liveness(d);
    live.noticeTimeout('2025-06-18', 'tools/call');
    await live.settled();
    expect(live.silent).toBe(
      "the server stopped answering: tools/call got no answer, neither did ping on the revision's session (within 100 ms), nor on a fresh process: it opened, then ping got no answer (within 100 ms)",
    );
    expect(d.silentWhy).toEqual([live.silent]);
  });

  it('a fresh connection that cannot even open: silent, saying why', async () => {
    const d = deps({
      openFresh: async () => {
        throw new Error('no answer to initialize within 100 ms');
      },
    });
    const live = new Liveness(d);
    live.noticeTimeout('2025-06-18', 'ping');
    await live.settled();
    expect(live.silent).toMatch(/nor did a fresh process open \(no answer to initialize within 100 ms\)$/);
  });
});

const result = (over: Partial<CheckResult>): CheckResult => ({
  id: 'tools.list-shape',
  title: 't',
  area: 'tools',
  side: 'server',
  level: 'MUST',
  spec: 'https://example.invalid',
  revision: '2025-06-18',
  transport: 'stdio',
  status: 'fail',
  durationMs: 10,
  ...over,
});

describe('a verdict that may rest on a timeout', () => {
  it('is an error, a fail or warn whose request timed out, or whose evidence says a wait ran out', () => {
    expect(restsOnTimeout(result({ status: 'error', reason: 'the check crashed' }), false)).toBe(true);
    expect(restsOnTimeout(result({ actual: 'error -32602' }), true)).toBe(true);
    expect(restsOnTimeout(result({ actual: 'no response within 2000 ms' }), false)).toBe(true);
    expect(restsOnTimeout(result({ actual: 'nothing within 500 ms after the trigger' }), false)).toBe(true);
    expect(restsOnTimeout(result({ actual: 'error -32602' }), false)).toBe(false);
    expect(restsOnTimeout(result({ status: 'pass' }), true)).toBe(false);
    expect(restsOnTimeout(result({ status: 'skip', reason: 'not-declared: the server does not declare the `tools` capability' }), true)).toBe(false);
    expect(restsOnTimeout(result({ status: 'skip', reason: 'tools/list got no answer (no response within 2000 ms): no answer to judge' }), false)).toBe(true);
    // A skip's code is kept apart from its words (result-builder.ts): the code says inconclusive.
    expect(restsOnTimeout(result({ status: 'skip', skipCode: 'inconclusive', reason: 'the tool answered before the cancellation' }), false)).toBe(true);
    // A skip for want of a precondition that a discovery list without an answer would have shown.
    expect(restsOnTimeout(result({ status: 'skip', reason: 'not-applicable: no tools listed' }), false, true)).toBe(true);
    expect(restsOnTimeout(result({ status: 'skip', reason: 'not-applicable: no tools listed' }), true, false)).toBe(false);
  });

  it('names the methods whose requests got no answer, from the wire', () => {
    const at = (text: string) => ({ seq: 1, t: 0, dir: 'event' as const, conn: 'c1', text });
    expect([...unansweredMethods([at('no response to tools/list (id 3) within 2000 ms'), at('no response to ping (id "p") in a batch within 50 ms'), at('spawn: x')])]).toEqual(['tools/list', 'ping']);
  });

  it('reports the attempt made alone, with the first beside it and both wire excerpts', () => {
    const first = result({ status: 'fail', actual: 'no response within 2000 ms', wire: [{ seq: 1, t: 0, dir: 'out', conn: 'c1', text: 'a' }] });
    const passed = confirmedAlone(first, result({ status: 'pass' }), 5);
    expect(passed).toMatchObject({ status: 'pass', reason: 'tried again alone: pass; with 5 checks in flight, the first attempt got fail: no response within 2000 ms', firstAttempt: { status: 'fail' } });
    expect(passed.wire).toBeUndefined();
    const held = confirmedAlone(first, result({ status: 'fail', actual: 'no response within 4000 ms', wire: [{ seq: 9, t: 5, dir: 'event', conn: 'c2', text: 'b' }] }), 1);
    expect(held.reason).toBe('confirmed when tried again alone; with 1 check in flight, the first attempt got fail: no response within 2000 ms');
    expect(held.wire?.map((e) => e.seq)).toEqual([1, 9]);
    expect(held.durationMs).toBe(20);
  });
});
