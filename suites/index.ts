// The registry of every server check: assembled from the tree (suites/server/), which follows
// the spec's contents. The client's is suites/client/index.ts.
import type { Check } from '../harness/checks/check.js';
import type { Exclusions } from '../harness/checks/exclusion.js';
import { group } from './server/index.js';

export const serverChecks: readonly Check[] = group.checks;

export const allChecks: readonly Check[] = serverChecks;

/** The digest requirements no server check judges, with why (harness/checks/exclusion.ts). */
export const serverExclusions: Exclusions = group.excluded;
