// server/utilities, client side: following pages.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { paginationClientChecks } from './pagination.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...paginationClientChecks],
  excluded: {  },
};
