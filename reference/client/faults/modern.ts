// Faults of the modern era (2026-07-28): dual-era detection, per-request `_meta`,
// -32022 retries, multi round-trip requests, broken streams, subscriptions.
import { BOTH, MODERN, MODERN_TRANSPORTS, SHTTP, STDIO, type FaultSpec } from './types.js';

export const MODERN_FAULTS = [
  // dual-era detection
  { id: 'stdio-no-discover-probe', digest: 'VER-030', transports: STDIO, eras: BOTH, description: 'VER-030: on stdio goes straight to initialize without probing with server/discover first.' },
  { id: 'probe-fallback-only-on-method-not-found', digest: 'VER-031', transports: MODERN_TRANSPORTS, eras: BOTH, description: 'VER-031: falls back to initialize only when the probe is answered MethodNotFound (-32601); any other error, or no answer, ends the run.' },
  { id: 'modern-error-falls-back', digest: 'VER-032', transports: MODERN_TRANSPORTS, eras: BOTH, description: 'VER-032 (VER-034, SSE-021): a recognized modern error (-32020, -32021, -32022) answering the probe leads to initialize instead of a modern retry.' },
  // per-request _meta
  { id: 'meta-protocol-version-missing', digest: 'VER-010', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-010: requests after the probe lack _meta io.modelcontextprotocol/protocolVersion.' },
  { id: 'meta-client-capabilities-missing', digest: 'VER-010', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-010: requests after the probe lack _meta io.modelcontextprotocol/clientCapabilities.' },
  { id: 'meta-client-info-missing', digest: 'VER-011', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-011: requests lack _meta io.modelcontextprotocol/clientInfo.' },
  { id: 'meta-client-info-invalid', digest: 'VER-011', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-011: _meta io.modelcontextprotocol/clientInfo lacks its version.' },
  // -32022
  { id: 'unsupported-version-not-retried', digest: 'VER-015', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-015: a -32022 whose data.supported lists 2026-07-28 is not retried: the request is given up (after a rejected probe nothing is discovered, so no work follows).' },
  { id: 'unsupported-version-retry-same-id', digest: 'VER-015', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-015: the retry after -32022 reuses the id of the rejected request.' },
  { id: 'unsupported-version-retry-unlisted', digest: 'VER-015', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-015: after -32022 retries with 2026-07-28 even when data.supported does not list it, up to 5 times.' },
  // MRTR
  { id: 'mrtr-request-state-mutated', digest: 'MRTR-102', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'MRTR-102: the retry of an InputRequiredResult echoes requestState with "x" appended.' },
  { id: 'mrtr-request-state-invented', digest: 'MRTR-102', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'MRTR-102: the retry of an InputRequiredResult that had no requestState carries requestState "".' },
  { id: 'mrtr-request-state-dropped', digest: 'MRTR-102', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'MRTR-102: the retry of an InputRequiredResult omits its requestState.' },
  { id: 'mrtr-retry-same-id', digest: 'MRTR-103', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'MRTR-103: the retry of an InputRequiredResult reuses the original request id.' },
  { id: 'mrtr-retry-params-changed', digest: 'MRTR-103', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'MRTR-103: the retry of a tools/call or prompts/get adds the argument "retried": true.' },
  { id: 'mrtr-input-response-missing', digest: 'MRTR-101', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'MRTR-101: the retry answers every input request but the last one (by key order).' },
  { id: 'mrtr-state-leaked', digest: 'MRTR-104', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'MRTR-104: the requestState of an InputRequiredResult is also sent on the next unrelated request.' },
  // broken streams, SSE, subscriptions
  { id: 'modern-resume-attempted', digest: 'SHTTP-108', transports: SHTTP, eras: MODERN, description: 'SHTTP-108: after a response stream breaks (with an event id seen), first tries to resume it with GET and Last-Event-ID (then re-issues the request when that fails).' },
  { id: 'modern-reissue-same-id', digest: 'SHTTP-108', transports: SHTTP, eras: MODERN, description: 'SHTTP-108: a request whose response stream broke is re-issued with the same id.' },
  { id: 'modern-broken-stream-not-reissued', digest: 'SHTTP-108', transports: SHTTP, eras: MODERN, description: 'SHTTP-108: a request whose response stream broke is given up instead of re-issued.' },
  { id: 'sse-comment-not-ignored', digest: 'SHTTP-107', transports: ['streamable-http', 'sse'], eras: BOTH, description: 'SHTTP-107: an SSE comment line is taken as malformed input: the stream carrying it is dropped.' },
] as const satisfies readonly FaultSpec[];
