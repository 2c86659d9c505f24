// The registry of client scenarios and client checks, in report order. The first scenario is
// the probe: the revisions where the client completes its opening against it are tested.
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { cancellationClientChecks } from './cancellation.js';
import { elicitationClientChecks } from './elicitation.js';
import { jsonrpcClientChecks } from './jsonrpc.js';
import { lifecycleClientChecks } from './lifecycle.js';
import { mrtrClientChecks } from './mrtr.js';
import { paginationClientChecks } from './pagination.js';
import { pingClientChecks } from './ping.js';
import { progressClientChecks } from './progress.js';
import { rootsClientChecks } from './roots.js';
import { samplingClientChecks } from './sampling.js';
import { schemaClientChecks } from './schema.js';
import { stdioClientChecks } from './stdio.js';
import { tasksClientChecks } from './tasks.js';
import { versionsClientChecks } from './versions.js';
import { asksScenario } from './scenarios/asks.js';
import { basicScenario } from './scenarios/basic.js';
import { pagedListsScenario } from './scenarios/paged-lists.js';
import { slowInitializeScenario } from './scenarios/slow-initialize.js';
import { unsupportedVersionScenario } from './scenarios/unsupported-version.js';
import { versionRejectedScenario } from './scenarios/version-rejected.js';

export const clientScenarios: readonly ClientScenario[] = [
  basicScenario,
  slowInitializeScenario,
  unsupportedVersionScenario,
  versionRejectedScenario,
  asksScenario,
  pagedListsScenario,
];

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
];
