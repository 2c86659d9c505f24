// basic/transports: HTTP with SSE (2024-11-05), client side: the fallback to it, and POSTs to
// the endpoint it announces.
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { httpSseTransportChecks } from './fallback.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...httpSseTransportChecks],
  excluded: {  },
};
