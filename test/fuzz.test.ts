// The fuzz suite's own proof. With a fixed seed, each fuzz fault of the reference server is
// found by exactly the right fuzz check, and the seed in its report replays it. The random
// part alone (no canonical inputs) finds each fault too, shrinks it, and fast-check's seed
// and path replay the very same counterexample. The clean server passes; --no-fuzz skips.
import { describe, expect, it } from 'vitest';
import type { Check, Verdict } from '../harness/checks/check.js';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { stdioFraming } from '../harness/fuzz/framing.js';
import { answersOnce, errorCodes, notificationsUnanswered, survives, type FuzzProperty } from '../harness/fuzz/properties.js';
import { runProperty, type PropertyResult } from '../harness/fuzz/run.js';
import { defaultSettings, type RunSettings } from '../harness/settings.js';
import { fuzzChecks, verdictOf } from '../suites/server/basic/messages/fuzz.js';
import { referenceCommand } from './helpers/reference.js';

const REVISION = '2025-11-25';
const SEED = 42;

function settings(seed: number, enabled = true): RunSettings {
  const d = defaultSettings();
  return { ...d, fuzz: { ...d.fuzz, enabled, seed } };
}

function run(checks: readonly Check[], fault: string | undefined, s: RunSettings, timeoutMs = 1000): Promise<RunReport> {
  return runChecks({ target: { kind: 'stdio', command: referenceCommand(fault) }, checks, revisions: [REVISION], timeoutMs, concurrency: 5, toolVersion: 'test', settings: s });
}

/** Each fuzz fault, the check that must find it, and a seed whose random inputs alone find it. */
const FAULTS: { fault: string; check: string; prop: FuzzProperty<never>; randomSeed: number }[] = [
  { fault: 'fuzz-crash-deep-nesting', check: 'fuzz.survives', prop: survives as FuzzProperty<never>, randomSeed: 3 },
  { fault: 'fuzz-hang-long-id', check: 'fuzz.answers-once', prop: answersOnce as FuzzProperty<never>, randomSeed: 2 },
  { fault: 'fuzz-double-answer-extra-member', check: 'fuzz.answers-once', prop: answersOnce as FuzzProperty<never>, randomSeed: 5 },
  { fault: 'fuzz-answers-request-notification', check: 'fuzz.notifications-unanswered', prop: notificationsUnanswered as FuzzProperty<never>, randomSeed: 1 },
  { fault: 'fuzz-array-params-internal-error', check: 'fuzz.error-codes', prop: errorCodes as FuzzProperty<never>, randomSeed: 4 },
  { fault: 'fuzz-crash-invalid-utf8', check: 'fuzz.stdio-framing', prop: stdioFraming as FuzzProperty<never>, randomSeed: 2 },
];

const status = (report: RunReport) => Object.fromEntries(report.results.map((r) => [r.id, r.status]));

