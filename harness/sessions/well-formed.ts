// What we send when we mean it to be right is right. A check that sends a malformed request by
// mistake learns nothing about the target: a strict server refuses the request before it looks
// at what the check wanted to see (a 2026-07-28 server on the TypeScript SDK 2.x answers an
// extra top-level member with -32600, whatever the headers said). So every message a session
// builds or sends is checked here before it leaves: the JSON-RPC envelope holds nothing but
// jsonrpc, id, method and params, and the message is valid against its definition in the
// revision's schema. A malformed probe is the tool's own bug, never the target's failure: the
// check errs, saying so. Messages meant to be malformed (fuzzing, odd ids, hostile input) take
// the explicit raw paths (requestMessage, sendRaw, sendBytes, raw HTTP) or say why they break
// the schema (SendOptions.malformed), and are not checked.
import type { RevisionSchema } from '../schema.js';

/** The members JSON-RPC 2.0 defines for a request (section 4) and a notification (4.1). */
const ENVELOPE = { request: ['jsonrpc', 'id', 'method', 'params'], notification: ['jsonrpc', 'method', 'params'] } as const;

export type OutboundKind = keyof typeof ENVELOPE;

/**
 * Set in the vitest configs: a malformed probe is then fatal to the test run, even when the
 * check that built it catches the error (the self-proof must name every such check).
 */
export const STRICT_PROBES_ENV = 'MCP_CONFORMANCE_STRICT_PROBES';

/** Our own message was malformed: a defect of mcp-conformance, not of the target. */
export class MalformedProbe extends Error {
  constructor(
    readonly method: string,
    readonly problem: string,
  ) {
    super(`our own ${method} message was malformed, so the target was not tested (a defect of mcp-conformance, not of the target): ${problem}`);
    this.name = 'MalformedProbe';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value as JSON text would carry it (undefined members gone); as is when it has no JSON form. */
function onTheWire(value: unknown): unknown {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? value : (JSON.parse(text) as unknown);
  } catch {
    return value;
  }
}

/**
 * What is wrong with an outbound message, or undefined when it is well-formed. `schema` is the
 * revision's (absent on a bare connection, where only the envelope is known); a method the
 * revision does not define (a deliberately unknown one) is held to the envelope alone.
 */
export function outboundProblem(message: unknown, kind: OutboundKind, schema?: RevisionSchema): string | undefined {
  if (!isObject(message)) return 'a JSON-RPC message is an object';
  const allowed: readonly string[] = ENVELOPE[kind];
  const extra = Object.keys(message).filter((k) => !allowed.includes(k));
  if (extra.length > 0) return `members beyond JSON-RPC's ${allowed.join(', ')}: ${extra.map((k) => `'${k}'`).join(', ')}`;
  if (message.jsonrpc !== '2.0') return '`jsonrpc` is not "2.0"';
  if (typeof message.method !== 'string') return '`method` is not a string';
  if (kind === 'request' && !(typeof message.id === 'string' || Number.isInteger(message.id))) return `the id ${JSON.stringify(message.id)} is neither a string nor an integer`;
  if ('params' in message && !isObject(message.params)) return '`params` is not an object';
  if (!schema) return undefined;
  const definition = kind === 'request' ? schema.requestDefinition(message.method) : schema.notificationDefinition(message.method);
  if (!definition) return undefined;
  const checked = schema.validate(definition, message);
  return checked.ok ? undefined : `not a valid ${definition} at ${schema.revision}: ${checked.error}`;
}

/**
 * Throw MalformedProbe if the message is malformed. Under STRICT_PROBES_ENV the error is also
 * thrown where nothing can catch it, so that no check can turn it into a verdict of its own.
 */
export function assertWellFormed(message: unknown, kind: OutboundKind, schema?: RevisionSchema): void {
  // Judged as it goes on the wire: members whose value is undefined are not sent at all.
  const problem = outboundProblem(onTheWire(message), kind, schema);
  if (problem === undefined) return;
  const method = isObject(message) && typeof message.method === 'string' ? message.method : 'JSON-RPC';
  const error = new MalformedProbe(method, problem);
  if (process.env[STRICT_PROBES_ENV] === '1') {
    process.nextTick(() => {
      throw error;
    });
  }
  throw error;
}
