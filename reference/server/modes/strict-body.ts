// --strict-body: validate every inbound message as strictly as the TypeScript SDK 2.x does
// (@modelcontextprotocol/core 2.4.0, JSONRPCMessageSchema, parsed before anything else by its
// Streamable HTTP transport and its stdio reader) and refuse what fails with -32600 Invalid
// Request (on HTTP: status 400 with that error as the body), before sessions, headers or
// methods are looked at. What the SDK refuses, per message (a batch fails as a whole when
// one element fails):
//   - a member the JSON-RPC envelope does not define (the SDK's envelope objects are strict):
//     requests have jsonrpc, id, method, params; notifications jsonrpc, method, params;
//     responses jsonrpc, id, result; errors jsonrpc, id, error
//   - a known member of the wrong type: jsonrpc other than "2.0", an id that is not a string
//     or a safe integer (null and 1.5 included), a method that is not a string, params or
//     result that are not an object, params._meta that is not an object, a progressToken that
//     is not a string or a safe integer, a related-task without a string taskId, an error
//     without an integer code and a string message
// Inside params nothing else is refused: no revision's schema closes a params object
// (additionalProperties false appears nowhere in 2024-11-05..2026-07-28), and the SDK
// checks a method's own params only after dispatch. (The SDK answers these refusals with
// -32700 and id null over HTTP and drops them silently on stdio; the mode answers -32600, the
// JSON-RPC code for valid JSON that is not a valid Request object, with the request's id when
// it has a usable one.) Acts in parseFrame (jsonrpc.ts), where every transport reads a message.
import type { Mode } from './mode.js';

let strict = false;

export const STRICT_BODY: Mode = {
  flag: '--strict-body',
  summary: 'refuse any message with members or member types the schema does not allow (-32600, HTTP 400), like the TS SDK 2.x',
  enable: () => {
    strict = true;
  },
};

const ENVELOPES: Record<'request' | 'notification' | 'result' | 'error', ReadonlySet<string>> = {
  request: new Set(['jsonrpc', 'id', 'method', 'params']),
  notification: new Set(['jsonrpc', 'method', 'params']),
  result: new Set(['jsonrpc', 'id', 'result']),
  error: new Set(['jsonrpc', 'id', 'error']),
};

const RELATED_TASK = 'io.modelcontextprotocol/related-task';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** RequestId and ProgressToken: a string or an integer (the SDK's z.number().int(): safe integers). */
const isIdLike = (v: unknown): boolean => typeof v === 'string' || Number.isSafeInteger(v);

/** Why the mode refuses this parsed body, or undefined when it passes (or the mode is off). */
export function strictBodyProblem(value: unknown): string | undefined {
  if (!strict) return undefined;
  if (!Array.isArray(value)) return messageProblem(value);
  for (const [i, element] of value.entries()) {
    const problem = messageProblem(element);
    if (problem !== undefined) return `${problem} (batch element ${i})`;
  }
  return undefined;
}

function messageProblem(msg: unknown): string | undefined {
  if (!isObject(msg)) return 'a message must be a JSON object';
  const kind = 'method' in msg ? ('id' in msg ? 'request' : 'notification') : 'result' in msg ? 'result' : 'error' in msg ? 'error' : undefined;
  if (kind === undefined) return 'a message needs a method, a result or an error';
  const extra = Object.keys(msg).find((k) => !ENVELOPES[kind].has(k));
  if (extra !== undefined) return `unexpected member "${extra}" in a JSON-RPC ${kind}`;
  if (msg.jsonrpc !== '2.0') return 'jsonrpc must be exactly "2.0"';
  if ((kind !== 'notification' && kind !== 'error') || 'id' in msg) {
    if (!isIdLike(msg.id)) return 'id must be a string or an integer';
  }
  switch (kind) {
    case 'request':
    case 'notification':
      if (typeof msg.method !== 'string') return 'method must be a string';
      return 'params' in msg ? paramsProblem(msg.params) : undefined;
    case 'result':
      if (!isObject(msg.result)) return 'result must be an object';
      return '_meta' in msg.result && !isObject(msg.result._meta) ? 'result._meta must be an object' : undefined;
    case 'error': {
      const error = msg.error;
      if (!isObject(error)) return 'error must be an object';
      if (!Number.isSafeInteger(error.code)) return 'error.code must be an integer';
      return typeof error.message === 'string' ? undefined : 'error.message must be a string';
    }
  }
}

function paramsProblem(params: unknown): string | undefined {
  if (!isObject(params)) return 'params must be an object';
  if (!('_meta' in params)) return undefined;
  const meta = params._meta;
  if (!isObject(meta)) return 'params._meta must be an object';
  if ('progressToken' in meta && !isIdLike(meta.progressToken)) return 'params._meta.progressToken must be a string or an integer';
  if (RELATED_TASK in meta) {
    const related = meta[RELATED_TASK];
    if (!isObject(related) || typeof related.taskId !== 'string') return `params._meta["${RELATED_TASK}"].taskId must be a string`;
  }
  return undefined;
}
