// basic/transports/stdio, client side.
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { stdioClientChecks } from './messages-and-shutdown.js';
import { noBatchesStdioClientChecks } from './no-batches.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...stdioClientChecks, ...noBatchesStdioClientChecks],
  excluded: {  },
};
