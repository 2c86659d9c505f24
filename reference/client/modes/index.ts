// The behaviour modes of the reference client: ways real clients are slow or busy that stay
// conformant, for the client runner's pacing and for proving it raises no false alarm
// against them (test/client-pacing-modes.test.ts). Each mode is one file with its flag and its
// setting, and acts in one place:
//
//   mode                 acts in                          where
//   --slow-start MS      main.ts (before connecting)      start-up
//   --answer-delay MS    answer() (answers.ts)            answers to the server's requests
//   --cpu-bound MS       Peer.onMessage (peer.ts)         messages coming in
//
// Modes combine with each other and with faults (--fault).
import { ANSWER_DELAY } from './answer-delay.js';
import { CPU_BOUND } from './cpu-bound.js';
import type { Mode } from './mode.js';
import { SLOW_START } from './slow-start.js';

export { ModeError, type Mode } from './mode.js';

export const MODES: readonly Mode[] = [SLOW_START, ANSWER_DELAY, CPU_BOUND];

export function findMode(flag: string): Mode | undefined {
  return MODES.find((m) => m.flag === flag);
}

/** The modes part of the usage line. */
export function modesUsage(): string {
  return MODES.map((m) => `[${m.flag} ${m.arg}]`).join(' ');
}
