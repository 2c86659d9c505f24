// A tiny concurrency limiter: at most `size` tasks at once, in submission order. A task that
// waits for something another task produces (a shared look, a lent session) steps aside
// with `suspend` so its place does work meanwhile; it gets a place back before new tasks.
export class Pool {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire(false);
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
      await this.acquire(true);
    }
  }

  private acquire(first: boolean): Promise<void> {
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => (first ? this.queue.unshift(resolve) : this.queue.push(resolve)));
  }

  /** A freed place goes straight to the next in line, so no newcomer can take it in between. */
  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
