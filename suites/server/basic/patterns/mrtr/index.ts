// basic/patterns/mrtr (2026-07-28), the server side: the InputRequiredResult, its requestState,
// the retries it handles, and no server request at all.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { inputRequiredResultChecks } from './input-required-result.js';
import { requestStateChecks } from './request-state.js';
import { mrtrErrorHandlingChecks } from './error-handling.js';
import { noServerRequestChecks } from './no-server-requests.js';

export const group: PageGroup<Check> = {
  checks: [...inputRequiredResultChecks, ...requestStateChecks, ...mrtrErrorHandlingChecks, ...noServerRequestChecks],
  excluded: {},
};
