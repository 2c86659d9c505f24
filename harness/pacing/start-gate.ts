// At most as many server processes start at once as the machine has cores. A start is the
// costliest thing a server does (loading a runtime, a bundle, a browser); sixteen of them at
// once on two cores made servers that start in one second alone take fourteen, past every
// timeout. A start holds its place until the process first writes to stdout (it answered),
// exits, or is closed; or, once some start of the run has been measured, until a few times
// the slowest measured start has passed (a process that says nothing until spoken to a certain
// way has started by then, and must not keep others from starting).
import { availableParallelism } from 'node:os';

/** A place is held at most this many times the slowest measured start. */
const HOLD_FACTOR = 3;
/** ... and at least this long. */
const MIN_HOLD_MS = 1000;

export class StartGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly size: number = availableParallelism()) {}

  /**
   * Wait for a place; resolves with the function that gives it back (idempotent). `holdMs`:
   * the longest the place is held before it is given back anyway. `signal`: stop waiting
   * (rejects with its reason; a start no longer wanted).
   */
  async enter(holdMs: number, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.running < this.size) this.running++;
    else {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          signal?.removeEventListener('abort', giveUp);
          resolve();
        };
        const giveUp = () => {
          this.waiting.splice(this.waiting.indexOf(turn), 1);
          reject(signal?.reason instanceof Error ? signal.reason : new Error(String(signal?.reason)));
        };
        this.waiting.push(turn);
        signal?.addEventListener('abort', giveUp, { once: true });
      });
    }
    let left = false;
    const timer = setTimeout(() => leave(), holdMs);
    timer.unref();
    const leave = () => {
      if (left) return;
      left = true;
      clearTimeout(timer);
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
    return leave;
  }
}

/** How long a start may hold its place, from the slowest start measured so far (0: none yet). */
export function holdFor(slowestStartMs: number, startupTimeoutMs: number): number {
  return slowestStartMs > 0 ? Math.min(startupTimeoutMs, Math.max(MIN_HOLD_MS, HOLD_FACTOR * slowestStartMs)) : startupTimeoutMs;
}

/** The one gate of this process: every run in it shares the machine's cores. */
export const processStarts = new StartGate();
