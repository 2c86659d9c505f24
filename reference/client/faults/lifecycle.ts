// Faults of the legacy handshake, version negotiation, shutdown and timeouts.
import { ALL, BOTH, LEGACY, SHTTP, STDIO, type FaultSpec } from './types.js';

export const LIFECYCLE_FAULTS = [
  { id: 'initialize-not-first', digest: 'LIFE-001', transports: ALL, eras: LEGACY, description: 'LIFE-001: sends a ping immediately before initialize (without waiting for it), so initialize is not the first message of the session.' },
  { id: 'request-before-initialize-response', digest: 'LIFE-005', transports: ALL, eras: LEGACY, description: 'LIFE-005: sends tools/list right after initialize, before the initialize response arrives (its answer is ignored).' },
  { id: 'initialized-before-response', digest: 'LIFE-004', transports: ALL, eras: LEGACY, description: 'LIFE-004: sends notifications/initialized right after initialize, before its response, and not again afterwards.' },
  { id: 'initialized-missing', digest: 'LIFE-004', transports: ALL, eras: LEGACY, description: 'LIFE-004: never sends notifications/initialized.' },
  { id: 'initialize-client-info-missing', digest: 'LIFE-002', transports: ALL, eras: LEGACY, description: 'LIFE-002: the initialize params lack clientInfo.' },
  { id: 'initialize-capabilities-missing', digest: 'LIFE-002', transports: ALL, eras: LEGACY, description: 'LIFE-002: the initialize params lack capabilities.' },
  { id: 'initialize-version-not-newest', digest: 'VER-001', transports: ALL, eras: LEGACY, description: 'VER-001: initialize asks for 2024-11-05, its oldest revision, instead of its newest (2025-11-25).' },
  { id: 'initialize-version-unsupported', digest: 'VER-001', transports: ALL, eras: LEGACY, description: 'VER-001: initialize asks for "1999-01-01", a version the client does not support (it then follows the version the server answers).' },
  { id: 'unsupported-version-continues', digest: 'VER-004', transports: ALL, eras: LEGACY, description: 'VER-004: after the server answers initialize with a version the client does not support, it continues (initialized, then the work at 2025-11-25) instead of disconnecting.' },
  { id: 'initialize-cancelled', digest: 'LIFE-008', transports: ALL, eras: LEGACY, description: 'LIFE-008 (CANC-002): sends notifications/cancelled for initialize when it is still unanswered after 250 ms (half the timeout if that is shorter), and keeps waiting.' },
  { id: 'stdio-stdin-not-closed', digest: 'STDIO-010', transports: STDIO, eras: BOTH, description: 'STDIO-010 (LIFE-020): at shutdown sends SIGTERM without closing the server\'s stdin first.' },
  { id: 'stdio-sigkill-immediately', digest: 'STDIO-010', transports: STDIO, eras: BOTH, description: 'STDIO-010 (LIFE-020): at shutdown closes stdin and SIGKILLs the server at once, without waiting for it to exit.' },
  { id: 'http-session-not-deleted', digest: 'SHTTP-045', transports: SHTTP, eras: LEGACY, description: 'SHTTP-045: ends without sending DELETE for the session it was given.' },
  { id: 'timeout-not-cancelled', digest: 'LIFE-030', transports: ALL, eras: BOTH, description: 'LIFE-030 (CANC-010): a request unanswered within the timeout is abandoned without notifications/cancelled (stdio, legacy HTTP) and, in the modern era over HTTP, with its response stream left open.' },
  { id: 'http-cancel-by-notification', digest: 'CANC-010', transports: SHTTP, eras: ['modern'], description: 'CANC-010: in the modern era over HTTP, a timed-out request or the listen stream is cancelled by POSTing notifications/cancelled (then the stream is closed).' },
  { id: 'cancel-answered-request', digest: 'CANC-001', transports: ALL, eras: BOTH, description: 'CANC-001: just before shutdown sends notifications/cancelled for the last request that was already answered (not sent over modern HTTP).' },
] as const satisfies readonly FaultSpec[];
