// basic/lifecycle, client side.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { lifecycleClientChecks } from '../../lifecycle.js';
import { initializeNotBatchedClientChecks } from './initialize-not-batched.js';
import { singleInitializeClientChecks } from './single-initialize.js';
import { undeclaredToolsClientChecks } from './undeclared-tools.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...lifecycleClientChecks, ...initializeNotBatchedClientChecks, ...singleInitializeClientChecks, ...undeclaredToolsClientChecks],
  excluded: {  },
};
