// basic/lifecycle, client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { lifecycleClientChecks } from './initialization.js';
import { initializeNotBatchedClientChecks } from './initialize-not-batched.js';
import { singleInitializeClientChecks } from './single-initialize.js';
import { undeclaredToolsClientChecks } from './undeclared-tools.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...lifecycleClientChecks, ...initializeNotBatchedClientChecks, ...singleInitializeClientChecks, ...undeclaredToolsClientChecks],
  excluded: {  },
};
