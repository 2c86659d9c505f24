// server/utilities/completion (from 2025-03-26, when the completions capability came).
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { completionResultChecks } from './results.js';
import { completionUndeclaredChecks } from './undeclared.js';
import { completionUnknownPromptChecks } from './unknown-prompt.js';

export const group: PageGroup<Check> = {
  checks: [...completionResultChecks, ...completionUnknownPromptChecks, ...completionUndeclaredChecks],
  excluded: {},
};
