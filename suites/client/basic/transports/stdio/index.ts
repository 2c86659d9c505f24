// basic/transports/stdio, client side.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { stdioClientChecks } from '../../../stdio.js';
import { noBatchesStdioClientChecks } from './no-batches.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...stdioClientChecks, ...noBatchesStdioClientChecks],
  excluded: {  },
};
