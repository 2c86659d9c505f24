// basic/transports/streamable-http, client side (and the HTTP+SSE fallback, for now).
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { httpClientChecks } from '../../../http/index.js';
import { noBatchesHttpClientChecks } from './no-batches.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...httpClientChecks, ...noBatchesHttpClientChecks],
  excluded: {  },
};
