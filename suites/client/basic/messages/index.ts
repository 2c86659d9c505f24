// basic (messages), client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { jsonrpcClientChecks } from './jsonrpc.js';
import { schemaClientChecks } from './schema-valid.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...jsonrpcClientChecks, ...schemaClientChecks],
  excluded: {  },
};
