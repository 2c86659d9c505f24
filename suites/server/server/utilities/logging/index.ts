// server/utilities/logging.
import type { Check } from '../../../../../harness/checks/check.js';
import type { Exclusions } from '../../../../../harness/checks/exclusion.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { loggingCapabilityChecks } from './capability.js';
import { loggingLevelChecks } from './levels.js';
import { loggingPerRequestChecks } from './per-request.js';

const loggingExcluded: Exclusions = {
  'LOG-004': {
    reason: 'not-observable',
    detail: 'what counts as a credential, a secret, personal data or an attack-relevant internal in a log message depends on the server\'s world, which a black box does not know',
  },
  'LOG-012': {
    reason: 'not-observable',
    detail: 'the SHOULD NOT binds new implementations, and whether an implementation that uses logging is new or existing cannot be told from the wire',
  },
};

export const group: PageGroup<Check> = {
  checks: [...loggingLevelChecks, ...loggingCapabilityChecks, ...loggingPerRequestChecks],
  excluded: loggingExcluded,
};
