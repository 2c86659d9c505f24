// The phase both runners end with before their report: every verdict that may rest on a timeout
// (the server side: one check; the client side: one scenario run and the checks judging it) is
// tried again alone, revision by revision, with the patience a retry gets (pace.retrying), and
// the listener is told how many. What each side does with one suspect is its own (`again`).
import type { Pace } from '../pacing/pace.js';
import type { RunListener } from './events.js';

export async function tryAgainAlone<S extends { revision: string }>(p: {
  pace: Pace;
  suspects: S[];
  /** How many verdicts the suspects hold (the listener's count). */
  verdicts: number;
  listener?: RunListener;
  /** Not told when the run is over already (interrupted, or the target gone silent). */
  quiet?: boolean;
  /** One suspect, alone; false ends the phase (the run's budget is spent). */
  again: (suspect: S) => Promise<boolean | void>;
}): Promise<void> {
  p.pace.retrying = true;
  try {
    if (p.verdicts > 0 && !p.quiet) p.listener?.retrying?.(p.verdicts);
    for (const s of [...p.suspects].sort((a, b) => a.revision.localeCompare(b.revision))) if ((await p.again(s)) === false) break;
  } finally {
    p.pace.retrying = false;
  }
}
