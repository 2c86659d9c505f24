// A check's deadline counts its own work, not the time it waited for a lent session that
// other checks held (over stdio a revision lends two; a slow target can keep a queue waiting).
import { describe, expect, it } from 'vitest';
import type { Check, Verdict } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import { liveProcessGroupCount } from '../harness/processes.js';
import { defaultSettings } from '../harness/settings.js';
import { referenceCommand } from './helpers/reference.js';

const REVISION = '2025-06-18';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function testCheck(id: string, deadlineMs: number, run: Check['run']): Check {
  return { id, title: id, spec: { url: 'basic', level: 'MUST' }, side: 'server', revisions: REVISION, transports: 'any', faults: [], run, deadlineMs: () => deadlineMs };
}

/** Holds a lent session for `ms`. */
const holder = (id: string, ms: number) =>
  testCheck(id, 10_000, async (ctx): Promise<Verdict> => {
    await ctx.session();
    await sleep(ms);
    return ctx.pass();
  });

describe('a check deadline', () => {
  it('does not count waiting for a lent session, but still cuts a check that overruns', async () => {
    const queued = testCheck('test.queued', 1000, async (ctx): Promise<Verdict> => {
      const session = await ctx.session();
      const ping = await session.request('ping', undefined);
      return ping.kind === 'result' ? ctx.pass() : ctx.fail({ expected: 'a ping result', actual: ping.kind });
    });
    const overrun = testCheck('test.overrun', 300, async (ctx): Promise<Verdict> => {
      await sleep(1500);
      return ctx.pass();
    });
    const settings = { ...defaultSettings(), fuzz: { enabled: false, seed: 1, runs: 1 } };
    const report = await runChecks({
      target: { kind: 'stdio', command: referenceCommand() },
      checks: [holder('test.holder-a', 1300), holder('test.holder-b', 1300), queued, overrun],
      revisions: [REVISION],
      timeoutMs: 2000,
      concurrency: 8,
      toolVersion: 'test',
      settings,
    });
    const status = Object.fromEntries(report.results.map((r) => [r.id, `${r.status}${r.reason ? ` ${r.reason}` : ''}`]));
    expect(report.results.find((r) => r.id === 'test.queued')?.durationMs, 'it waited longer than its deadline').toBeGreaterThan(1000);
    expect(status['test.queued']).toBe('pass');
    // An error may rest on the run's own load: it was tried again alone, and held.
    expect(status['test.overrun']).toMatch(/^error the check did not finish within 300 ms \(confirmed when tried again alone; with \d+ checks? in flight, the first attempt got error: the check did not finish within 300 ms\)$/);
    expect(report.results.find((r) => r.id === 'test.overrun')?.firstAttempt?.status).toBe('error');
  });

  it('leaves no process behind when a check cut by its deadline opens a connection after the run ended', async () => {
    let runEnded = () => undefined as void;
    const ended = new Promise<void>((r) => (runEnded = r));
    const attempts: Promise<string>[] = [];
    // Cut at 300 ms, it goes on in the background, and opens a new process once the run is over.
    const late = testCheck('test.late-opener', 300, (ctx): Promise<Verdict> => {
      const attempt = ended.then(() => ctx.connect().then(() => 'opened', (e: unknown) => (e instanceof Error ? e.message : String(e))));
      attempts.push(attempt);
      return attempt.then(() => ctx.pass());
    });
    const before = liveProcessGroupCount();
    const report = await runChecks({
      target: { kind: 'stdio', command: referenceCommand() },
      checks: [late],
      revisions: [REVISION],
      timeoutMs: 2000,
      concurrency: 8,
      toolVersion: 'test',
      settings: { ...defaultSettings(), fuzz: { enabled: false, seed: 1, runs: 1 } },
    });
    expect(report.results.find((r) => r.id === 'test.late-opener')?.status).toBe('error');
    runEnded();
    // Each attempt (the first and the one alone) was refused its connection, which was closed.
    expect(await Promise.all(attempts)).toEqual(attempts.map(() => 'no more connections: the run is ending'));
    expect(liveProcessGroupCount()).toBe(before);
  });
});
