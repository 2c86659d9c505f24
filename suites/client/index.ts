// The registry of client scenarios and client checks, in report order. The first scenario is
// the probe: the revisions where the client completes its opening against it are tested.
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { authClientChecks } from './auth.js';
import { lifecycleClientChecks } from './lifecycle.js';
import { basicScenario } from './scenarios/basic.js';
import { authIssuerMismatchScenario, authMigrationScenario, authResourceMismatchScenario, authWellKnownScenario } from './scenarios/auth-discovery.js';
import { authBasicScenario, authDefaultEndpointsScenario } from './scenarios/auth-flow.js';
import { authCimdScenario, authPreRegistrationScenario } from './scenarios/auth-registration.js';
import { authIssMismatchScenario, authNoPkceScenario, authStateMismatchScenario } from './scenarios/auth-refusals.js';
import { authStepUpScenario } from './scenarios/auth-scopes.js';

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

export const clientScenarios: readonly ClientScenario[] = [basicScenario, ...authScenarios];

export const clientChecks: readonly ClientCheck[] = [...lifecycleClientChecks, ...authClientChecks];
