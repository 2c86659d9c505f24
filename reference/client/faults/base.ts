// Faults of the JSON-RPC base: envelopes, ids, responses, `_meta`, resultType, ping.
import { ALL, BOTH, LEGACY, MODERN, MODERN_TRANSPORTS, type FaultSpec } from './types.js';

export const BASE_FAULTS = [
  { id: 'request-id-reused', digest: 'BASE-003', transports: ALL, eras: LEGACY, description: 'BASE-003: the first request after notifications/initialized reuses the id of the answered initialize request.' },
  { id: 'request-id-reused-in-flight', digest: 'BASE-004', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'BASE-004: the first request after an acknowledged subscriptions/listen reuses the id of that still-open listen request (needs a server declaring listChanged).' },
  { id: 'request-id-null', digest: 'BASE-002', transports: ALL, eras: BOTH, description: 'BASE-002: just before shutdown sends one more request (ping; server/discover in the modern era) whose id is null.' },
  { id: 'request-id-fractional', digest: 'BASE-002', transports: ALL, eras: BOTH, description: 'BASE-002: just before shutdown sends one more request (ping; server/discover in the modern era) whose id is 1.5.' },
  { id: 'jsonrpc-version-wrong', digest: 'BASE-001', transports: ALL, eras: BOTH, description: 'BASE-001: just before shutdown sends one more request (ping; server/discover in the modern era) whose jsonrpc member is "1.0".' },
  { id: 'notification-with-id', digest: 'BASE-009', transports: ALL, eras: LEGACY, description: 'BASE-009: just before shutdown sends notifications/roots/list_changed carrying an id.' },
  { id: 'response-id-type-changed', digest: 'BASE-005', transports: ALL, eras: LEGACY, description: 'BASE-005: answers to server requests echo a numeric id as a string (7 becomes "7").' },
  { id: 'server-request-answered-twice', digest: 'BASE-005', transports: ALL, eras: LEGACY, description: 'BASE-005: every server ping is answered twice with the same id.' },
  { id: 'response-result-and-error', digest: 'BASE-006', transports: ALL, eras: LEGACY, description: 'BASE-006: every error answer to a server request also carries "result": {}.' },
  { id: 'error-code-not-integer', digest: 'BASE-007', transports: ALL, eras: LEGACY, description: 'BASE-007: error answers to server requests carry their code as a string ("-32601").' },
  { id: 'error-message-missing', digest: 'BASE-007', transports: ALL, eras: LEGACY, description: 'BASE-007: error answers to server requests have no message member.' },
  { id: 'unknown-request-wrong-code', digest: 'BASE-020', transports: ALL, eras: LEGACY, description: 'BASE-020: a server request with a method the client does not know is answered -32603 instead of -32601.' },
  { id: 'answers-notification', digest: 'BASE-010', transports: ALL, eras: BOTH, description: 'BASE-010: the first notification from the server is answered with {"result": {}} and id null.' },
  { id: 'modern-server-request-answered', digest: 'STDIO-020', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'STDIO-020 (SHTTP-102): in the modern era a JSON-RPC request from the server is answered (-32601) instead of left unanswered; clients never send responses.' },
  { id: 'meta-key-invalid', digest: 'BASE-031', transports: ALL, eras: BOTH, description: 'BASE-031: tools/call params._meta carries the key "ref client/trace" (a space is not allowed in a prefix label).' },
  { id: 'traceparent-invalid', digest: 'BASE-034', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'BASE-034: every request _meta carries traceparent "not-a-traceparent" (not W3C Trace Context).' },
  { id: 'extension-id-no-prefix', digest: 'VER-040', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-040: clientCapabilities.extensions carries the key "tasks" (no reverse-DNS prefix).' },
  { id: 'result-type-unknown-accepted', digest: 'BASE-013', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'BASE-013: a result with an unknown resultType is used as if complete (e.g. a tools/list so answered still leads to tool calls).' },
  { id: 'result-type-absent-rejected', digest: 'BASE-014', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'BASE-014: a result without resultType is treated as invalid instead of complete (e.g. its tool list is not used).' },
  { id: 'ping-nonempty-result', digest: 'PING-001', transports: ALL, eras: LEGACY, description: 'PING-001: a server ping is answered {"status": "ok"} instead of {}.' },
  { id: 'ping-unanswered', digest: 'PING-001', transports: ALL, eras: LEGACY, description: 'PING-001: a server ping is never answered.' },
] as const satisfies readonly FaultSpec[];
