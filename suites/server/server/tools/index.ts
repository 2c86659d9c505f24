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
  excluded: {
    'TOOL-001': {
      reason: 'judged-elsewhere',
      detail: 'LIFE-011 restates it ("Servers that support tools MUST declare the tools capability"): lifecycle.features-declared fails tools served undeclared, lifecycle.capabilities-shape a listChanged that is no boolean.',
    },
    'TOOL-017': { reason: 'informative', detail: 'A MAY: a resource_link may name a resource that resources/list does not show, and nothing can break that.' },
    'TOOL-020': {
      reason: 'not-observable',
      detail: "Access control, rate limits and output sanitising follow the server's own policy, which a black box does not know; the visible part of input validation is tools.call-invalid-arguments' (TOOL-012).",
    },
  },
};
