// The client runner's pacing parts, one by one: the stops of the runs in flight (one listener on
// the user's signal, however many runs), a run's two clocks (the start allowance, then the
// deadline from the client's first sign of life), and the look that lets a sleeping start give
// its place at the start gate back. Needs dist/ for the relay of stdio runs.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { RunStops } from '../harness/client/run-stops.js';
import { runScenario } from '../harness/client/scenario-run.js';
import type { ClientScenario } from '../harness/client/scenario.js';
import { lookAtGroup, whenAsleep } from '../harness/pacing/asleep.js';
import { StartGate } from '../harness/pacing/start-gate.js';

describe('the stops of the runs in flight', () => {
  it('listen to the user signal once, however many runs are in flight, and stop them all', () => {
    const user = new AbortController();
    const stops = new RunStops(user.signal);
    const runs = Array.from({ length: 20 }, (_, i) => stops.open(i % 2 === 0 ? 'a' : 'b'));
    expect(getEventListeners(user.signal, 'abort')).toHaveLength(1);
    user.abort();
    expect(runs.every((r) => r.signal.aborted)).toBe(true);
    // A run opened after the interrupt is stopped from the start.
    expect(stops.open('a').signal.aborted).toBe(true);
    stops.dispose();
    expect(getEventListeners(user.signal, 'abort')).toHaveLength(0);
  });

  it('stop one group (a revision not offered) and leave the others running', () => {
    const stops = new RunStops();
    const a = stops.open('2025-06-18');
    const b = stops.open('2025-11-25');
    const done = stops.open('2025-06-18');
    done.done();
    stops.stopGroup('2025-06-18');
    expect(a.signal.aborted).toBe(true);
    expect(done.signal.aborted).toBe(false);
    expect(b.signal.aborted).toBe(false);
  });
});

const plain: ClientScenario = { id: 'test.plain', title: 'a plain server', revisions: 'all', transports: 'any', server: { tools: [] } };
const gate = () => ({ gate: new StartGate(1), holdMs: 30_000 });

describe("a run's two clocks", () => {
  it('ends a client that shows no sign of life within its start allowance', async () => {
    const started = performance.now();
    const recording = await runScenario(plain, '2025-11-25', 'streamable-http', { command: { template: 'sleep 30 # {url}' }, timeoutMs: 1000, startMs: 300, deadlineMs: 60_000, starts: gate() });
    expect(recording.ending).toBe('no-start');
    expect(recording.startMs).toBeUndefined();
    expect(recording.exit?.killed).toBe(true);
    // Well below the deadline it never reached.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('counts the deadline from the first sign of life, not from the spawn', async () => {
    // Silent for a while (longer than the deadline), then one request, then it stays.
    const client = `"${process.execPath}" -e "setTimeout(() => fetch(process.argv[1], { method: 'POST', body: '{}' }).catch(() => {}), 700); setInterval(() => {}, 1000)" {url}`;
    const recording = await runScenario(plain, '2025-11-25', 'streamable-http', { command: { template: client }, timeoutMs: 1000, startMs: 20_000, deadlineMs: 500, starts: gate() });
    expect(recording.ending).toBe('deadline');
    expect(recording.startMs).toBeGreaterThanOrEqual(700);
    expect(recording.exit?.killed).toBe(true);
  });

  it('a stop ends the run at once, also while it waits for its turn at the gate', async () => {
    const stop = new AbortController();
    const shared = gate();
    const hold = await shared.gate.enter(30_000);
    const waiting = runScenario(plain, '2025-11-25', 'streamable-http', { command: { template: 'sleep 30 # {url}' }, timeoutMs: 1000, startMs: 30_000, deadlineMs: 30_000, starts: shared, signal: stop.signal });
    stop.abort();
    const recording = await waiting;
    expect(recording.ending).toBe('stopped');
    expect(recording.exit).toBeUndefined();
    hold();
  });
});

describe.runIf(existsSync('/proc/self/stat'))('a sleeping start', () => {
  it('is seen asleep through /proc, and told so', async () => {
    const sleeper = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    const pid = sleeper.pid as number;
    try {
      // Just spawned, it may still be running its exec on a busy machine: found, busy or not.
      expect(lookAtGroup(pid)).toEqual({ busy: expect.any(Boolean) as boolean, cpuMs: expect.any(Number) as number });
      await new Promise<void>((resolve) => whenAsleep(pid, resolve));
      expect(lookAtGroup(pid)).toEqual({ busy: false, cpuMs: expect.any(Number) as number });
    } finally {
      process.kill(-pid, 'SIGKILL');
    }
  });

  it('is not asleep while any process of its group runs', async () => {
    let told = false;
    const stop = whenAsleep(1, () => (told = true), () => ({ busy: true, cpuMs: 0 }));
    // The quiet group below is told after three looks (500 + 250 + 250 ms); this one, busy, never.
    await new Promise<void>((resolve) => whenAsleep(2, resolve, () => ({ busy: false, cpuMs: 0 })));
    stop();
    expect(told).toBe(false);
  });

  it('is not asleep while it uses the CPU', async () => {
    let cpuMs = 0;
    let told = false;
    const stop = whenAsleep(1, () => (told = true), () => ({ busy: false, cpuMs: (cpuMs += 100) }));
    await new Promise<void>((resolve) => whenAsleep(2, resolve, () => ({ busy: false, cpuMs: 0 })));
    stop();
    expect(told).toBe(false);
  });

  it('a group with nothing to read holds its place as the gate says', () => {
    expect(lookAtGroup(1 << 23)).toBeUndefined();
  });
});
