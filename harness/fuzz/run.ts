// Running one property with fast-check: canonical inputs first, then seeded random ones; a
// failure is shrunk, replayed alone on a fresh connection (so the wire excerpt ends with it),
// and reported with its seed and path. `--seed` replays a whole run; seed + path one case.
import fc from 'fast-check';
import type { CheckContext } from '../checks/check.js';
import { Generators } from './arbitraries.js';
import { corpusFor } from './corpus.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connections, HarnessProblem, SOFT_SETTLE_MS } from './exchange.js';
import type { Env, FuzzProperty, Judgement } from './properties.js';

export interface RunPropertyOptions {
  seed: number;
  /** Random inputs (the canonical examples come on top). */
  runs: number;
  /** Stop generating after this long (shrinking included); the replay comes after it. */
  budgetMs: number;
  /** Run the canonical examples first (default true). */
  examples?: boolean;
  /** fast-check path of one case to replay (with its seed). */
  path?: string;
}

type Failure = Extract<Judgement, { ok: false }>;

export interface PropertyResult<T> {
  /** A hard failure: the shrunk counterexample and what was wrong with it. */
  failure?: {
    input: T;
    judgement: Failure;
    /** The same input alone on a fresh connection: what it did there. */
    replay: Judgement;
    seed: number;
    path: string;
    shrinks: number;
  };
  /** A SHOULD-level miss (first one), when no hard failure turned up; replayed alone too. */
  soft?: { input: T; judgement: Failure; replay: Judgement };
  /** The harness could not go on (the target cannot be restarted). */
  problem?: string;
  /** Why no input was judged at all (the time budget ran out first): nothing to give a verdict on. */
  starved?: string;
  /** Inputs fast-check ran (examples included), and how many were inconclusive. */
  runs: number;
  inconclusive: number;
  examples: number;
  interrupted: boolean;
  stats: Env['stats'];
  sessions: number;
  notes: string[];
  /** Only the input in doubt was examined again, alone (recheckAlone). */
  rechecked?: boolean;
}

export async function runProperty<T>(ctx: CheckContext, prop: FuzzProperty<T>, opts: RunPropertyOptions): Promise<PropertyResult<T>> {
  const corpus = await corpusFor(ctx);
  const gen = new Generators(corpus);
  const conns = new Connections(ctx, (name) => corpus.tools.find((t) => t.name === name)?.inputSchema);
  const env: Env = { ctx, conns, gen, corpus, timeoutMs: ctx.timeoutMs, stats: { inputs: 0, messages: 0 }, deferSoft: true };
  // Failing judgements by input: the counterexample's own (a run cut off by the time budget
  // may still finish later and must not overwrite it).
  const failures = new Map<unknown, Failure>();
  let done = false;
  /** SHOULD-level misses in the order found, each with when it was judged (see settleSoft). */
  const softs: { input: T; judgement: Failure; at: number }[] = [];
  let problem: string | undefined;
  let inconclusive = 0;
  let last: { input: T; judgement: Failure } | undefined;

  const property = fc.asyncProperty(prop.arbitrary(gen), async (input) => {
    if (problem || done) return true;
    let j: Judgement;
    try {
      j = await prop.check(env, input);
    } catch (e) {
      if (!(e instanceof HarnessProblem)) throw e;
      problem = e.message;
      return true;
    }
    if (j.ok === true) return true;
    if (j.ok === 'inconclusive') {
      inconclusive++;
      return true;
    }
    if (j.soft) {
      if (softs.length < MAX_SOFT) softs.push({ input, judgement: j, at: Date.now() });
      return true;
    }
    failures.set(input, j);
    last = { input, judgement: j };
    return false;
  });
  const examples = opts.examples === false ? [] : prop.examples(gen).map((e): [T] => [e]);
  // The budget is for fuzzing: the first connection (a process start, over stdio) opens first.
  await conns.get().catch(() => undefined);
  const details = await fc.check(property, {
    seed: opts.seed,
    numRuns: opts.runs + examples.length,
    examples,
    ...(opts.path ? { path: opts.path } : {}),
    plugins: [fc.interruptAfterTimeLimit(Math.max(1, opts.budgetMs))],
  });
  done = true;
  const base = {
    runs: details.numRuns,
    inconclusive,
    examples: examples.length,
    interrupted: details.interrupted,
    stats: env.stats,
    sessions: conns.opened,
    notes: corpus.notes,
  };
  try {
    if (problem) return { ...base, problem };
    // fast-check may hand back a copy of the failing input, or none (cut short by the time
    // limit while shrinking): then the last failure recorded is the one to report.
    const counterexample = details.failed && details.counterexample ? (details.counterexample as [T])[0] : undefined;
    const known = counterexample === undefined ? undefined : failures.get(counterexample);
    const input = known ? counterexample : details.failed ? last?.input : undefined;
    const judgement = known ?? (details.failed ? last?.judgement : undefined);
    if (input !== undefined && judgement) {
      await conns.clean();
      env.deferSoft = false;
      const replay = await replayAlone(prop, env, input);
      const failure = { input, judgement, replay, seed: details.seed, path: details.counterexamplePath ?? '', shrinks: details.numShrinks };
      return { ...base, failure };
    }
    // fast-check counts a run its time limit cut before any input succeeded as failed, with no error.
    if (details.failed && details.interrupted && details.errorInstance === null) {
      return { ...base, starved: `the fuzz budget (${opts.budgetMs} ms) ran out before one input was judged: the target or the machine was too slow` };
    }
    if (details.failed) {
      const e = details.errorInstance;
      return { ...base, problem: `the fuzzer itself failed: ${e instanceof Error ? e.message : String(e)}` };
    }
    const soft = await settleSoft(softs);
    if (!soft) return base;
    await conns.clean();
    env.deferSoft = false;
    return { ...base, soft: { ...soft, replay: await replayAlone(prop, env, soft.input) } };
  } finally {
    conns.leave();
  }
}

