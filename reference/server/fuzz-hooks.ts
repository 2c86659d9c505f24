// The one place where the fuzzing faults (faults/fuzz.ts) act: every parsed inbound value
// passes through here first. Returns true when a fault took the message over. (The framing
// fault fuzz-crash-invalid-utf8 acts before parsing, in stdio.ts.)
import { isOn } from './faults.js';
import { METHODS } from './handlers/index.js';
import { MODERN_METHODS } from './modern/methods.js';
import { ErrorCode, errorResponse, isPlainObject, isResponse, isValidId } from './jsonrpc.js';
import type { Channel, Session } from './session.js';

const ENVELOPE = new Set(['jsonrpc', 'id', 'method', 'params']);
/** Values being answered twice, so the second pass through this hook lets them by. */
const doubling = new WeakSet<object>();

export function fuzzFaultHook(value: unknown, text: string | undefined, channel: Channel, session: Session): boolean {
  if (isOn('fuzz-crash-deep-nesting') && deeperThan(value, 1000)) {
    process.stderr.write('reference server: fault fuzz-crash-deep-nesting: exiting on deep nesting\n');
    process.exit(1);
  }
  if (!isPlainObject(value)) return false;
  const known = typeof value.method === 'string' && (Object.hasOwn(METHODS, value.method) || Object.hasOwn(MODERN_METHODS, value.method));
  const request = 'id' in value && isValidId(value.id) && value.jsonrpc === '2.0' && typeof value.method === 'string';
  if (isOn('fuzz-hang-long-id') && typeof value.id === 'string' && value.id.length > 1000) return true;
  if (isOn('fuzz-answers-request-notification') && !('id' in value) && known) {
    channel.send({ jsonrpc: '2.0', id: null, result: {} });
    return false;
  }
  if (isOn('fuzz-array-params-internal-error') && request && known && Array.isArray(value.params) && session.state === 'ready') {
    channel.send(errorResponse(value.id as string | number, ErrorCode.InternalError, 'Internal error'), { answers: value.method as string });
    return true;
  }
  if (isOn('fuzz-double-answer-extra-member') && request && !doubling.has(value) && Object.keys(value).some((k) => !ENVELOPE.has(k))) {
    doubling.add(value);
    const twice: Channel = {
      send: (msg, info) => {
        channel.send(msg, info);
        if (isResponse(msg)) channel.send(msg, info);
      },
    };
    session.receive(value, text, twice).catch(() => undefined);
    return true;
  }
  return false;
}

/** Is any value inside nested more than `limit` levels deep? (Iterative: no stack to blow.) */
function deeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (depth > limit) return true;
    if (typeof v === 'object' && v !== null) for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
