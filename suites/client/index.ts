// The registry of client scenarios and client checks, in report order. The first scenario is
// the probe: the revisions where the client completes its opening against it are tested.
import type { Exclusions } from '../../harness/checks/exclusion.js';
import { assemble } from '../../harness/checks/page.js';
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { group as basic } from './basic/index.js';
import { group as client } from './client/index.js';
import { group as server } from './server/index.js';
import { group as extensions } from './extensions/skills/index.js';
import { group as tasksExtension } from './extensions/tasks/index.js';
import { asksScenario } from './scenarios/asks.js';
import { authDangerousEndpointScenarios } from './scenarios/auth-authorization-url.js';
import { authIssuerMismatchScenario, authMigrationScenario, authResourceMismatchScenario, authWellKnownScenario } from './scenarios/auth-discovery.js';
import { authBasicScenario, authDefaultEndpointsScenario } from './scenarios/auth-flow.js';
import { authIssMismatchScenario, authNoPkceScenario, authStateMismatchScenario } from './scenarios/auth-refusals.js';
import { authCimdScenario, authPreRegistrationScenario } from './scenarios/auth-registration.js';
import { authStepUpScenario } from './scenarios/auth-scopes.js';
import { authTokenExpiryScenario } from './scenarios/auth-token-expiry.js';
import { basicScenario } from './scenarios/basic.js';
import { batchingScenario } from './scenarios/batching.js';
import { cacheableResourcesScenario } from './scenarios/cacheable-resources.js';
import { httpHeaderCaseScenario } from './scenarios/http-header-case.js';
import { httpResumptionScenario } from './scenarios/http-resumption.js';
import { httpSessionExpiryScenario } from './scenarios/http-session-expiry.js';
import { httpSseTransportScenario } from './scenarios/http-sse-transport.js';
import { httpStreamableScenario } from './scenarios/http-streamable.js';
import { networkReferencesScenario } from './scenarios/network-references.js';
import { noToolsScenario } from './scenarios/no-tools.js';
import { pagedListsScenario } from './scenarios/paged-lists.js';
import { skillsListOnlyScenario, skillsLoadScenario, skillsUndeclaredScenario } from './scenarios/skills.js';
import { skillsDirectoryScenario } from './scenarios/skills-directory.js';
import { slowInitializeScenario } from './scenarios/slow-initialize.js';
import { taskAsksScenario } from './scenarios/task-asks.js';
import { taskCallScenario } from './scenarios/task-call.js';
import { tasksCallScenario } from './scenarios/tasks-extension.js';
import { unnegotiatedTaskScenario } from './scenarios/unnegotiated-task.js';
import { unsupportedVersionScenario } from './scenarios/unsupported-version.js';
import { versionRejectedScenario } from './scenarios/version-rejected.js';

const coreScenarios: readonly ClientScenario[] = [
  slowInitializeScenario,
  unsupportedVersionScenario,
  versionRejectedScenario,
  asksScenario,
  pagedListsScenario,
  noToolsScenario,
  cacheableResourcesScenario,
  batchingScenario,
  taskAsksScenario,
  taskCallScenario,
  skillsListOnlyScenario,
  skillsLoadScenario,
  skillsUndeclaredScenario,
  skillsDirectoryScenario,
  tasksCallScenario,
  unnegotiatedTaskScenario,
];

const httpScenarios: readonly ClientScenario[] = [httpStreamableScenario, httpSessionExpiryScenario, httpResumptionScenario, httpSseTransportScenario, networkReferencesScenario, httpHeaderCaseScenario];

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
  ...authDangerousEndpointScenarios,
  authTokenExpiryScenario,
];

export const clientScenarios: readonly ClientScenario[] = [basicScenario, ...coreScenarios, ...httpScenarios, ...authScenarios];

const all = assemble(basic, client, server, extensions, tasksExtension);

/** Every client check, in the order of the spec's contents: the base protocol, client features, server features. */
export const clientChecks: readonly ClientCheck[] = all.checks;

/** The digest requirements no client check judges, with why (harness/checks/exclusion.ts). */
export const clientExclusions: Exclusions = all.excluded;
