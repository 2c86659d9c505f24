// basic/transports: HTTP with SSE (2024-11-05).
// (Pages not yet moved here are re-exported from where they were: their owners move them.)
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { sseChecks } from '../../../sse.js';

export const group: PageGroup<Check> = {
  checks: [...sseChecks],
  excluded: {  },
};
