// A rate-limited server is paced, not failed: the reference server with --rate-limit (more than
// N requests a second get 429 with Retry-After: 1) gets the prompt reference's verdicts, id by
// id, with no error, over Streamable HTTP; the report's pace section counts the 429s; and no
// request was sent while a Retry-After was running. --max-rate
// under the server's limit keeps every second of the run under the cap, and meets no 429 at all.
import { describe, expect, it, vi } from 'vitest';
import type { CheckResult, RunReport } from '../harness/checks/result.js';
import { runChecks } from '../harness/checks/runner.js';
import { RequestGate } from '../harness/pacing/rate-gate.js';
import type { Check } from '../harness/checks/check.js';
import { defaultSettings } from '../harness/settings.js';
import { allChecks } from '../suites/index.js';
import { startReferenceHttp } from './helpers/reference.js';

const REVISIONS = ['2025-11-25'];
const SETTINGS = { ...defaultSettings(), fuzz: { enabled: true, seed: 42, runs: 5 } };
const RUN_MS = 300_000;
/** The reference's limit: low enough that the run meets it many times. */
const LIMIT = 20;

interface Stats {
  limit: number;
  arrivals: number[];
  accepted: number[];
  limited: number;
  early: number;
}

async function run(flags: string[], opts: { maxRate?: number; checks?: readonly Check[] } = {}): Promise<{ report: RunReport; stats?: Stats; ms: number }> {
  const server = await startReferenceHttp(undefined, { flags });
  const started = performance.now();
  try {
    const report = await runChecks({
      target: { kind: 'http', url: server.url },
      checks: opts.checks ?? allChecks,
      revisions: REVISIONS,
      timeoutMs: 5000,
      concurrency: 16,
      toolVersion: 'test',
      settings: SETTINGS,
      ...(opts.maxRate !== undefined ? { maxRate: opts.maxRate } : {}),
    });
    const ms = Math.round(performance.now() - started);
    if (!flags.includes('--rate-limit')) return { report, ms };
    const stats = (await (await fetch(new URL('/_reference/rate-limit', server.url))).json()) as Stats;
    return { report, stats, ms };
  } finally {
    await server.stop();
  }
}

const key = (r: CheckResult) => `${r.id}@${r.revision}`;

/** Where the rate-limited run's verdicts differ from the prompt reference's, one line each. */
function differences(prompt: RunReport, limited: RunReport): string[] {
  const before = new Map(prompt.results.map((r) => [key(r), r]));
  const undecided = (r: CheckResult | undefined) => r?.status === 'skip' && r.skipCode === 'inconclusive';
  const out: string[] = [];
  for (const r of limited.results) {
    const was = before.get(key(r));
    if (was?.status === r.status || undecided(was) || undecided(r)) continue;
    out.push(`${key(r)}: ${was?.status} -> ${r.status} (${r.actual ?? r.reason ?? ''})`);
  }
  // Every check of the prompt run was decided in the limited one too.
  const seen = new Set(limited.results.map(key));
  for (const id of before.keys()) if (!seen.has(id)) out.push(`${id}: missing`);
  return out;
}

/** The most requests that arrived in any one second (a sliding window over the arrival times). */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] as number) - (sorted[j] as number) >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

describe('the reference\'s --rate-limit mode', () => {
  it('takes N requests in a second, answers the rest 429 with Retry-After: 1, and counts who came back too early', async () => {
    const server = await startReferenceHttp(undefined, { flags: ['--rate-limit', '3'] });
    try {
      const ping = () => fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: '{"jsonrpc":"2.0","id":1,"method":"ping"}' });
      const first = await Promise.all(Array.from({ length: 5 }, ping));
      const statuses = first.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 429)).toHaveLength(2);
      const refused = first.find((r) => r.status === 429) as Response;
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.text()).toMatch(/at most 3 requests a second/);
      // 400 ms later, inside the Retry-After and past the requests on their way: too early.
      await new Promise((r) => setTimeout(r, 400));
      expect((await ping()).status).toBe(429);
      const stats = (await (await fetch(new URL('/_reference/rate-limit', server.url))).json()) as Stats;
      expect(stats).toMatchObject({ limit: 3, limited: 3, early: 1 });
      expect(stats.arrivals).toHaveLength(6);
      expect(stats.accepted).toHaveLength(3);
    } finally {
      await server.stop();
    }
  });
});

