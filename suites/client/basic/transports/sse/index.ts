// basic/transports: HTTP with SSE (2024-11-05), client side: the fallback to it, and POSTs to
// the endpoint it announces.
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { httpSseTransportChecks } from './fallback.js';
import { modernFallbackChecks } from './modern-fallback.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...httpSseTransportChecks, ...modernFallbackChecks],
  excluded: {
    'SSE-006': { reason: 'informative', detail: 'A MAY: shutdown is closing the HTTP connection(s); nothing either side does can break it.' },
    'SSE-007': { reason: 'not-observable', detail: 'Whether an implementation is new or is migrating is not on the wire; a target found speaking only HTTP+SSE is named as such by the transport detection.' },
  },
};
