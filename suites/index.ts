// The registry of every check, in report order. Adding a suite file = one line here.
import type { Check } from '../harness/checks/check.js';
import { baseChecks } from './server/base/index.js';
import { lifecycleChecks } from './server/lifecycle/index.js';
import { pingChecks, pingExcluded } from './server/basic/utilities/ping.js';
import type { Exclusions } from '../harness/checks/exclusion.js';
import { schemaChecks } from './server/schema.js';
import { stdioChecks } from './server/stdio.js';
import { versionChecks } from './server/version/index.js';
import { discoveryChecks } from './server/discovery.js';
import { toolsChecks } from './server/tools.js';
import { resourcesChecks } from './server/resources.js';
import { promptsChecks } from './server/prompts.js';
import { paginationChecks } from './server/pagination.js';
import { cancellationChecks } from './server/cancellation.js';
import { progressChecks } from './server/progress.js';
import { loggingChecks } from './server/logging.js';
import { subscriptionsChecks } from './server/subscriptions.js';
import { inputRequiredChecks } from './server/input-required.js';
import { cachingChecks } from './server/caching.js';
import { completionChecks } from './server/completion.js';
import { capabilitiesChecks } from './server/capabilities.js';
import { subCapabilityChecks } from './server/sub-capabilities.js';
import { batchingChecks } from './server/batching.js';
import { httpChecks } from './server/http/index.js';
import { sseChecks } from './server/sse.js';
import { authChecks } from './server/auth.js';
import { authEndpointChecks } from './server/auth-endpoints.js';
import { authTokenChecks } from './server/auth-tokens.js';
import { fuzzChecks } from './server/fuzz.js';
import { tasksChecks } from './server/tasks.js';

export const serverChecks: readonly Check[] = [
  ...lifecycleChecks,
  ...versionChecks,
  ...discoveryChecks,
  ...baseChecks,
  ...pingChecks,
  ...stdioChecks,
  ...schemaChecks,
  ...toolsChecks,
  ...resourcesChecks,
  ...promptsChecks,
  ...paginationChecks,
  ...cancellationChecks,
  ...progressChecks,
  ...loggingChecks,
  ...subscriptionsChecks,
  ...inputRequiredChecks,
  ...cachingChecks,
  ...completionChecks,
  ...capabilitiesChecks,
  ...subCapabilityChecks,
  ...batchingChecks,
  ...httpChecks,
  ...sseChecks,
  ...authChecks,
  ...authTokenChecks,
  ...authEndpointChecks,
  ...tasksChecks,
  ...fuzzChecks,
];

export const allChecks: readonly Check[] = [...serverChecks];

/** The digest requirements no server check judges, with why (harness/checks/exclusion.ts). */
export const serverExclusions: Exclusions = { ...pingExcluded };