describe('a rate-limited server is paced, not failed', () => {
  it(`--rate-limit ${LIMIT}: the prompt reference's verdicts, no error, the 429s counted and every Retry-After honoured`, { timeout: RUN_MS }, async () => {
    const prompt = await run([]);
    // Seen by the sender, as --max-rate's test does (the server's clock bunches arrivals while
    // its thread waits for a core): when each request went, and when each 429 came in.
    const sent: number[] = [];
    const refusedAt: number[] = [];
    const turn = RequestGate.prototype.turn;
    const send = RequestGate.prototype.send;
    const turns = vi.spyOn(RequestGate.prototype, 'turn').mockImplementation(async function (this: RequestGate, signal?: AbortSignal) {
      await turn.call(this, signal);
      sent.push(performance.now());
    });
    const sends = vi.spyOn(RequestGate.prototype, 'send').mockImplementation(function (this: RequestGate, req, once) {
      return send.call(this, req, async () => {
        const res = await once();
        if (res.statusCode === 429) refusedAt.push(performance.now());
        return res;
      });
    });
    const limited = await run(['--rate-limit', String(LIMIT)]).finally(() => (turns.mockRestore(), sends.mockRestore()));
    const stats = limited.stats as Stats;
    // Sent after a 429 came in and before its Retry-After (1 s) passed; 1 ms for the timers' rounding.
    const early = sent.filter((t) => refusedAt.some((r) => t > r && t < r + 999));
    console.log(`prompt run ${prompt.ms} ms; rate-limited run ${limited.ms} ms: ${stats.arrivals.length} requests, ${stats.limited} answered 429 (${stats.early} arrived in a Retry-After by the server's clock), pace ${JSON.stringify(limited.report.pace?.rateLimited)}, cuts ${limited.report.pace?.cuts.length}`);
    expect(limited.report.revisions.filter((r) => r.status === 'accepted').map((r) => r.revision)).toEqual(REVISIONS);
    expect(differences(prompt.report, limited.report)).toEqual([]);
    expect(limited.report.summary.error).toBe(0);
    // The limit was met, often; every 429 the server sent was one the tool waited out.
    expect(stats.limited).toBeGreaterThan(5);
    const counted = limited.report.pace?.rateLimited;
    expect(counted?.answers).toBe(stats.limited);
    // Nearly every one was waited out: the few handed on had less time left than a Retry-After
    // (a session's closing DELETE gets 1 s), and changed no verdict (above).
    expect(counted?.handedOn).toBeLessThanOrEqual(Math.ceil((counted?.answers ?? 0) / 10));
    expect(counted?.longestRetryAfterMs).toBe(1000);
    // Each 429 waited out cost its Retry-After; the few handed on cost nothing.
    expect(counted?.waitedMs).toBeGreaterThanOrEqual(1000 * (stats.limited - (counted?.handedOn ?? 0)));
    // No request was sent while a Retry-After ran (those on their way were sent before it came).
    expect(refusedAt).toHaveLength(stats.limited);
    expect(early.map((t) => Math.round(t))).toEqual([]);
    // The pace cut its window for it.
    expect(limited.report.pace?.cuts.some((c) => c.why.startsWith('rate-limited'))).toBe(true);
  });

  it('--max-rate under the limit: no 429 at all, and no second of the run over the cap', { timeout: RUN_MS }, async () => {
    const cap = 15;
    // The fast areas: enough requests for many seconds of the cap.
    const checks = allChecks.filter((c) => /^(lifecycle|ping|tools|resources|prompts|base)\./.test(c.id));
    // When the gate let each request go, in this process (the server's arrival times bunch
    // whenever its thread waits for a core on a busy machine, whatever the sender's spacing).
    const sent: number[] = [];
    const turn = RequestGate.prototype.turn;
    const spy = vi.spyOn(RequestGate.prototype, 'turn').mockImplementation(async function (this: RequestGate, signal?: AbortSignal) {
      await turn.call(this, signal);
      sent.push(performance.now());
    });
    const { report, stats, ms } = await run(['--rate-limit', String(LIMIT)], { maxRate: cap, checks }).finally(() => spy.mockRestore());
    const s = stats as Stats;
    const seconds = sent.length / cap;
    console.log(`--max-rate ${cap}: ${sent.length} requests sent in ${ms} ms (busiest second ${busiestSecond(sent)}; at the server ${busiestSecond(s.arrivals)}), ${s.limited} answered 429`);
    expect(sent.length).toBe(s.arrivals.length);
    expect(s.arrivals.length).toBeGreaterThan(3 * cap);
    expect(report.summary.error).toBe(0);
    expect(s.limited).toBe(0);
    expect(report.pace?.rateLimited).toBeUndefined();
    expect(report.pace?.maxRate).toBe(cap);
    // The gate spaces requests 1/cap s apart: at most cap + 1 go in any second (the edges).
    expect(busiestSecond(sent)).toBeLessThanOrEqual(cap + 1);
    // And it does not dawdle: the run takes about as long as its requests at the cap.
    expect(ms).toBeGreaterThanOrEqual(Math.floor(seconds - 1) * 1000);
  });
});
