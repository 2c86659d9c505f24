// Server features, in the spec's order.
import type { Check } from '../../../harness/checks/check.js';
import { assemble, type PageGroup } from '../../../harness/checks/page.js';
import { group as discover } from './discover/index.js';
import { group as tools } from './tools/index.js';
import { group as resources } from './resources/index.js';
import { group as prompts } from './prompts/index.js';
import { group as utilities } from './utilities/index.js';

export const group: PageGroup<Check> = assemble(discover, tools, resources, prompts, utilities);
