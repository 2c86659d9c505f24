// Faults of issue 32's coverage of tools, resources, prompts, subscriptions and caching (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import type { FaultSpec } from './types.js';

export const COV_FEATURES_FAULTS = [] as const satisfies readonly FaultSpec[];
