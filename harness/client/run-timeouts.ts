// A timeout is evidence only when confirmed alone (harness/checks/confirm.ts), on the client
// side too. A run rests on the tool's clock when the tool cut it short (the client showed no
// sign of life within its start allowance, or did not end within the deadline) or when a
// request of the scripted server got no answer in time: with other runs competing for the
// machine, either may be the run's own load. A result of such a run that could rest on it is
// a suspect: the scenario is run again alone, with the patience a retry gets, before it is
// reported.
import { restsOnTimeout } from '../checks/confirm.js';
import type { CheckResult } from '../checks/result.js';
import { revisionInfo } from '../revisions.js';
import type { Recording } from './recording.js';

/** The tool ended the run before the client did. */
export function cutShort(recording: Recording): boolean {
  return recording.ending === 'no-start' || recording.ending === 'deadline';
}

/**
 * A request of the scripted server that the client owes an answer got none within its timeout
 * (the peer's wire event). In the modern era a server sends the client no requests: the one a
 * scripted server sends anyway must go unanswered, and its timeout is the rule kept.
 */
export function requestTimedOut(recording: Recording): boolean {
  if (revisionInfo(recording.revision).era === 'modern') return false;
  return recording.peers.some((p) => p.wire.entries.some((e) => e.dir === 'event' && e.text.startsWith('no response to ')));
}

/**
 * Might this result be the run's own load rather than the client's doing? In a run cut short,
 * anything but a pass (what was not seen may have come later); otherwise what confirm.ts says
 * of a result whose exchange timed out.
 */
export function suspectResult(result: CheckResult, recording: Recording): boolean {
  if (cutShort(recording)) return result.status !== 'pass';
  return restsOnTimeout(result, requestTimedOut(recording));
}
