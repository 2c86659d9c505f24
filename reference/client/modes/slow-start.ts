// --slow-start MS: the client takes MS to start, as real ones do (a runtime to load, a config
// to read): it connects to nothing (no HTTP request, no server spawned) before then. Acts in
// main.ts, before the connection is made.
import { milliseconds, type Mode } from './mode.js';

let startMs = 0;

export const SLOW_START: Mode = {
  flag: '--slow-start',
  arg: 'MS',
  summary: 'wait MS before connecting (no HTTP request, no server spawned before then)',
  enable: (value) => {
    startMs = milliseconds('--slow-start', value);
  },
};

/** Resolves once the start-up time has passed. */
export function slowStart(): Promise<void> {
  return startMs > 0 ? new Promise((resolve) => setTimeout(resolve, startMs)) : Promise.resolve();
}
