// Faults of issue 32's coverage of stdio, Streamable HTTP and HTTP+SSE (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { MODERN, SHTTP, type FaultSpec } from './types.js';

export const COV_TRANSPORTS_FAULTS = [
  { id: 'header-names-case-sensitive', digest: 'SHTTP-123', transports: SHTTP, eras: MODERN, description: 'SHTTP-123 (2026-07-28): the client looks up the Content-Type of a POST answer by its exact spelling (in rawHeaders), so it misses CONTENT-TYPE and cannot read the answer (it re-issues the request).' },
] as const satisfies readonly FaultSpec[];