/** What a property's run keeps for its attempt alone: the input in doubt, and how it was found. */
export interface KeptCase<T> {
  input: T;
  /** Set for a hard failure (fast-check's seed, path and shrinks), absent for a SHOULD-level miss. */
  found?: { seed: number; path: string; shrinks: number };
}

/** The input in doubt of a property's result, to re-examine alone; none when it found nothing. */
export function keptCase<T>(r: PropertyResult<T>): KeptCase<T> | undefined {
  if (r.failure) return { input: r.failure.input, found: { seed: r.failure.seed, path: r.failure.path, shrinks: r.failure.shrinks } };
  return r.soft ? { input: r.soft.input } : undefined;
}

/**
 * The attempt alone of a property whose verdict may rest on a timeout: only the input in doubt,
 * on a fresh connection with nothing else in flight (one exchange rather than the whole run
 * again). Undefined when that decides nothing (the target died or hung on it): then the caller
 * runs the property whole.
 */
export async function recheckAlone<T>(ctx: CheckContext, prop: FuzzProperty<T>, kept: KeptCase<T>): Promise<PropertyResult<T> | undefined> {
  const corpus = await corpusFor(ctx);
  const conns = new Connections(ctx, (name) => corpus.tools.find((t) => t.name === name)?.inputSchema);
  const env: Env = { ctx, conns, gen: new Generators(corpus), corpus, timeoutMs: ctx.timeoutMs, stats: { inputs: 0, messages: 0 }, deferSoft: false };
  try {
    let judgement: Judgement;
    try {
      judgement = await prop.check(env, kept.input);
    } catch (e) {
      if (e instanceof HarnessProblem) return undefined;
      throw e;
    }
    if (judgement.ok === 'inconclusive') return undefined;
    const base = { runs: 1, inconclusive: 0, examples: 0, interrupted: false, stats: env.stats, sessions: conns.opened, notes: corpus.notes, rechecked: true };
    if (judgement.ok === true) return base;
    if (judgement.soft) return { ...base, soft: { input: kept.input, judgement, replay: judgement } };
    const found = kept.found ?? { seed: ctx.settings.fuzz.seed, path: '', shrinks: 0 };
    return { ...base, failure: { input: kept.input, judgement, replay: judgement, ...found } };
  } finally {
    conns.leave();
  }
}

/** SHOULD-level misses kept for the end of a run (the first that still stands is reported). */
const MAX_SOFT = 50;

/**
 * The first SHOULD-level miss that still stands once every softly owed answer has had
 * SOFT_SETTLE_MS since its exchange: the one wait of a run, instead of one per dropped input.
 */
async function settleSoft<T>(softs: { input: T; judgement: Failure; at: number }[]): Promise<{ input: T; judgement: Failure } | undefined> {
  if (softs.length === 0) return undefined;
  const last = Math.max(...softs.map((s) => s.at));
  await sleep(Math.max(0, last + SOFT_SETTLE_MS - Date.now()));
  for (const { input, judgement } of softs) {
    const now = judgement.recheck?.() ?? judgement;
    if (now.ok === false) return { input, judgement: now };
  }
  return undefined;
}

/** The input alone on a clean connection (the caller dropped the old one): its wire excerpt. */
async function replayAlone<T>(prop: FuzzProperty<T>, env: Env, input: T): Promise<Judgement> {
  try {
    return await prop.check(env, input);
  } catch (e) {
    return { ok: 'inconclusive', why: e instanceof Error ? e.message : String(e) };
  }
}
