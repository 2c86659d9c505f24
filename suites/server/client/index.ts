// client features, the server side: what a server asks of a client only as declared, and the
// tool loops of its sampling requests.
import type { Check } from '../../../harness/checks/check.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { subCapabilityChecks } from './sampling.js';
import { toolLoopChecks } from './tool-loops.js';
import { urlElicitationRequiredChecks } from './elicitation.js';
import { sensitiveElicitationChecks } from './sensitive-elicitation.js';

export const group: PageGroup<Check> = {
  checks: [...subCapabilityChecks, ...toolLoopChecks, ...urlElicitationRequiredChecks, ...sensitiveElicitationChecks],
  excluded: {
    'SAMP-002': {
      reason: 'judged-elsewhere',
      detail: 'The shape of sampling/createMessage params (messages, maxTokens, modelPreferences priorities in 0..1, toolChoice mode) is the schema\'s CreateMessageRequest, against which schema.server-messages-valid (BASE-001) validates every server request and, at 2026-07-28, every InputRequiredResult\'s inputRequests.',
    },
    'SAMP-007': {
      reason: 'missing',
      detail: 'A check would declare sampling without sampling.context (as capabilities.sub-capabilities-respected and input-required.declared-sub-capabilities-only do) and warn on any sampling request whose includeContext is "thisServer" or "allServers".',
    },
    'ELIC-004': {
      reason: 'judged-elsewhere',
      detail: 'A flat requestedSchema of primitive properties is the schema\'s ElicitRequest(Form)Params (properties: PrimitiveSchemaDefinition, no nesting), against which schema.server-messages-valid (BASE-001) validates every elicitation/create a server sends and, at 2026-07-28, every input request.',
    },
    'ELIC-006': {
      reason: 'judged-elsewhere',
      detail: 'mode "url", message, url (and elicitationId at 2025-11-25) are required members of the schema\'s ElicitRequestURLParams, against which schema.server-messages-valid (BASE-001) validates every URL-mode elicitation a server sends.',
    },
    'ELIC-009': {
      reason: 'missing',
      detail: 'A check would match every notifications/elicitation/complete (2025-11-25) to a URL-mode elicitation/create the server sent on that same session, and fail on an elicitationId it never issued there.',
    },
  },
};
