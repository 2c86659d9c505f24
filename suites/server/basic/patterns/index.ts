// basic/patterns (2026-07-28): subscriptions, multi-round-trip requests.
import type { Check } from '../../../../harness/checks/check.js';
import { assemble, type PageGroup } from '../../../../harness/checks/page.js';
import { group as subscriptions } from './subscriptions/index.js';
import { group as mrtr } from './mrtr/index.js';

export const group: PageGroup<Check> = assemble(subscriptions, mrtr);
