// server/prompts.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { listStabilityChecks } from '../list-stability.js';
import { promptContentChecks } from './content.js';
import { promptErrorChecks } from './errors.js';

export const group: PageGroup<Check> = {
  checks: [...promptErrorChecks, ...promptContentChecks, ...listStabilityChecks.prompts],
  excluded: {
    'PROMPT-003': {
      reason: 'judged-elsewhere',
      detail: 'The GetPromptResult shape is the schema\'s (BASE-006): prompts.get-media-valid fetches up to ten listed prompts at every revision (required arguments filled with generated values), and schema.server-messages-valid fails a result with a bad role or content block.',
    },
    'PROMPT-001': {
      reason: 'judged-elsewhere',
      detail: 'LIFE-011 restates it ("Servers that support prompts MUST declare the prompts capability"): lifecycle.features-declared fails prompts served undeclared, lifecycle.capabilities-shape a listChanged that is no boolean.',
    },
  },
};
