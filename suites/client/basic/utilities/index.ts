// basic/utilities, client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../harness/checks/page.js';
import { pingClientChecks, pingClientExcluded } from './ping.js';
import { cancellationClientChecks } from './cancellation.js';
import { progressClientChecks } from './progress.js';
import { tasksClientChecks, tasksClientExcluded } from './tasks.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...pingClientChecks, ...cancellationClientChecks, ...progressClientChecks, ...tasksClientChecks],
  excluded: { ...pingClientExcluded, ...tasksClientExcluded },
};
