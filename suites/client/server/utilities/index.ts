// server/utilities, client side: following pages, and the cache key of cached results.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { Exclusions } from '../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { cachingClientChecks } from './caching.js';
import { paginationClientChecks } from './pagination.js';

// Logging and completion, client side: what a client sends is judged by the schema check.
const clientUtilitiesExcluded: Exclusions = {
  'LOG-002': {
    reason: 'informative',
    detail: 'a client MAY set the minimum level with logging/setLevel or not; the shape of one it sends is schema.client-messages-valid\'s',
    side: 'client',
  },
  'COMP-002': {
    reason: 'judged-elsewhere',
    detail: 'the ref and argument {name, value} of the client\'s completion/complete are schema requirements, judged by schema.client-messages-valid (its fault completion-argument-invalid)',
    side: 'client',
  },
  'LOG-012': {
    reason: 'not-observable',
    detail: 'the SHOULD NOT binds new implementations, and whether a client that sets log levels is new or existing cannot be told from the wire',
    side: 'client',
  },
};

export const group: PageGroup<ClientCheck> = {
  checks: [...paginationClientChecks, ...cachingClientChecks],
  excluded: {
    ...clientUtilitiesExcluded,
    'CACHE-005': {
      reason: 'not-observable',
      detail: 'Freshness is about when a client re-sends a request it needs again, and a request not sent cannot be told from a result not needed.',
    },
  },
};
