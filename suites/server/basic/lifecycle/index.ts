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
  excluded: {
    'LIFE-012': { reason: 'not-observable', side: 'server', detail: '"SHOULD be prepared to handle" version mismatch, failed capability negotiation and timeouts names no wire behaviour of its own; the behaviours that show it are judged as VER-002/VER-003 (version.counter-offer-*) and the timeout rules.' },
    'LIFE-021': { reason: 'informative', side: 'server', detail: 'The server MAY end a stdio session by closing its output and exiting: a permission, nothing a server can break.' },
    'LIFE-022': { reason: 'informative', side: 'server', detail: 'Closing the HTTP connection(s) to end a session is a MAY; the client\'s DELETE of the session is SHTTP-045\'s.' },
    'LIFE-030': { reason: 'missing', side: 'server', detail: 'A check would leave a request the server sends during a tool call (roots, sampling, elicitation) unanswered and, once the server visibly gives up (the tool call ends), warn when no notifications/cancelled named it; it has to wait out the server\'s own timeout.' },
    'LIFE-031': { reason: 'not-observable', side: 'server', detail: 'Whether timeouts are configurable per request, reset by progress and capped is the sender\'s configuration; from outside at most one timeout is seen, and not in bounded time.' },
    'LIFE-042': { reason: 'missing', side: 'server', detail: 'A check would carry a related request (an MRTR retry with its requestState, a tasks/get of its task) over a new HTTP connection and warn when it works only on the connection that began the work.' },
  },
};
