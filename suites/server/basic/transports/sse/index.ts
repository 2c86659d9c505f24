// basic/transports: HTTP with SSE (2024-11-05), in the spec's order: the endpoints and the
// endpoint event, message events, the Origin.
import type { Check } from '../../../../../harness/checks/check.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { sseEndpointChecks } from './endpoints.js';
import { sseMessageEventChecks } from './message-events.js';
import { sseOriginChecks } from './origin.js';

export const group: PageGroup<Check> = {
  checks: [...sseEndpointChecks, ...sseMessageEventChecks, ...sseOriginChecks],
  excluded: {
    'SSE-006': { reason: 'informative', detail: 'A MAY: shutdown is closing the HTTP connection(s); nothing either side does can break it.' },
    'SSE-007': { reason: 'not-observable', detail: 'Whether an implementation is new or is migrating is not on the wire; a target found speaking only HTTP+SSE is named as such by the transport detection.' },
    'SSE-010': { reason: 'informative', detail: 'Lower-case "should" for servers that keep old clients: hosting the old SSE and POST endpoints beside the MCP endpoint is a choice, recorded by the transport detection.' },
  },
};
