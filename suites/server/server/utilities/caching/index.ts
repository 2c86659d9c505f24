// server/utilities/caching (2026-07-28).
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { cachingHintChecks } from './hints.js';
import { cachingPageChecks } from './pages.js';

export const group: PageGroup<Check> = {
  checks: [...cachingHintChecks, ...cachingPageChecks],
  excluded: {},
};
