// --plain-400 (HTTP): the HTTP 4xx refusals that only say "your input is bad" (unparsable
// JSON, an empty batch, an invalid request, a missing or unknown session, a wrong Accept or
// Content-Type: every one whose JSON-RPC error would carry -32700 or -32600) go out as
// text/plain with the error's message instead of a JSON-RPC error object, as many real
// servers do. Conformant: "The HTTP response body MAY comprise a JSON-RPC error response"
// (transports#sending-messages-to-the-server). Errors whose code is the point of a rule
// (2026-07-28's -32020, -32022, -32601 with 404, -32602, -32021) keep their JSON-RPC body.
// Acts in sendJson (sse.ts), where every JSON body of an HTTP response is written.
import { isPlainObject, ErrorCode, type Outbound } from '../jsonrpc.js';
import type { Mode } from './mode.js';

let plain = false;

export const PLAIN_400: Mode = {
  flag: '--plain-400',
  httpOnly: true,
  summary: 'answer HTTP 4xx refusals of bad input (-32700/-32600) with a text/plain body, no JSON-RPC error',
  enable: () => {
    plain = true;
  },
};

const BAD_INPUT: ReadonlySet<unknown> = new Set([ErrorCode.ParseError, ErrorCode.InvalidRequest]);

/** The text/plain body to send in place of `body`, or undefined to send it as JSON. */
export function plainRefusal(status: number, body: Outbound): string | undefined {
  if (!plain || status < 400 || status > 499 || Array.isArray(body) || !isPlainObject(body.error)) return undefined;
  return BAD_INPUT.has(body.error.code) ? `${String(body.error.message)}\n` : undefined;
}
