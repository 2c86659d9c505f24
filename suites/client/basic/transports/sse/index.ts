// basic/transports: HTTP with SSE (2024-11-05), client side.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';

export const group: PageGroup<ClientCheck> = {
  checks: [],
  excluded: {  },
};
