// basic/transports/stdio: stdout framing and encoding, then (from 2025-06-18) no batches.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { stdoutFramingChecks } from './stdout-framing.js';
import { stdioBatchChecks } from './no-batches.js';

export const group: PageGroup<Check> = {
  checks: [...stdoutFramingChecks, ...stdioBatchChecks],
  excluded: {},
};
