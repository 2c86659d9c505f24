// A tiny concurrency limiter: at most `limit()` tasks at once, a limit that may change while it
// runs (the target's pace widens and narrows it: pacing/pace.ts). A task that waits for
// something another task produces (a shared look, a lent session) steps aside with `suspend`,
// so its place does work meanwhile; it gets a place back before any task that has not
// started. Among those, `early` tasks (long waits on the target's clock) start first.
export class Pool {
  private running = 0;
  private readonly resuming: Array<() => void> = [];
  private readonly early: Array<() => void> = [];
  private readonly queue: Array<() => void> = [];
  private readonly limit: () => number;

  /** `size`: a fixed number of places, or the current number of places. */
  constructor(size: number | (() => number)) {
    this.limit = typeof size === 'number' ? () => size : size;
  }

  async run<T>(task: () => Promise<T>, early = false): Promise<T> {
    await this.acquire(early ? this.early : this.queue);
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Wait for `p` without holding a place (only from inside a running task). */
  async suspend<T>(p: Promise<T>): Promise<T> {
    this.release();
    try {
      return await p;
    } finally {
      await this.acquire(this.resuming);
    }
  }

  /** The limit grew: let waiting tasks in. */
  widened(): void {
    while (this.running < Math.max(1, this.limit())) {
      const next = this.next();
      if (!next) return;
      this.running++;
      next();
    }
  }

  private acquire(line: Array<() => void>): Promise<void> {
    if (this.running < Math.max(1, this.limit())) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => line.push(resolve));
  }

  private next(): (() => void) | undefined {
    return this.resuming.shift() ?? this.early.shift() ?? this.queue.shift();
  }

  /**
   * A freed place goes straight to the next in line, so no newcomer can take it in between;
   * unless the limit shrank below what runs, then the place is gone.
   */
  private release(): void {
    const next = this.running <= Math.max(1, this.limit()) ? this.next() : undefined;
    if (next) next();
    else this.running--;
  }
}
