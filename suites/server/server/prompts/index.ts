// server/prompts.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { listStabilityChecks } from '../list-stability.js';
import { promptErrorChecks } from './errors.js';

export const group: PageGroup<Check> = {
  checks: [...promptErrorChecks, ...listStabilityChecks.prompts],
  excluded: {
    'PROMPT-001': {
      reason: 'judged-elsewhere',
      detail: 'LIFE-011 restates it ("Servers that support prompts MUST declare the prompts capability"): lifecycle.features-declared fails prompts served undeclared, lifecycle.capabilities-shape a listChanged that is no boolean.',
    },
  },
};
