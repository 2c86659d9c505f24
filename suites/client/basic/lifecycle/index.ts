// basic/lifecycle, client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { lifecycleClientChecks } from './initialization.js';
import { initializeNotBatchedClientChecks } from './initialize-not-batched.js';
import { singleInitializeClientChecks } from './single-initialize.js';
import { undeclaredToolsClientChecks } from './undeclared-tools.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...lifecycleClientChecks, ...initializeNotBatchedClientChecks, ...singleInitializeClientChecks, ...undeclaredToolsClientChecks],
  excluded: {
    'LIFE-012': { reason: 'not-observable', side: 'client', detail: '"SHOULD be prepared to handle" version mismatch, failed capability negotiation and timeouts names no wire behaviour of its own; what shows it is judged as VER-004 (lifecycle.disconnects-on-unsupported-version), LIFE-010 and LIFE-030.' },
    'LIFE-022': { reason: 'informative', side: 'client', detail: 'Closing the HTTP connection(s) to end a session is a MAY; the DELETE a Streamable HTTP client should send is SHTTP-045\'s.' },
    'LIFE-031': { reason: 'not-observable', side: 'client', detail: 'Whether the client\'s timeouts are configurable per request, reset by progress and capped is its configuration; a scripted server sees at most the one timeout in use.' },
    'LIFE-042': { reason: 'not-observable', side: 'client', detail: 'Whether a stdio process outlives one task, thread or conversation depends on the host\'s conversations, which the scripted server never sees.' },
  },
};
