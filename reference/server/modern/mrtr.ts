// basic/patterns/mrtr: asking the client for input with an InputRequiredResult, and reading
// the retry. requestState is sealed with an HMAC under a per-process random key and bound
// to the method and name it was issued for, with an expiry (mrtr#server-requirements).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, invalidParams, isPlainObject } from '../jsonrpc.js';
import type { RequestContext } from '../session.js';
import { missingCapability } from './errors.js';
import { faultyInputRequests } from './faulty-input-requests.js';

const KEY = randomBytes(32);
const STATE_TTL_MS = 10 * 60_000;

export interface InputRequired {
  resultType: 'input_required';
  inputRequests?: Record<string, unknown>;
  requestState?: string;
}

export function isInputRequired(v: unknown): v is InputRequired {
  return isPlainObject(v) && v.resultType === 'input_required';
}

/** One form-mode elicitation: the key of the input request and what it asks. */
export interface FormQuestion {
  key: string;
  message: string;
  requestedSchema: Record<string, unknown>;
}

export type Answer = { action: 'accept'; content: Record<string, unknown> } | { action: 'decline' | 'cancel' };

interface StatePayload {
  /** method and name (or uri) of the request the state belongs to */
  m: string;
  n: string;
  /** the input request keys it asked */
  k: string[];
  exp: number;
}

const b64 = (b: Buffer): string => b.toString('base64url');
const mac = (body: string): Buffer => createHmac('sha256', KEY).update(body).digest();

function seal(p: StatePayload): string {
  const body = b64(Buffer.from(JSON.stringify(p), 'utf8'));
  return `${body}.${b64(mac(body))}`;
}

/** The payload of an authentic, unexpired state issued for `target`; throws otherwise. */
function verify(state: unknown, target: { m: string; n: string }, key: string): StatePayload {
  const trusting = isOn('modern-request-state-unverified');
  const payload = typeof state === 'string' ? unseal(state, trusting) : null;
  if (!payload) {
    if (trusting) return { ...target, k: [key], exp: 0 };
    throw stateRejected();
  }
  if ((payload.m !== target.m || payload.n !== target.n) && !isOn('modern-request-state-unbound')) throw stateRejected();
  return payload;
}

function unseal(state: string, trusting: boolean): StatePayload | null {
  const [body, sig, extra] = state.split('.');
  if (body === undefined || sig === undefined || extra !== undefined) return null;
  const expected = mac(body);
  const given = Buffer.from(sig, 'base64url');
  if (!(given.length === expected.length && timingSafeEqual(given, expected)) && !trusting) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    if (typeof p.m !== 'string' || typeof p.n !== 'string' || !Array.isArray(p.k) || typeof p.exp !== 'number') return null;
    return p.exp >= Date.now() || trusting ? p : null;
  } catch {
    return null;
  }
}

function malformed(message: string): RpcError {
  if (isOn('modern-error-code-legacy-range')) return new RpcError(-32001, message);
  return invalidParams(`Invalid params: ${message}`);
}

function stateRejected(): RpcError {
  const message = 'Invalid params: requestState failed verification (tampered, expired, or issued for another request)';
  if (isOn('modern-error-code-jsonrpc-reserved')) return new RpcError(-32100, message);
  return new RpcError(isOn('modern-error-code-undefined') ? -32030 : ErrorCode.InvalidParams, message);
}

/** elicitation#capabilities: an empty elicitation object means form mode. */
function formDeclared(caps: Record<string, unknown>): boolean {
  const e = caps.elicitation;
  return isPlainObject(e) && (Object.keys(e).length === 0 || isPlainObject(e.form));
}

/** A fresh InputRequiredResult asking `q` (needs elicitation declared on this request). */
function ask(ctx: RequestContext, target: { m: string; n: string }, q: FormQuestion): InputRequired {
  const modern = ctx.modern;
  if (modern && !formDeclared(modern.meta.capabilities) && !isOn('modern-mrtr-undeclared-capability')) {
    throw missingCapability({ elicitation: { form: {} } }, `${target.m} ${target.n} asks the user through elicitation (form mode)`);
  }
  const request = { method: 'elicitation/create', params: { mode: 'form', message: q.message, requestedSchema: isOn('elicitation-asks-password') ? withPassword(q.requestedSchema) : q.requestedSchema } };
  const inputRequests: Record<string, unknown> = { [q.key]: request };
  if (isOn('modern-input-request-bad-method')) inputRequests.probe = { method: 'ping', params: {} };
  if (modern) Object.assign(inputRequests, faultyInputRequests(modern.meta.capabilities));
  const requestState = seal({ ...target, k: [q.key], exp: Date.now() + STATE_TTL_MS });
  stateByConnection(ctx, requestState);
  if (isOn('modern-server-request')) ctx.channel.send({ jsonrpc: '2.0', id: `ref-elicit-${String(ctx.id)}`, method: 'elicitation/create', params: request.params });
  return { resultType: 'input_required', inputRequests, requestState };
}

