// Faults of issue 32's coverage of basic/lifecycle and versioning (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import type { FaultSpec } from './types.js';

export const COV_LIFECYCLE_FAULTS = [] as const satisfies readonly FaultSpec[];
