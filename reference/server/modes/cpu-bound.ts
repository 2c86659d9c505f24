// --cpu-bound MS: a single-threaded server whose every request costs MS of CPU. Each incoming
// request first spins the event loop synchronously for MS, so requests that arrive together
// queue behind each other (on stdio and across concurrent HTTP POSTs alike). Acts in
// Session.handle, where each request comes in.
import { milliseconds, type Mode } from './mode.js';

let busyMs = 0;

export const CPU_BOUND: Mode = {
  flag: '--cpu-bound',
  arg: 'MS',
  summary: 'handle each request after a synchronous busy loop of MS (requests queue behind each other)',
  enable: (value) => {
    busyMs = milliseconds('--cpu-bound', value);
  },
};

/** Blocks the whole process for the configured time (nothing else runs meanwhile: that is the point). */
export function burnCpuForRequest(): void {
  if (busyMs <= 0) return;
  const end = performance.now() + busyMs;
  while (performance.now() < end) {
    // busy: the work of a CPU-bound handler
  }
}
