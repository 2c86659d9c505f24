// Faults of issue 32's coverage of tools, resources, prompts, subscriptions and caching (client side). Each entry is a FaultSpec;
// the behaviour is guarded once with isOn('<id>') where the rule is implemented.
import { ALL, LEGACY, MODERN, MODERN_TRANSPORTS, type FaultSpec } from './types.js';

export const COV_FEATURES_FAULTS = [
  {
    id: 'resources-subscribe-undeclared',
    digest: 'RES-010',
    transports: ALL,
    eras: LEGACY,
    description: 'RES-010: after reading a resource, sends resources/subscribe for it although the server did not declare resources.subscribe.',
  },
  {
    id: 'cache-keyed-on-method',
    digest: 'CACHE-004',
    transports: MODERN_TRANSPORTS,
    eras: MODERN,
    description: 'CACHE-004: keeps results with a positive ttlMs in a cache keyed on the method alone, and serves them for requests of that method with other params (another uri, another cursor).',
  },
] as const satisfies readonly FaultSpec[];
