// server/utilities/completion (from 2025-03-26, when the completions capability came).
import type { Check } from '../../../../../harness/checks/check.js';
import type { Exclusions } from '../../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { completionResultChecks } from './results.js';
import { completionUndeclaredChecks } from './undeclared.js';
import { completionUnknownPromptChecks } from './unknown-prompt.js';

const completionExcluded: Exclusions = {
  'COMP-005': {
    reason: 'not-observable',
    detail: 'relevance of the order, input validation and rate limiting are judged against what the server knows and how it is deployed; the wire shows neither (robustness under odd input is the fuzzer\'s)',
  },
};

export const group: PageGroup<Check> = {
  checks: [...completionResultChecks, ...completionUnknownPromptChecks, ...completionUndeclaredChecks],
  excluded: completionExcluded,
};
