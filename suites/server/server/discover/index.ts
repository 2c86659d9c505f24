// server/discover (2026-07-28).
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { discoverImplementedChecks } from './implemented.js';
import { discoverResultChecks } from './discover-result.js';
import { extensionIdChecks } from './extension-ids.js';

export const group: PageGroup<Check> = {
  checks: [...discoverImplementedChecks, ...discoverResultChecks, ...extensionIdChecks],
  excluded: {},
};
