// server/utilities: pagination, logging, completion, caching.
import type { Check } from '../../../../harness/checks/check.js';
import { assemble, type PageGroup } from '../../../../harness/checks/page.js';
import { group as pagination } from './pagination/index.js';
import { group as logging } from './logging/index.js';
import { group as completion } from './completion/index.js';
import { group as caching } from './caching/index.js';

export const group: PageGroup<Check> = assemble(pagination, logging, completion, caching);
