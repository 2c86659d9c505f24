// Faults of JSON-RPC batching as a receiver (client side, 2025-03-26). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { LEGACY, MODERN_TRANSPORTS, type FaultSpec } from './types.js';

export const BATCH_FAULTS = [
  { id: 'server-batch-ignored', digest: 'BATCH-001', transports: MODERN_TRANSPORTS, eras: LEGACY, description: 'BATCH-001: a frame from the server that is a JSON array (a batch) is dropped unread, so its requests go unanswered.' },
] as const satisfies readonly FaultSpec[];
