// basic/patterns/mrtr (2026-07-28), the server side: the InputRequiredResult, its requestState,
// the retries it handles, and no server request at all.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { inputRequiredResultChecks } from './input-required-result.js';
import { requestStateChecks } from './request-state.js';
import { mrtrErrorHandlingChecks } from './error-handling.js';
import { noServerRequestChecks } from './no-server-requests.js';
import { subCapabilityInputChecks } from './sub-capabilities.js';

export const group: PageGroup<Check> = {
  checks: [...inputRequiredResultChecks, ...subCapabilityInputChecks, ...requestStateChecks, ...mrtrErrorHandlingChecks, ...noServerRequestChecks],
  excluded: {
    'MRTR-006': {
      reason: 'not-observable',
      detail: 'Whether a server counts on a retry is its inner state: a client that never retries sees nothing either way, and a server returning an InputRequiredResult again (which it may) is judged by input-required.requests-or-state and the error-handling checks.',
    },
  },
};
