// The one place where the fuzzing faults (faults/fuzz.ts) act: every parsed inbound value
// passes through here first. Returns true when a fault took the message over.
import type { Channel, Session } from './session.js';

export function fuzzFaultHook(_value: unknown, _text: string | undefined, _channel: Channel, _session: Session): boolean {
  return false;
}
