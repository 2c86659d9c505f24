// server/utilities/logging.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { loggingCapabilityChecks } from './capability.js';
import { loggingLevelChecks } from './levels.js';
import { loggingPerRequestChecks } from './per-request.js';

export const group: PageGroup<Check> = {
  checks: [...loggingLevelChecks, ...loggingCapabilityChecks, ...loggingPerRequestChecks],
  excluded: {},
};
