// What the standards say must happen, and what may happen, for each class of fuzz input: the
// data the properties judge by. JSON-RPC 2.0 (section 5: "the Server MUST reply with a
// Response, except for in the case of Notifications"; 5.1: the error codes), MCP basic#meta
// (2026-07-28: "A request missing any required field is malformed; the server MUST reject it
// with JSON-RPC error code" InvalidParams), basic/versioning (a request without the per-request
// _meta is not a modern one), and RFC 8259 section 8.2 (strings holding lone surrogates: "the
// behavior of software that receives JSON texts containing such values is unpredictable").
// A property fails only where a MUST is broken; where the standards leave the handling open
// it warns at most.
import { ErrorCode } from '../rules/error-codes.js';
import type { InputClass, Rendered } from './messages.js';
import { isRaw } from './messages.js';

export interface ClassRule {
  /** What the standards say, in one line (for evidence). */
  standard: string;
  /**
   * Is a response with the request's id owed? `must`: its absence fails; `should`: it warns
   * (JSON-RPC 2.0 answers every request, but the MCP schema makes the message invalid and
   * strict readers drop invalid messages); `may`: silence is fine.
   */
  answer: 'must' | 'should' | 'may';
  /** The JSON-RPC 2.0 code for this kind of input, when an error comes (another code: a warning). */
  code?: { code: number; name: string };
  /** May the answer be a result? (false: the input is no valid call; a result is wrong.) */
  resultOk: boolean;
  /** Any error code is acceptable (the standards leave the handling open). */
  anyCode?: boolean;
  /** An error response with id null (the input taken for unparsable or invalid) is acceptable. */
  nullIdOk?: boolean;
  /**
   * The input is no valid request (it breaks JSON-RPC's or the MCP schema's shape): over HTTP
   * a POST refused with an HTTP error status answers it even without a body ("If the server
   * cannot accept the input, it MUST return an HTTP error status code"; the body MAY comprise
   * a JSON-RPC error response).
   */
  malformed?: boolean;
}

export const CLASS_RULES: Record<InputClass, ClassRule> = {
  valid: { standard: 'JSON-RPC 2.0: the server MUST reply with a Response', answer: 'must', resultOk: true },
  'extra-member': { standard: 'JSON-RPC 2.0: the server MUST reply (the MCP schema allows members it does not name)', answer: 'must', resultOk: true },
  'extra-envelope': {
    standard: 'JSON-RPC 2.0 names no other top-level member; a strict reader may drop the message, else it answers it',
    answer: 'should',
    resultOk: true,
    malformed: true,
  },
  'invalid-params': {
    standard: `JSON-RPC 2.0: ${ErrorCode.InvalidParams} Invalid params (the message breaks the MCP schema: a strict reader may drop it)`,
    answer: 'should',
    code: { code: ErrorCode.InvalidParams, name: 'Invalid params' },
    resultOk: false,
    malformed: true,
  },
  'invalid-params-lenient': {
    standard: `JSON-RPC 2.0: ${ErrorCode.InvalidParams} if refused; an optional member of the wrong type may be ignored`,
    answer: 'should',
    code: { code: ErrorCode.InvalidParams, name: 'Invalid params' },
    resultOk: true,
    malformed: true,
  },
  'meta-missing': {
    standard: `basic#meta: a request missing any required field is malformed; the server MUST reject it with ${ErrorCode.InvalidParams}`,
    answer: 'must',
    code: { code: ErrorCode.InvalidParams, name: 'Invalid params' },
    resultOk: false,
    malformed: true,
  },
  'era-ambiguous': {
    standard: 'basic/versioning: a request without the per-request _meta is not a modern request; a server may refuse it with an implementation-defined error, stay silent, or serve it under legacy semantics',
    answer: 'may',
    resultOk: true,
    anyCode: true,
    nullIdOk: true,
  },
  'unknown-method': { standard: `JSON-RPC 2.0: the server MUST reply; ${ErrorCode.MethodNotFound} Method not found`, answer: 'must', code: { code: ErrorCode.MethodNotFound, name: 'Method not found' }, resultOk: false },
  stress: { standard: 'JSON-RPC 2.0: the server MUST reply with a Response', answer: 'must', resultOk: true },
  'invalid-request': {
    standard: `JSON-RPC 2.0: ${ErrorCode.InvalidRequest} Invalid Request, id null when the id cannot be read (many servers drop such input)`,
    answer: 'may',
    code: { code: ErrorCode.InvalidRequest, name: 'Invalid Request' },
    resultOk: false,
    nullIdOk: true,
    malformed: true,
  },
  // JSON-RPC 2.0 gives params that are not structured (null, a number) a code if refused, but
  // no sentence obliges a server to refuse them: one that reads `params: null` as no params
  // and answers is within the standards. Only the code of an error is graded.
  'invalid-request-lenient': {
    standard: `JSON-RPC 2.0: ${ErrorCode.InvalidRequest} Invalid Request if refused; a server may read params that are not structured as absent and answer`,
    answer: 'may',
    code: { code: ErrorCode.InvalidRequest, name: 'Invalid Request' },
    resultOk: true,
    nullIdOk: true,
    malformed: true,
  },
  parse: { standard: `JSON-RPC 2.0: ${ErrorCode.ParseError} Parse error, id null (many servers drop such input)`, answer: 'may', code: { code: ErrorCode.ParseError, name: 'Parse error' }, resultOk: false, nullIdOk: true, malformed: true },
  hostile: { standard: 'anything goes: only survival is judged', answer: 'may', resultOk: true, anyCode: true, nullIdOk: true, malformed: true },
  notification: { standard: 'basic#notifications: the receiver MUST NOT send a response', answer: 'may', resultOk: false },
};

/** RFC 8259 section 8.2: a string with a lone surrogate may be taken as is, replaced, or refused as unparsable. */
const OPEN: Omit<ClassRule, 'code'> = {
  standard: 'RFC 8259 section 8.2: the handling of strings with lone surrogates is unpredictable; taking the input for unparsable (a parse error with id null, or silence) is accepted',
  answer: 'may',
  resultOk: true,
  anyCode: true,
  nullIdOk: true,
};

/**
 * Where the transport checks the message before its body: 2026-07-28 Streamable HTTP refuses a
 * POST whose headers do not mirror the body with HeaderMismatch, and fuzzed bodies cannot
 * always be mirrored (a method that is no header value, no _meta version).
 */
export const HEADER_MISMATCH = ErrorCode.HeaderMismatch;

/** The rule an input is judged by: its class, widened where the standards leave its handling open. */
export function ruleOf(r: Rendered): ClassRule {
  const base = CLASS_RULES[r.input.cls];
  if (r.open && r.input.cls !== 'hostile') return { ...base, ...OPEN, standard: `${OPEN.standard} (else: ${base.standard})` };
  if (r.ambiguous && !isRaw(r.input) && r.input.cls !== 'meta-missing' && r.input.cls !== 'notification') {
    const era = CLASS_RULES['era-ambiguous'];
    return { ...base, answer: 'may', anyCode: true, nullIdOk: true, resultOk: true, standard: `${era.standard} (${base.standard})` };
  }
  return base;
}

/** Is this error code acceptable for the input (its class's code, a defensible other one, or any)? */
export function codeAccepted(r: Rendered, code: unknown, opts: { headerChecks: boolean }): boolean {
  const rule = ruleOf(r);
  if (rule.anyCode || !rule.code) return true;
  const also = isRaw(r.input) ? [] : (r.input.alsoAccept ?? []);
  return [rule.code.code, ...also, ...(opts.headerChecks ? [HEADER_MISMATCH] : [])].includes(code as number);
}
