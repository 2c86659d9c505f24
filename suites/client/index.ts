// The registry of client scenarios and client checks, in report order. The first scenario is
// the probe: the revisions where the client completes its opening against it are tested.
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { authClientChecks } from './auth.js';
import { cancellationClientChecks } from './cancellation.js';
import { elicitationClientChecks } from './elicitation.js';
import { httpClientChecks } from './http/index.js';
import { jsonrpcClientChecks } from './base.js';
import { lifecycleClientChecks } from './lifecycle.js';
import { mrtrClientChecks } from './input-required.js';
import { paginationClientChecks } from './pagination.js';
import { pingClientChecks, pingClientExcluded } from './basic/utilities/ping.js';
import type { Exclusions } from '../../harness/checks/exclusion.js';
import { progressClientChecks } from './progress.js';
import { rootsClientChecks } from './roots.js';
import { samplingClientChecks } from './sampling.js';
import { asksScenario } from './scenarios/asks.js';
import { authIssuerMismatchScenario, authMigrationScenario, authResourceMismatchScenario, authWellKnownScenario } from './scenarios/auth-discovery.js';
import { authBasicScenario, authDefaultEndpointsScenario } from './scenarios/auth-flow.js';
import { authIssMismatchScenario, authNoPkceScenario, authStateMismatchScenario } from './scenarios/auth-refusals.js';
import { authCimdScenario, authPreRegistrationScenario } from './scenarios/auth-registration.js';
import { authStepUpScenario } from './scenarios/auth-scopes.js';
import { basicScenario } from './scenarios/basic.js';
import { httpResumptionScenario } from './scenarios/http-resumption.js';
import { httpSessionExpiryScenario } from './scenarios/http-session-expiry.js';
import { httpSseTransportScenario } from './scenarios/http-sse-transport.js';
import { httpStreamableScenario } from './scenarios/http-streamable.js';
import { pagedListsScenario } from './scenarios/paged-lists.js';
import { slowInitializeScenario } from './scenarios/slow-initialize.js';
import { unsupportedVersionScenario } from './scenarios/unsupported-version.js';
import { versionRejectedScenario } from './scenarios/version-rejected.js';
import { schemaClientChecks } from './schema.js';
import { stdioClientChecks } from './stdio.js';
import { tasksClientChecks } from './tasks.js';
import { versionsClientChecks } from './version.js';

const coreScenarios: readonly ClientScenario[] = [slowInitializeScenario, unsupportedVersionScenario, versionRejectedScenario, asksScenario, pagedListsScenario];

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

export const clientScenarios: readonly ClientScenario[] = [basicScenario, ...coreScenarios, ...httpScenarios, ...authScenarios];

export const clientChecks: readonly ClientCheck[] = [
  ...lifecycleClientChecks,
  ...versionsClientChecks,
  ...jsonrpcClientChecks,
  ...schemaClientChecks,
  ...stdioClientChecks,
  ...cancellationClientChecks,
  ...pingClientChecks,
  ...progressClientChecks,
  ...paginationClientChecks,
  ...rootsClientChecks,
  ...samplingClientChecks,
  ...elicitationClientChecks,
  ...mrtrClientChecks,
  ...tasksClientChecks,
  ...httpClientChecks,
  ...authClientChecks,
];

/** The digest requirements no client check judges, with why (harness/checks/exclusion.ts). */
export const clientExclusions: Exclusions = { ...pingClientExcluded };