/** A fault (ELIC-011): the form also asks for a password (optional, so answers without one still do). */
export function withPassword(requestedSchema: Record<string, unknown>): Record<string, unknown> {
  const properties = isPlainObject(requestedSchema.properties) ? requestedSchema.properties : {};
  return { ...requestedSchema, properties: { ...properties, password: { type: 'string', title: 'Password' } } };
}

/** A fault (LIFE-041): the connection keeps the last state issued and lends it to a retry without one. */
function stateByConnection(ctx: RequestContext, issued?: string): string | undefined {
  if (!isOn('modern-mrtr-state-by-connection') || !ctx.modern) return undefined;
  if (issued !== undefined) ctx.modern.conn.pendingState = issued;
  return ctx.modern.conn.pendingState;
}

/** MRTR: inputResponses, when present, is an object of results; else the request is malformed (any method). */
export function checkInputResponses(params: unknown): void {
  const responses = isPlainObject(params) ? params.inputResponses : undefined;
  if (responses !== undefined && !isPlainObject(responses) && !isOn('modern-malformed-input-responses-accepted')) throw malformed('inputResponses must be an object of results');
}

/** The answer to `q` from a retry, or the InputRequiredResult to send (first round, missing answer). */
export function elicit(ctx: RequestContext, q: FormQuestion): Answer | InputRequired {
  const target = { m: ctx.modern?.method ?? '', n: String(ctx.params.name ?? ctx.params.uri ?? '') };
  let responses = ctx.params.inputResponses;
  if (responses !== undefined && !isPlainObject(responses)) {
    if (!isOn('modern-malformed-input-responses-accepted')) throw malformed('inputResponses must be an object of results');
    responses = undefined;
  }
  let state = ctx.params.requestState;
  if (state === undefined && responses !== undefined) state = stateByConnection(ctx);
  // Without state, answers cannot be tied to a question this server asked: start over.
  if (state === undefined) return ask(ctx, target, q);
  const payload = verify(state, target, q.key);
  const given = isPlainObject(responses) ? responses : {};
  // mrtr#error-handling: answers the server did not ask for are ignored.
  const unknown = Object.keys(given).filter((k) => !payload.k.includes(k) && k !== q.key);
  if (unknown.length > 0 && isOn('modern-extra-input-response-rejected')) throw invalidParams(`Invalid params: unexpected inputResponses ${unknown.join(', ')}`);
  const answer = given[q.key];
  if (answer === undefined) {
    // mrtr#error-handling: a missing answer is asked again, not an error.
    if (isOn('modern-missing-answers-error')) throw invalidParams(`Invalid params: inputResponses lacks "${q.key}"`);
    if (isOn('modern-input-required-empty')) return { resultType: 'input_required' };
    // Looks for the member only, not for the answer in it.
    if (isOn('modern-missing-answer-completed') && isPlainObject(responses)) return { action: 'decline' };
    return ask(ctx, target, q);
  }
  return readAnswer(answer, q.key);
}

/** An ElicitResult; decline and cancel are answers too (the caller says so in its result). */
function readAnswer(v: unknown, key: string): Answer {
  if (!isPlainObject(v) || !['accept', 'decline', 'cancel'].includes(v.action as string)) {
    throw malformed(`inputResponses["${key}"] must be an ElicitResult with action accept, decline or cancel`);
  }
  if (v.action !== 'accept') {
    if (isOn('modern-decline-internal-error')) throw new RpcError(ErrorCode.InternalError, 'Internal error');
    return { action: v.action as 'decline' | 'cancel' };
  }
  if (!isPlainObject(v.content)) throw malformed(`inputResponses["${key}"].content must be an object when action is accept`);
  return { action: 'accept', content: v.content };
}
