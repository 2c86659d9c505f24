// --cpu-bound MS: a single-threaded client whose every message from the server costs MS of CPU:
// each one is handled after a synchronous busy loop, so messages that arrive together queue
// behind each other, and clients tested side by side compete for the cores. Acts in
// Peer.onMessage (peer.ts), where every message from the server comes in.
import { milliseconds, type Mode } from './mode.js';

let busyMs = 0;

export const CPU_BOUND: Mode = {
  flag: '--cpu-bound',
  arg: 'MS',
  summary: 'handle each message from the server after a synchronous busy loop of MS',
  enable: (value) => {
    busyMs = milliseconds('--cpu-bound', value);
  },
};

/** Blocks the whole process for the configured time (nothing else runs meanwhile: that is the point). */
export function burnCpuForMessage(): void {
  if (busyMs <= 0) return;
  const end = performance.now() + busyMs;
  while (performance.now() < end) {
    // busy: the work of a CPU-bound client
  }
}
