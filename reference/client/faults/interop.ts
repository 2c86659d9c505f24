// Faults of issue 32's client coverage: a tool list from a server without tools, a second
// initialize in a session, JSON-RPC batches (initialize in one, in 2025-03-26; any, later).
import { ALL, BOTH, LEGACY, MODERN_TRANSPORTS, type FaultSpec } from './types.js';

export const INTEROP_FAULTS = [
  { id: 'tools-listed-undeclared', digest: 'LIFE-010', transports: ALL, eras: LEGACY, description: 'LIFE-010: tools/list is sent even when the server did not declare tools (a server without them answers an error; nothing is called).' },
  {
    id: 'initialize-repeated',
    digest: 'LIFE-001',
    transports: ALL,
    eras: LEGACY,
    description: 'LIFE-001: just before shutdown sends initialize again in the same session (stdio: to the same server; HTTP: with the session id), without waiting for its answer.',
  },
  { id: 'initialize-batched', digest: 'LIFE-007', transports: ALL, eras: LEGACY, description: 'LIFE-007 (BATCH-005): initialize is sent as a batch of one, a JSON array holding only it.' },
  {
    id: 'batch-sent',
    digest: 'BATCH-010',
    transports: MODERN_TRANSPORTS,
    eras: BOTH,
    description: 'BATCH-010/011: just before shutdown sends one more request (ping; server/discover in the modern era) as a batch of one, a JSON array holding only it, without waiting for its answer.',
  },
] as const satisfies readonly FaultSpec[];
