// Faults of issue 32's coverage of basic/lifecycle and versioning (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { LEGACY, MODERN, MODERN_TRANSPORTS, STDIO, type FaultSpec } from './types.js';

export const COV_LIFECYCLE_FAULTS = [
  { id: 'stdio-request-before-probe', digest: 'VER-030', transports: STDIO, eras: MODERN, description: 'VER-030/VER-033: on stdio sends tools/list inline (full modern _meta) before its server/discover probe, then probes as usual.' },
  { id: 'extension-request-undeclared', digest: 'VER-041', transports: MODERN_TRANSPORTS, eras: MODERN, description: 'VER-041: just before shutdown sends tasks/get (a request of the tasks extension) although the server declared no extension.' },
  { id: 'era-reprobed', digest: 'VER-035', transports: STDIO, eras: LEGACY, description: 'VER-035: on stdio, just before shutdown of a legacy session, probes the same server process again with server/discover (modern _meta).' },
] as const satisfies readonly FaultSpec[];
