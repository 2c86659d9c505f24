// Server features, client side (what a client does with them).
import type { ClientCheck } from '../../../harness/client/scenario.js';
import { assemble, type PageGroup } from '../../../harness/checks/page.js';
import { group as utilities } from './utilities/index.js';

export const group: PageGroup<ClientCheck> = assemble(utilities);
