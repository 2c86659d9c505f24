// The registry of client scenarios and client checks, in report order. The first scenario is
// the probe: the revisions where the client completes its opening against it are tested.
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { authClientChecks } from './auth.js';
import { httpClientChecks } from './http/index.js';
import { lifecycleClientChecks } from './lifecycle.js';
import { authIssuerMismatchScenario, authMigrationScenario, authResourceMismatchScenario, authWellKnownScenario } from './scenarios/auth-discovery.js';
import { authBasicScenario, authDefaultEndpointsScenario } from './scenarios/auth-flow.js';
import { authCimdScenario, authPreRegistrationScenario } from './scenarios/auth-registration.js';
import { authIssMismatchScenario, authNoPkceScenario, authStateMismatchScenario } from './scenarios/auth-refusals.js';
import { authStepUpScenario } from './scenarios/auth-scopes.js';
import { basicScenario } from './scenarios/basic.js';
import { httpResumptionScenario } from './scenarios/http-resumption.js';
import { httpSessionExpiryScenario } from './scenarios/http-session-expiry.js';
import { httpSseTransportScenario } from './scenarios/http-sse-transport.js';
import { httpStreamableScenario } from './scenarios/http-streamable.js';

const httpScenarios: readonly ClientScenario[] = [httpStreamableScenario, httpSessionExpiryScenario, httpResumptionScenario, httpSseTransportScenario];

const authScenarios: readonly ClientScenario[] = [
  authBasicScenario,
  authDefaultEndpointsScenario,
  authWellKnownScenario,
  authResourceMismatchScenario,
  authIssuerMismatchScenario,
  authMigrationScenario,
  authCimdScenario,
  authPreRegistrationScenario,
  authStepUpScenario,
  authNoPkceScenario,
  authStateMismatchScenario,
  authIssMismatchScenario,
];

export const clientScenarios: readonly ClientScenario[] = [basicScenario, ...httpScenarios, ...authScenarios];

export const clientChecks: readonly ClientCheck[] = [...lifecycleClientChecks, ...httpClientChecks, ...authClientChecks];
