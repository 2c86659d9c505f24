// A verdict that may rest on a timeout is tried again alone. What the first attempt kept for
// that attempt (ctx.keepForRetry) reaches it as ctx.retryOf, so that it re-examines only the
// exchange in doubt. A fuzz property keeps its counterexample: alone, only that input is sent
// again (recheckAlone), and it decides the verdict either way.
import { describe, expect, it } from 'vitest';
import type { Check, Verdict } from '../harness/checks/check.js';
import { runChecks } from '../harness/checks/runner.js';
import { answersOnce, type FuzzProperty } from '../harness/fuzz/properties.js';
import { keptCase, recheckAlone, runProperty, type KeptCase, type PropertyResult } from '../harness/fuzz/run.js';
import { defaultSettings } from '../harness/settings.js';
import { referenceCommand } from './helpers/reference.js';

const REVISION = '2025-11-25';
const SETTINGS = { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 5 } };

function testCheck(id: string, run: Check['run']): Check {
  return { id, title: id, spec: { url: 'basic', level: 'MUST' }, side: 'server', revisions: REVISION, transports: 'any', faults: [], run, deadlineMs: () => 60_000 };
}

function run(checks: Check[], fault?: string) {
  return runChecks({ target: { kind: 'stdio', command: referenceCommand(fault) }, checks, revisions: [REVISION], timeoutMs: 1000, concurrency: 4, toolVersion: 'test', settings: SETTINGS });
}

describe('the attempt alone', () => {
  it('gets what the first attempt kept, and a check that kept nothing gets nothing', async () => {
    const seen: Record<string, unknown[]> = { keeper: [], plain: [] };
    const doubtful = (name: string, keep: boolean) =>
      testCheck(`test.${name}`, async (ctx): Promise<Verdict> => {
        seen[name]?.push(ctx.retryOf);
        if (ctx.retryOf !== undefined || seen[name]?.length === 2) return ctx.pass();
        if (keep) ctx.keepForRetry({ case: 7 });
        return ctx.warn({ expected: 'an answer', actual: 'no response within 10 ms' });
      });
    const report = await run([doubtful('keeper', true), doubtful('plain', false)]);
    expect(seen).toEqual({ keeper: [undefined, { case: 7 }], plain: [undefined, undefined] });
    for (const r of report.results) expect([r.id, r.status, r.firstAttempt?.status]).toEqual([r.id, 'pass', 'warn']);
  });
});

describe('a fuzz property tried again alone', () => {
  const prop = answersOnce as FuzzProperty<unknown>;
  let kept: KeptCase<unknown> | undefined;
  const rechecks: (PropertyResult<unknown> | undefined)[] = [];
  const find = testCheck('test.find', async (ctx): Promise<Verdict> => {
    kept = keptCase(await runProperty(ctx, prop, { seed: 42, runs: 5, budgetMs: 30_000 }));
    rechecks.push(kept ? await recheckAlone(ctx, prop, kept) : undefined);
    return ctx.pass();
  });
  const recheck = testCheck('test.recheck', async (ctx): Promise<Verdict> => {
    rechecks.push(kept ? await recheckAlone(ctx, prop, kept) : undefined);
    return ctx.pass();
  });

  it('sends only the counterexample again: the faulty server fails it again, the clean one does not', async () => {
    await run([find], 'fuzz-hang-long-id');
    expect(kept?.found?.seed).toBe(42);
    await run([recheck]);
    const [faulty, clean] = rechecks;
    expect(faulty).toMatchObject({ rechecked: true, runs: 1, failure: { input: kept?.input, seed: 42, path: kept?.found?.path } });
    expect(faulty?.failure?.judgement.actual).toMatch(/no (answer|response)/);
    expect(clean).toMatchObject({ rechecked: true, runs: 1 });
    expect(clean?.failure).toBeUndefined();
    expect(clean?.soft).toBeUndefined();
  });
});
