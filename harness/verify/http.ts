// Verifiers of HTTP answers, in the house style of answers.ts: a check states what the answer to
// one raw HTTP exchange must be (a status, a media type, a header, no body, a JSON-RPC error with
// a named code in the body) as an HttpRule, and the verifier reads what came back and writes
// expected and actual in one line each: the status line, the headers the rule is about, the start
// of the body. No HTTP answer (status 0) is no status to judge: a skip with `no-answer` (the
// harness retries such exchanges alone, with the target's patience), unless answering at all is
// the rule (`answerIsTheRule`), when silence breaks it and says the timeout decided it.
//
//   verifier         judges                                                         
//   expectHttp       one HTTP answer keeps the rule                                  
//   expectHttpEach   each of several answers keeps the rule (probes of one rule)     
//   expectEvent      one SSE event keeps a rule (a stream's first event, a response's carrier)
//
// Rules: status(), contentType(), header(), noBody(), rpcError(), served(), notRpcError(), and
// anyOf() / allOf() to combine them. Raw answers are recorded in the check's own wire log, which
// the excerpt of a fail or warn shows without citing.
import type { Verdict } from '../checks/check.js';
import type { JsonRpcId } from '../jsonrpc/types.js';
import { codeLabel, ErrorCode, type ErrorCodeName } from '../rules/error-codes.js';
import { isObject, type Json } from '../rules/json.js';
import { DECIDED_BY_TIMEOUT } from '../rules/no-answer.js';
import type { SseEvent } from '../transports/sse-parser.js';
import { broken } from './answers.js';
import type { Judge } from './judge.js';
import { violationsLine } from './violations.js';

/**
 * What came back to one HTTP request: a raw answer (RawResponse), the answer to a transport's
 * own GET (HttpResponseInfo), or only a status (DELETE). Status 0: nothing answered.
 */
export interface HttpAnswer {
  status: number;
  /** Header names lower-cased. */
  headers?: Readonly<Record<string, string>>;
  /** The media type only, lower-cased. */
  contentType?: string;
  body?: string;
  /** What went wrong (no answer, a body cut off). */
  problem?: string;
  /** The body parsed as JSON, when it is JSON. */
  json?: unknown;
  /** The events of a text/event-stream answer. */
  events?: readonly SseEvent[];
}

/** One HTTP exchange: what was sent, in words, its answer, and the id of the JSON-RPC request it carried. */
export interface HttpExchange {
  what: string;
  r: HttpAnswer;
  id?: JsonRpcId;
}

export const httpExchange = (what: string, r: HttpAnswer, id?: JsonRpcId): HttpExchange => ({ what, r, ...(id !== undefined ? { id } : {}) });

/** What the answer to an HTTP exchange must be. */
export interface HttpRule {
  /** In words ("HTTP 400 Bad Request"). */
  expected: string;
  /** Does the answer keep it? `id`: the request's, for rules about the JSON-RPC message in the body. */
  keeps(r: HttpAnswer, id: JsonRpcId | undefined): boolean;
  /** The headers the rule is about: the actual line shows them. */
  headers?: readonly string[];
}

export interface HttpOptions {
  /** Silence breaks the rule itself: fail (saying the timeout decided it) instead of skipping. */
  answerIsTheRule?: boolean;
  /** The rule is in doubt here (a case the standards leave open): a break warns, with this reason. */
  doubt?: string;
  /** Said beside a break (what makes it one here). */
  reason?: string;
  /** What a pass says it saw. */
  note?: string;
}

const REASON_PHRASE: Readonly<Record<number, string>> = {
  200: 'OK',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
};

/** "HTTP 400 Bad Request". */
export const statusText = (status: number): string => `HTTP ${status}${REASON_PHRASE[status] ? ` ${REASON_PHRASE[status]}` : ''}`;

/** A successful status (2xx). */
export const succeeded = (r: HttpAnswer): boolean => r.status >= 200 && r.status < 300;

/** One line of an HTTP answer: status and media type, the headers named, what went wrong, the start of the body. */
export function httpLine(r: HttpAnswer, headers: readonly string[] = []): string {
  if (r.status === 0) return `no HTTP answer (${r.problem ?? 'nothing'})`;
  const shown = headers.map((name) => {
    const value = r.headers?.[name.toLowerCase()];
    return value === undefined ? `no ${name}` : `${name}: ${value.slice(0, 200)}`;
  });
  const events = r.events ? `, ${r.events.length} SSE event(s)` : '';
  const body = r.body ? `: ${r.body.slice(0, 160)}` : '';
  return `HTTP ${r.status}${r.contentType ? ` ${r.contentType}` : ''}${shown.length ? ` [${shown.join('; ')}]` : ''}${r.problem ? ` (${r.problem})` : ''}${events}${body}`;
}

