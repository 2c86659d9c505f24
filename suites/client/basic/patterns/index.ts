// basic/patterns (2026-07-28), client side: multi-round-trip requests.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { mrtrClientChecks } from './mrtr.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...mrtrClientChecks],
  excluded: {  },
};
