// The registry of client scenarios and client checks, in report order. The first scenario is
// the probe: the revisions where the client completes its opening against it are tested.
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { httpClientChecks } from './http/index.js';
import { lifecycleClientChecks } from './lifecycle.js';
import { basicScenario } from './scenarios/basic.js';
import { httpResumptionScenario } from './scenarios/http-resumption.js';
import { httpSessionExpiryScenario } from './scenarios/http-session-expiry.js';
import { httpSseTransportScenario } from './scenarios/http-sse-transport.js';
import { httpStreamableScenario } from './scenarios/http-streamable.js';

export const clientScenarios: readonly ClientScenario[] = [basicScenario, httpStreamableScenario, httpSessionExpiryScenario, httpResumptionScenario, httpSseTransportScenario];

export const clientChecks: readonly ClientCheck[] = [...lifecycleClientChecks, ...httpClientChecks];
