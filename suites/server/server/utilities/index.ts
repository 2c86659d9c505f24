// server/utilities: pagination, logging, completion, caching.
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { paginationChecks } from '../../pagination.js';
import { loggingChecks } from '../../logging.js';
import { completionChecks } from '../../completion.js';
import { cachingChecks } from '../../caching.js';

export const group: PageGroup<Check> = {
  checks: [...paginationChecks, ...loggingChecks, ...completionChecks, ...cachingChecks],
  excluded: {  },
};
