// A tiny concurrency limiter: at most `size` tasks at once. A task that waits for something
// another task produces (a shared look, a lent session) steps aside with `suspend`, so its
// place does work meanwhile; it gets a place back before any task that has not started.
// Among those, `early` tasks (long waits on the target's clock) start first.
export class Pool {
  private running = 0;
  private readonly resuming: Array<() => void> = [];
  private readonly early: Array<() => void> = [];
  private readonly queue: Array<() => void> = [];

  constructor(private readonly size: number) {}

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

  private acquire(line: Array<() => void>): Promise<void> {
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => line.push(resolve));
  }

  /** A freed place goes straight to the next in line, so no newcomer can take it in between. */
  private release(): void {
    const next = this.resuming.shift() ?? this.early.shift() ?? this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
