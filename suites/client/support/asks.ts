// What the scripted server asked of the client and what the client answered, in either era:
// legacy server requests (roots/list, sampling/createMessage, elicitation/create, ping...)
// answered by JSON-RPC responses, and 2026-07-28 input requests of an InputRequiredResult,
// answered in `inputResponses` of the retry. The feature checks judge these.
import type { ClientMessage, Json, Recording } from '../../../harness/client/recording.js';
import { clientAnswers, declaredFor, isObject, ourAnswer, ourRequests, paramsOf } from './wire.js';

export interface Ask {
  method: string;
  params: Json;
  /** Our request (legacy) or our InputRequiredResult (2026-07-28). */
  sent: ClientMessage;
  /** 2026-07-28: the key in `inputRequests`. */
  key?: string;
  /** Legacy: every response with our id; 2026-07-28: the retry that carries the answer. */
  replies: ClientMessage[];
  /** What the client gave: a result, an error (legacy), or nothing. */
  outcome: { kind: 'result'; value: unknown; seq: number } | { kind: 'error'; value: unknown; seq: number } | { kind: 'none' };
  /** The capabilities the client declared for this exchange. */
  declared: Json | undefined;
}

/** One InputRequiredResult round: the client's request, our answer, and the client's retry. */
export interface Round {
  request: ClientMessage;
  answer: ClientMessage;
  result: Json;
  retry: ClientMessage | undefined;
}

/** What identifies "the same request" for a retry: the method and its target. */
function target(m: ClientMessage): string {
  const p = paramsOf(m);
  return JSON.stringify([m.message.method, p.name ?? p.uri ?? null]);
}

/** Every InputRequiredResult we sent, with the retry that followed it (if any). */
export function inputRounds(recording: Recording): Round[] {
  const rounds: Round[] = [];
  const requests = recording.requests();
  for (const request of requests) {
    const answer = ourAnswer(recording, request);
    const result = answer && isObject(answer.message.result) ? answer.message.result : undefined;
    if (!answer || !result || result.resultType !== 'input_required') continue;
    const retry = requests.find((r) => r.conn === request.conn && r.seq > answer.seq && target(r) === target(request));
    rounds.push({ request, answer, result, retry });
  }
  return rounds;
}

function legacyAsks(recording: Recording): Ask[] {
  return ourRequests(recording).map((sent) => {
    const replies = clientAnswers(recording, sent);
    const first = replies[0];
    const outcome: Ask['outcome'] = !first ? { kind: 'none' } : 'error' in first.message ? { kind: 'error', value: first.message.error, seq: first.seq } : { kind: 'result', value: first.message.result, seq: first.seq };
    const initialize = recording.requests('initialize').filter((r) => r.conn === sent.conn).at(-1);
    return {
      method: String(sent.message.method),
      params: isObject(sent.message.params) ? sent.message.params : {},
      sent,
      replies,
      outcome,
      declared: initialize ? declaredFor(recording, initialize, false) : undefined,
    };
  });
}

function modernAsks(recording: Recording): Ask[] {
  const asks: Ask[] = [];
  for (const round of inputRounds(recording)) {
    const requested = isObject(round.result.inputRequests) ? round.result.inputRequests : {};
    const responses = round.retry && isObject(paramsOf(round.retry).inputResponses) ? (paramsOf(round.retry).inputResponses as Json) : {};
    for (const [key, request] of Object.entries(requested)) {
      if (!isObject(request)) continue;
      const given = round.retry && key in responses;
      asks.push({
        method: String(request.method),
        params: isObject(request.params) ? request.params : {},
        sent: round.answer,
        key,
        replies: round.retry ? [round.retry] : [],
        outcome: given && round.retry ? { kind: 'result', value: responses[key], seq: round.retry.seq } : { kind: 'none' },
        declared: declaredFor(recording, round.retry ?? round.request, true),
      });
    }
  }
  return asks;
}

/** What the server asked (optionally of one method), with the client's answers. */
export function asksOf(recording: Recording, modern: boolean, method?: string): Ask[] {
  return (modern ? modernAsks(recording) : legacyAsks(recording)).filter((a) => method === undefined || a.method === method);
}

/** A client capability (`roots`, `sampling`, `elicitation`) as declared: the object, or undefined. */
export function capability(declared: Json | undefined, name: string): Json | undefined {
  const value = declared?.[name];
  return isObject(value) ? value : undefined;
}

const NEEDS: Readonly<Record<string, string>> = { 'roots/list': 'roots', 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation' };

/**
 * Whether `declared` offers what an input request needs (MRTR-004: roots for roots/list,
 * sampling for sampling/createMessage, elicitation for elicitation/create); an unknown method
 * needs nothing we know of.
 */
export function declaresFor(declared: Json | undefined, request: unknown): boolean {
  const method = isObject(request) ? request.method : undefined;
  const needed = typeof method === 'string' ? NEEDS[method] : undefined;
  return needed === undefined || capability(declared, needed) !== undefined;
}

/** The wire entry of what the client gave, where it gave anything. */
export const givenSeq = (a: Ask): number | undefined => (a.outcome.kind === 'none' ? undefined : a.outcome.seq);

/**
 * The asks the client answered with a result though it had not declared `name`, up to the first
 * ask whose declared capabilities are unknown; `unknown`: such an ask came before any of them.
 */
export function givenUndeclared(asks: readonly Ask[], name: string): { unknown: boolean; given: Ask[] } {
  const stop = asks.findIndex((a) => a.declared === undefined);
  const judged = stop < 0 ? asks : asks.slice(0, stop);
  const given = judged.filter((a) => a.outcome.kind === 'result' && !capability(a.declared, name));
  return { unknown: stop >= 0 && given.length === 0, given };
}
