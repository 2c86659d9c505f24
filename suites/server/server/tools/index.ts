// server/tools.
import type { Check } from '../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { listStabilityChecks } from '../list-stability.js';
import { toolCallChecks } from './calls.js';
import { toolListingChecks } from './listing.js';
import { toolSchemaChecks } from './schemas.js';
import { toolHeaderChecks } from './x-mcp-header.js';

export const group: PageGroup<Check> = {
  checks: [...toolListingChecks, ...toolSchemaChecks, ...listStabilityChecks.tools, ...toolCallChecks, ...toolHeaderChecks],
  excluded: {},
};
