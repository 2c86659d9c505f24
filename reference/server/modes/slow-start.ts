// --slow-start MS: the server takes MS to start, as real ones do (2-6 s is common): stdio
// reads nothing from stdin before then, HTTP does not listen (nor print its "listening"
// line) before then. Acts in main.ts, before the transport starts.
import { milliseconds, type Mode } from './mode.js';

let startMs = 0;

export const SLOW_START: Mode = {
  flag: '--slow-start',
  arg: 'MS',
  summary: 'wait MS before reading stdin (stdio) or before listening (HTTP)',
  enable: (value) => {
    startMs = milliseconds('--slow-start', value);
  },
};

/** Resolves once the start-up time has passed. */
export function slowStart(): Promise<void> {
  return startMs > 0 ? new Promise((resolve) => setTimeout(resolve, startMs)) : Promise.resolve();
}
