// The run's overall budget: however strange the target, a run ends. It is derived from what the
// run has to do (its checks, its revisions, the process starts they need) and from the target's
// measured pace (how long it takes to start and to answer), so that a slow but working target
// gets the time its checks need, and a prompt one that hangs, floods or mangles gets about a
// minute. When it is spent, the checks still undecided are errors that say so, and the report
// is written (runner.ts).

/** A prompt target never comes near this: the least budget of any run. */
export const MIN_BUDGET_MS = 60_000;
/**
 * However slow the target, a run ends within this. A slow but working target can need minutes: a
 * bridge that starts a server process for every request answers in about 1.4 s, and its full run
 * takes 4 minutes alone on 2 cores, more on a busy machine.
 */
export const MAX_BUDGET_MS = 600_000;
/** Time every run may spend besides its checks' answers: probes, waits checks make on purpose, closing. */
const BASE_MS = 30_000;
/**
 * A check costs about this many answers of the target (the reference averages 3; room for the
 * checks that walk every list, call every tool or fuzz).
 */
const ANSWERS_PER_CHECK = 10;
/** The window assumed for the estimate: slow targets run with fewer checks at once than the ceiling. */
const ASSUMED_WINDOW = 4;
/** Process starts a revision needs over stdio at least (probe, shared session, pool, fresh connections). */
const STARTS_PER_REVISION = 6;

export interface BudgetInputs {
  /** Checks the run plans, over all revisions (active and passive). */
  checks: number;
  revisions: number;
  /** Starts measured so far, and the slowest. */
  starts: number;
  slowestStartMs: number;
  /** The target's recent answer time. */
  answerMs: number;
  /** --concurrency. */
  ceiling: number;
  /** Processes that may start at once (the cores). */
  cores: number;
  /** Checks queued to be tried again alone, and the patience each gets there. */
  retries: number;
  retryPatienceMs: number;
}

/** The budget for a run as it looks now (it only grows as the run learns the target's pace). */
export function runBudgetMs(x: BudgetInputs): number {
  const window = Math.max(1, Math.min(x.ceiling, ASSUMED_WINDOW));
  const answers = (x.checks * ANSWERS_PER_CHECK * x.answerMs) / window;
  const starts = (Math.max(x.starts * 1.5, x.revisions * STARTS_PER_REVISION) * x.slowestStartMs) / Math.max(1, x.cores);
  const retries = x.retries * x.retryPatienceMs;
  return Math.round(Math.min(MAX_BUDGET_MS, Math.max(MIN_BUDGET_MS, BASE_MS + answers + starts + retries)));
}

/** Tracks the budget of one run: spent once the time since `startedAt` passes the largest budget seen. */
export class RunBudget {
  private largestMs = MIN_BUDGET_MS;

  constructor(
    private readonly startedAt: number,
    private readonly inputs: () => BudgetInputs,
  ) {}

  get ms(): number {
    this.largestMs = Math.max(this.largestMs, runBudgetMs(this.inputs()));
    return this.largestMs;
  }

  /** Why the run must end now, or undefined while there is time. */
  spent(now = Date.now()): string | undefined {
    const ms = this.ms;
    if (now - this.startedAt < ms) return undefined;
    return `the run's time budget of ${Math.round(ms / 1000)} s was spent (derived from its checks and the target's pace; the most any run gets is ${MAX_BUDGET_MS / 1000} s)`;
  }
}
