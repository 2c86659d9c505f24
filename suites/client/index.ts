// The registry of client scenarios and client checks, in report order. The first scenario is
// the probe: the revisions where the client completes its opening against it are tested.
import type { ClientCheck, ClientScenario } from '../../harness/client/scenario.js';
import { lifecycleClientChecks } from './lifecycle.js';
import { basicScenario } from './scenarios/basic.js';

export const clientScenarios: readonly ClientScenario[] = [basicScenario];

export const clientChecks: readonly ClientCheck[] = [...lifecycleClientChecks];
