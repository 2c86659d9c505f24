// basic/transports: HTTP with SSE (2024-11-05), in the spec's order: the endpoints and the
// endpoint event, message events, the Origin.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { sseEndpointChecks } from './endpoints.js';
import { sseMessageEventChecks } from './message-events.js';
import { sseOriginChecks } from './origin.js';

export const group: PageGroup<Check> = {
  checks: [...sseEndpointChecks, ...sseMessageEventChecks, ...sseOriginChecks],
  excluded: {},
};