/** The detail of a skip when `what` got no HTTP answer. */
export function noHttpAnswer(what: string, r: HttpAnswer): string {
  return `${what} got no HTTP answer (${r.problem ?? 'nothing'}): nothing to judge, and whether the server answers at all is left to the harness's timeout handling`;
}

/** The JSON-RPC message an answer carries: its JSON body, or the first SSE event answering `id`. */
export function rpcAnswer(r: HttpAnswer, id?: JsonRpcId): Json | undefined {
  if (isObject(r.json)) return r.json;
  for (const e of r.events ?? []) {
    if (!e.hasData || e.data === '') continue;
    try {
      const m: unknown = JSON.parse(e.data);
      if (isObject(m) && !('method' in m) && (id === undefined || m.id === id)) return m;
    } catch {
      // not JSON: the message checks judge that
    }
  }
  return undefined;
}

/** The code of the JSON-RPC error an answer carries, if any. */
export function rpcErrorCode(r: HttpAnswer, id?: JsonRpcId): number | undefined {
  const e = rpcAnswer(r, id)?.error;
  return isObject(e) && typeof e.code === 'number' ? e.code : undefined;
}

/** Did the answer carry a result for the request (it was served)? */
export const isServed = (r: HttpAnswer, id?: JsonRpcId): boolean => succeeded(r) && rpcAnswer(r, id)?.result !== undefined;

type StatusClass = number | '2xx' | '4xx' | '5xx';

const inClass = (status: number, c: StatusClass): boolean => (typeof c === 'number' ? status === c : Math.floor(status / 100) === Number(c[0]));

/** The status is one of these (a number, or a class such as '2xx'). */
export function status(...wanted: StatusClass[]): HttpRule {
  const named = wanted.map((c) => (typeof c === 'number' ? statusText(c) : `HTTP ${c}`));
  return { expected: named.join(' or '), keeps: (r) => wanted.some((c) => inClass(r.status, c)) };
}

/** The media type is one of these. */
export function contentType(...types: string[]): HttpRule {
  return { expected: `Content-Type ${types.join(' or ')}`, keeps: (r) => types.includes(r.contentType ?? ''), headers: ['Content-Type'] };
}

/** A header keeps `test` (its value, undefined when absent). */
export function header(name: string, expected: string, test: (value: string | undefined) => boolean): HttpRule {
  return { expected, keeps: (r) => test(r.headers?.[name.toLowerCase()]), headers: [name] };
}

/** No body. */
export const noBody = (): HttpRule => ({ expected: 'no body', keeps: (r) => !r.body });

/** A JSON-RPC error with this code (by name) for the request, in the JSON body or the SSE stream. */
export function rpcError(code: ErrorCodeName): HttpRule {
  return { expected: `a JSON-RPC error ${codeLabel(ErrorCode[code])}`, keeps: (r, id) => rpcErrorCode(r, id) === ErrorCode[code] };
}

/** Not a JSON-RPC error with this code: the request got past what that code refuses. */
export function notRpcError(code: ErrorCodeName): HttpRule {
  return { expected: `no JSON-RPC error ${codeLabel(ErrorCode[code])}`, keeps: (r, id) => rpcErrorCode(r, id) !== ErrorCode[code] };
}

/** The request served: a 2xx answer carrying its result. */
export const served = (): HttpRule => ({ expected: 'the request served (a result)', keeps: (r, id) => isServed(r, id) });

/** Every rule kept ("HTTP 400 Bad Request with a JSON-RPC error ..."). */
export function allOf(...rules: HttpRule[]): HttpRule {
  return { expected: rules.map((x) => x.expected).join(' with '), keeps: (r, id) => rules.every((x) => x.keeps(r, id)), headers: rules.flatMap((x) => x.headers ?? []) };
}

/** One of the rules kept. */
export function anyOf(...rules: HttpRule[]): HttpRule {
  return { expected: rules.map((x) => x.expected).join(', or '), keeps: (r, id) => rules.some((x) => x.keeps(r, id)), headers: rules.flatMap((x) => x.headers ?? []) };
}

const brokenOpts = (opts: HttpOptions, reason?: string) => {
  const why = [reason, opts.reason].filter(Boolean).join('; ');
  return { ...(why ? { reason: why } : {}), ...(opts.doubt ? { doubt: opts.doubt } : {}) };
};

