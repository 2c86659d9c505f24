// basic/versioning (and the version negotiation of basic/lifecycle): the initialize
// handshake's negotiation (2024-11-05..2025-11-25), the per-request protocol fields and
// self-reported identities of 2026-07-28, and how a modern server meets a legacy initialize.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { initializeNegotiationChecks } from './initialize-negotiation.js';
import { legacyInitializeChecks } from './legacy-initialize.js';
import { perRequestFieldChecks } from './per-request-fields.js';
import { selfReportedIdentityChecks } from './self-reported-identity.js';

export const group: PageGroup<Check> = {
  checks: [...initializeNegotiationChecks, ...perRequestFieldChecks, ...selfReportedIdentityChecks, ...legacyInitializeChecks],
  excluded: {},
};
