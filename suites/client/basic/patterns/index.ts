// basic/patterns (2026-07-28), client side: multi-round-trip requests.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { mrtrClientChecks } from '../../input-required.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...mrtrClientChecks],
  excluded: {  },
};