describe('the clean reference server', () => {
  it('passes every fuzz property', async () => {
    const report = await run(fuzzChecks, undefined, settings(SEED));
    expect(status(report)).toEqual(Object.fromEntries(fuzzChecks.map((c) => [c.id, 'pass'])));
    for (const r of report.results) expect(r.reason, r.id).toMatch(/inputs \(\d+ canonical/);
  });

  it('skips every fuzz check with --no-fuzz', async () => {
    const report = await run(fuzzChecks, undefined, settings(SEED, false));
    for (const r of report.results) expect([r.id, r.status, r.reason]).toEqual([r.id, 'skip', 'disabled: --no-fuzz']);
  });
});

describe('with a fixed seed, the right check finds each fuzz fault, and the reported seed replays it', () => {
  for (const { fault, check } of FAULTS) {
    it(fault, async () => {
      const first = await run(fuzzChecks, fault, settings(SEED));
      const want = Object.fromEntries(fuzzChecks.map((c) => [c.id, c.id === check ? expect.stringMatching(/^(fail|warn)$/) : 'pass']));
      expect(status(first)).toEqual(want);
      const found = first.results.find((r) => r.id === check) as CheckResult;
      expect(found.expected).toBeTruthy();
      expect(found.actual).toBeTruthy();
      expect(found.wire?.length ?? 0).toBeGreaterThan(0);
      const reported = /fast-check seed (\d+), path ([\d:]+)/.exec(found.reason ?? '');
      expect(reported?.[1]).toBe(String(SEED));
      expect(found.reason).toContain('reproduced alone on a fresh connection');
      // Replaying with the reported seed gives the same finding.
      const again = await run(fuzzChecks.filter((c) => c.id === check), fault, settings(Number(reported?.[1])));
      const replayed = again.results[0] as CheckResult;
      expect([replayed.status, replayed.actual]).toEqual([found.status, found.actual]);
    });
  }
});

/** A check of this test's own, at REVISION, that runs `run` on an own connection. */
function testCheck(id: string, title: string, run: Check['run'], deadlineMs?: number): Check {
  return { id, title, spec: { url: 'basic', level: 'MUST' }, side: 'server', revisions: REVISION, transports: 'any', faults: [], run, ...(deadlineMs ? { deadlineMs: () => deadlineMs } : {}) };
}

/**
 * Runs one property with its random inputs only (from `seed`, else the next two seeds: a
 * change to the reference catalog shifts what a seed generates), then replays seed and path.
 */
function randomOnly(prop: FuzzProperty<never>, seed: number): { check: Check; results: PropertyResult<never>[] } {
  const results: PropertyResult<never>[] = [];
  const check = testCheck(
    'fuzz.random-only',
    'random inputs only, then a replay',
    async (ctx): Promise<Verdict> => {
      for (let s = seed; s < seed + 3 && !results[0]?.failure; s++) {
        results[0] = await runProperty(ctx, prop, { seed: s, runs: defaultSettings().fuzz.runs, budgetMs: 30_000, examples: false });
      }
      const found = results[0]?.failure;
      if (found) results.push(await runProperty(ctx, prop, { seed: found.seed, path: found.path, runs: 25, budgetMs: 30_000, examples: false }));
      return ctx.pass();
    },
    120_000,
  );
  return { check, results };
}

describe('the random inputs alone find each fault within the default budget; seed and path replay the counterexample', () => {
  for (const { fault, prop, randomSeed } of FAULTS) {
    it(`${fault} (seed ${randomSeed})`, async () => {
      const { check, results } = randomOnly(prop, randomSeed);
      const report = await run([check], fault, settings(randomSeed), 500);
      expect(report.results[0]?.status, report.results[0]?.reason).toBe('pass');
      const [first, replay] = results;
      expect(first?.failure, 'the random inputs found nothing').toBeDefined();
      expect(first?.failure?.replay.ok, 'the counterexample alone reproduces it').toBe(false);
      // The same shrunk input (its ids are made fresh on each connection, so evidence texts differ).
      expect(replay?.failure?.input).toEqual(first?.failure?.input);
    });
  }
});

describe('a fuzz budget that runs out before one input is judged', () => {
  it('is nothing observed: a skip that says so, not a fuzzer error', async () => {
    const slow: FuzzProperty<never> = {
      ...(answersOnce as FuzzProperty<never>),
      check: async (env, input) => {
        await new Promise((r) => setTimeout(r, 300));
        return (answersOnce as FuzzProperty<never>).check(env, input);
      },
    };
    let result: PropertyResult<never> | undefined;
    let verdict: Verdict | undefined;
    const check = testCheck('fuzz.starved', 'a starved fuzz run', async (ctx): Promise<Verdict> => {
      result = await runProperty(ctx, slow, { seed: SEED, runs: 5, budgetMs: 50, examples: false });
      verdict = verdictOf(ctx, slow, result);
      return verdict;
    });
    const report = await run([check], undefined, settings(SEED));
    expect(result?.starved).toMatch(/^the fuzz budget \(50 ms\) ran out before one input was judged/);
    expect(result?.problem).toBeUndefined();
    expect(verdict?.status).toBe('skip');
    expect(report.results[0]?.status).toBe('skip');
  });
});
