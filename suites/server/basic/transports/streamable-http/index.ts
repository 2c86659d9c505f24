// basic/transports/streamable-http.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { httpChecks } from '../../../http/index.js';
import { httpBatchChecks } from './no-batches.js';

export const group: PageGroup<Check> = {
  checks: [...httpChecks, ...httpBatchChecks],
  excluded: {  },
};
