// server/utilities/pagination.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { paginationCursorChecks } from './cursors.js';
import { paginationResponseFormatChecks } from './response-format.js';

export const group: PageGroup<Check> = {
  checks: [...paginationResponseFormatChecks, ...paginationCursorChecks],
  excluded: {},
};
