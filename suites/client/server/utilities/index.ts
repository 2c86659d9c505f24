// server/utilities, client side: following pages (caching is excluded here, see below).
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { paginationClientChecks } from './pagination.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...paginationClientChecks],
  excluded: {
    'CACHE-004': {
      reason: 'missing',
      detail: 'A check would serve two resources whose reads are cacheable (ttlMs high) in one run and not cacheable in another, and fail a client that reads both URIs in the second but only the first in the first (a cached result served for other params).',
    },
    'CACHE-005': {
      reason: 'not-observable',
      detail: 'Freshness is about when a client re-sends a request it needs again, and a request not sent cannot be told from a result not needed.',
    },
  },
};
