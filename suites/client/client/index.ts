// client features: roots, sampling, elicitation.
import type { ClientCheck } from '../../../harness/client/scenario.js';
import type { PageGroup } from '../../../harness/checks/page.js';
import { rootsClientChecks } from './roots.js';
import { samplingClientChecks } from './sampling.js';
import { elicitationClientChecks } from './elicitation.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...rootsClientChecks, ...samplingClientChecks, ...elicitationClientChecks],
  excluded: {  },
};
