// basic (messages), client side.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { jsonrpcClientChecks } from '../../base.js';
import { schemaClientChecks } from '../../schema.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...jsonrpcClientChecks, ...schemaClientChecks],
  excluded: {  },
};
