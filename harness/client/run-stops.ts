// Stopping the runs in flight. The user's interrupt reaches every run through one listener on
// the user's signal, however many runs are in flight (a listener per run put 16 and more on
// one AbortSignal: Node's MaxListenersExceededWarning); each run gets a signal of its own, in a
// group (its revision), so that the runs started before their revision's probe decided can be
// stopped together when it turns out the client does not offer that revision.
export class RunStops {
  private readonly live = new Map<AbortController, string>();
  private stoppedAll = false;
  private readonly onAbort = (): void => this.stopAll();

  constructor(private readonly user?: AbortSignal) {
    user?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** A signal for one run in `group`; `done` forgets it once the run is over. */
  open(group: string): { signal: AbortSignal; done(): void } {
    const controller = new AbortController();
    if (this.stoppedAll) controller.abort();
    else this.live.set(controller, group);
    return { signal: controller.signal, done: () => void this.live.delete(controller) };
  }

  /** Stop every run of `group` in flight. */
  stopGroup(group: string): void {
    for (const [controller, g] of this.live) {
      if (g !== group) continue;
      this.live.delete(controller);
      controller.abort();
    }
  }

  /** Stop everything, now and from now on. */
  stopAll(): void {
    this.stoppedAll = true;
    for (const controller of this.live.keys()) controller.abort();
    this.live.clear();
  }

  /** The run is over: stop listening to the user's signal. */
  dispose(): void {
    this.user?.removeEventListener('abort', this.onAbort);
  }
}