/** The answer to one HTTP exchange keeps the rule. */
export function expectHttp(judge: Judge, ex: HttpExchange, rule: HttpRule, opts: HttpOptions = {}): Verdict {
  const expected = `${ex.what}: ${rule.expected}`;
  if (ex.r.status === 0) {
    if (opts.answerIsTheRule) return broken(judge, expected, httpLine(ex.r), brokenOpts(opts, DECIDED_BY_TIMEOUT));
    return judge.skip('no-answer', noHttpAnswer(ex.what, ex.r));
  }
  if (rule.keeps(ex.r, ex.id)) return judge.pass(opts.note);
  return broken(judge, expected, httpLine(ex.r, rule.headers), brokenOpts(opts));
}

/**
 * Each answer of several exchanges (probes of one rule) keeps it. Those that got no HTTP answer
 * are not judged (the pass says so); none answered at all: a skip with `no-answer`.
 */
export function expectHttpEach(judge: Judge, exchanges: readonly HttpExchange[], rule: HttpRule, opts: HttpOptions = {}): Verdict {
  const silent = exchanges.filter((ex) => ex.r.status === 0);
  const answered = exchanges.filter((ex) => ex.r.status !== 0);
  const unjudged = silent.length > 0 ? `no HTTP answer to: ${silent.map((ex) => ex.what).join('; ')}` : undefined;
  if (answered.length === 0) return judge.skip('no-answer', silent.map((ex) => noHttpAnswer(ex.what, ex.r)).join('; ') || 'nothing was sent');
  const wrong = answered.filter((ex) => !rule.keeps(ex.r, ex.id));
  if (wrong.length === 0) return judge.pass([opts.note, unjudged].filter(Boolean).join('; ') || undefined);
  const expected = `${answered.map((ex) => ex.what).join('; ')}: ${rule.expected}`;
  return broken(judge, expected, violationsLine(wrong.map((ex) => `${ex.what}: ${httpLine(ex.r, rule.headers)}`)), brokenOpts(opts));
}

/** What one SSE event must be. */
export interface EventRule {
  /** In words ("the endpoint event"). */
  expected: string;
  keeps(e: SseEvent): boolean;
  /** The event's absence breaks the rule, as this says (default: no event is nothing to judge, a `no-answer` skip). */
  missing?: string;
}

/** One SSE event in a line: its type, id and the start of its data. */
export const eventLine = (judge: Pick<Judge, 'brief'>, e: SseEvent): string => `an event "${e.event}", id ${e.id ?? '(none)'}, data ${judge.brief(e.data, 120)}`;

/** An SSE event (`got`, with its wire entry where known; undefined: none came) keeps the rule. */
export function expectEvent(judge: Judge, what: string, got: { event: SseEvent; seq?: number } | undefined, rule: EventRule, opts: Omit<HttpOptions, 'answerIsTheRule'> = {}): Verdict {
  const expected = `${what}: ${rule.expected}`;
  if (!got) {
    if (rule.missing !== undefined) return broken(judge, expected, rule.missing, brokenOpts(opts));
    return judge.skip('no-answer', `${what}: no event came in time, nothing to judge (whether the server answers at all is left to the harness's timeout handling)`);
  }
  if (got.seq !== undefined) judge.cite(got.seq);
  if (rule.keeps(got.event)) return judge.pass(opts.note);
  return broken(judge, expected, eventLine(judge, got.event), brokenOpts(opts));
}

/** A JSON document fetched over HTTP (a metadata document): where it was found, and what it holds. */
export interface HttpDocument {
  url: string;
  doc: Json;
}

/** What a document must hold. */
export interface DocumentRule {
  /** In words ("authorization_servers: a non-empty array of issuer URLs"). */
  expected: string;
  /** What in the document breaks the rule, one line per member ([]: it keeps it). */
  problems(doc: Json): string[];
  /** The document's absence breaks the rule, as this says (default: nothing to judge, a `not-offered` skip). */
  missing?: string;
}

/** A document (undefined: none was found where a client looks) keeps the rule. */
export function expectDocument(judge: Judge, what: string, found: HttpDocument | undefined, rule: DocumentRule, opts: Omit<HttpOptions, 'answerIsTheRule'> = {}): Verdict {
  const expected = `${what}: ${rule.expected}`;
  if (!found) {
    if (rule.missing !== undefined) return broken(judge, expected, rule.missing, brokenOpts(opts));
    return judge.skip('not-offered', `${what}: no document found, nothing to judge`);
  }
  const problems = rule.problems(found.doc);
  if (problems.length === 0) return judge.pass(opts.note);
  return broken(judge, expected, `${found.url}: ${problems.join('; ')}`, brokenOpts(opts));
}
