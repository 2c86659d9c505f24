// Reading a client recording: ids, `_meta`, what the client declared, and which of our
// messages answered which of its requests. Everything here is untrusted data from the client:
// nothing is assumed about shapes.
import type { ClientMessage, Json, Recording } from '../../../harness/client/recording.js';
import { isObject } from '../../../harness/rules/json.js';
import { META_KEYS } from '../../../harness/sessions/session.js';

export { isObject };

/** JSON-RPC ids match only with the same JSON type and value (1 is not "1"). */
export const sameId = (a: unknown, b: unknown): boolean => (typeof a === 'string' || typeof a === 'number') && typeof a === typeof b && a === b;

export const paramsOf = (m: ClientMessage): Json => (isObject(m.message.params) ? m.message.params : {});

export const metaOf = (m: ClientMessage): Json | undefined => {
  const meta = paramsOf(m)._meta;
  return isObject(meta) ? meta : undefined;
};

/** The capabilities the client declared for this request: its initialize (legacy) or its own `_meta` (2026-07-28). */
export function declaredFor(recording: Recording, m: ClientMessage, modern: boolean): Json | undefined {
  if (modern) {
    const caps = metaOf(m)?.[META_KEYS.clientCapabilities];
    return isObject(caps) ? caps : undefined;
  }
  const init = recording.requests('initialize').filter((r) => r.conn === m.conn && r.seq <= m.seq).at(-1) ?? recording.requests('initialize')[0];
  const caps = init ? paramsOf(init).capabilities : undefined;
  return isObject(caps) ? caps : undefined;
}

/** Our answer (result or error) to one of the client's requests. */
export function ourAnswer(recording: Recording, request: ClientMessage): ClientMessage | undefined {
  return recording.toClient().find((m) => m.conn === request.conn && m.seq > request.seq && !('method' in m.message) && sameId(m.message.id, request.message.id));
}

/** Our requests to the client (legacy server requests). */
export function ourRequests(recording: Recording, method?: string): ClientMessage[] {
  return recording.toClient().filter((m) => typeof m.message.method === 'string' && 'id' in m.message && (method === undefined || m.message.method === method));
}

/** The client's responses to one of our requests (exactly one is right). */
export function clientAnswers(recording: Recording, ours: ClientMessage): ClientMessage[] {
  return recording.responses().filter((m) => m.conn === ours.conn && sameId(m.message.id, ours.message.id));
}

/** The code of an error answer: a number, or 'malformed' when it is not an integer (judged elsewhere). */
export function errorCode(error: unknown): number | 'malformed' {
  const code = isObject(error) ? error.code : undefined;
  return typeof code === 'number' && Number.isInteger(code) ? code : 'malformed';
}

/** The tool ended the client (deadline, or the scenario was over): what it did not do yet proves nothing. */
export function endedByTool(recording: Recording): boolean {
  return recording.exit?.killed === true;
}
