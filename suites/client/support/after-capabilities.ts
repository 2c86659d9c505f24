// What a client sent once it knew the server's capabilities: the rules "only use capabilities
// that were successfully negotiated" judge only these requests. A request sent before the
// initialize result is lifecycle.only-ping-before-initialize-result's to judge.
import type { ClientMessage, Json, Recording } from '../../../harness/client/recording.js';
import { isRequest, messagesOf, sessions } from './http.js';
import { isObject, ourAnswer } from './wire.js';

export interface NegotiatedView {
  /** Our answer to the client's first initialize. */
  answer: ClientMessage;
  /** The capabilities that answer declared. */
  capabilities: Json;
  /** The requests the client sent knowing them. */
  requests: ClientMessage[];
}

/** undefined when no initialize of the client was answered with a result. */
export function afterCapabilitiesKnown(recording: Recording): NegotiatedView | undefined {
  const init = recording.requests('initialize')[0];
  const answer = init ? ourAnswer(recording, init) : undefined;
  if (!answer || !isObject(answer.message.result)) return undefined;
  const result = answer.message.result;
  // The client's notifications/initialized shows it had read the result (without one, our answer).
  const initialized = recording.fromClient.find((m) => m.seq > answer.seq && m.message.method === 'notifications/initialized');
  const known = initialized?.seq ?? answer.seq;
  const early = sentBeforeTheResult(recording);
  const requests = recording.requests().filter((m) => m.seq > known && !early.has(m.message.id));
  return { answer, capabilities: isObject(result.capabilities) ? result.capabilities : {}, requests };
}

/**
 * Over HTTP a POST sent before the initialize result may arrive after it (on a second
 * connection, on a busy machine). The ids of the requests a client sent without yet knowing its
 * session id: they were sent before it knew the result.
 */
function sentBeforeTheResult(recording: Recording): Set<unknown> {
  const ids = new Set<unknown>();
  for (const s of sessions(recording)) {
    for (const r of s.window) if (!s.known.includes(r)) for (const m of messagesOf(r)) if (isRequest(m)) ids.add(m.id);
  }
  return ids;
}
