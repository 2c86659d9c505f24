// server/prompts.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { listStabilityChecks } from '../list-stability.js';
import { promptErrorChecks } from './errors.js';

export const group: PageGroup<Check> = {
  checks: [...promptErrorChecks, ...listStabilityChecks.prompts],
  excluded: {},
};
