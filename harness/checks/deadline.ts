// A check's deadline: a few timeouts' worth of time, with the time it spent waiting on what it
// does not control (lent sessions, starts, looks other checks record) given back; a check cut
// off by it errs, saying so.
import { SessionError } from '../sessions/session.js';
import { MalformedProbe } from '../sessions/well-formed.js';
import type { Check, Verdict } from './check.js';
import type { RunContext } from './context.js';

/** Time waiting for lent sessions a check gets back on top of its deadline, in deadlines. */
const SESSION_WAIT_DEADLINES = 4;

/** A check may make several requests; it gets a few timeouts' worth of time, then is cut. */
export function checkDeadlineMs(timeoutMs: number): number {
  return timeoutMs * 4 + 5000;
}

export async function withDeadline(check: Check, ctx: RunContext, ms: number): Promise<Verdict> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<Verdict>((resolve) => {
    // Time spent waiting for a lent session (other checks had them) is not the check's own:
    // it gets that time back, up to a few deadlines more (the run still ends).
    let credited = 0;
    const expire = () => {
      const owed = Math.min(ctx.sessionWaitMs(), ms * SESSION_WAIT_DEADLINES) - credited;
      if (owed >= 1) {
        credited += owed;
        timer = setTimeout(expire, owed);
        return;
      }
      const waited = credited > 0 ? ` (besides ${Math.round(credited)} ms waiting for a session other checks had)` : '';
      resolve({ status: 'error', reason: `the check did not finish within ${ms} ms${waited}` });
    };
    timer = setTimeout(expire, ms);
  });
  try {
    return await Promise.race([
      check.run(ctx).catch((error: unknown): Verdict => {
        if (error instanceof SessionError) return { status: 'error', reason: `could not open a session: ${error.message}` };
        // Our own probe was malformed: its sentence says so already.
        if (error instanceof MalformedProbe) return { status: 'error', reason: error.message };
        return { status: 'error', reason: `the check crashed: ${error instanceof Error ? error.message : String(error)}` };
      }),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
