// basic/lifecycle (2024-11-05..2025-11-25): the initialize result, the stretch before
// notifications/initialized, capability negotiation; and statelessness (basic#statelessness),
// which replaces the lifecycle at 2026-07-28.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { beforeInitializedChecks } from './before-initialized.js';
import { capabilityNegotiationChecks } from './capability-negotiation.js';
import { initializeResultChecks } from './initialize-result.js';
import { statelessnessChecks } from './statelessness.js';

export const group: PageGroup<Check> = {
  checks: [...initializeResultChecks, ...beforeInitializedChecks, ...capabilityNegotiationChecks, ...statelessnessChecks],
  excluded: {},
};
