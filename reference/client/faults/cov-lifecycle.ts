// Faults of issue 32's coverage of basic/lifecycle and versioning (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { MODERN, STDIO, type FaultSpec } from './types.js';

export const COV_LIFECYCLE_FAULTS = [
  { id: 'stdio-request-before-probe', digest: 'VER-030', transports: STDIO, eras: MODERN, description: 'VER-030/VER-033: on stdio sends tools/list inline (full modern _meta) before its server/discover probe, then probes as usual.' },
] as const satisfies readonly FaultSpec[];
