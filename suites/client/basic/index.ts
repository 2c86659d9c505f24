// The base protocol, client side.
import type { ClientCheck } from '../../../harness/client/scenario.js';
import { assemble, type PageGroup } from '../../../harness/checks/page.js';
import { group as messages } from './messages/index.js';
import { group as lifecycle } from './lifecycle/index.js';
import { group as versioning } from './versioning/index.js';
import { group as transports } from './transports/index.js';
import { group as authorization } from './authorization/index.js';
import { group as utilities } from './utilities/index.js';
import { group as patterns } from './patterns/index.js';

export const group: PageGroup<ClientCheck> = assemble(messages, lifecycle, versioning, transports, authorization, utilities, patterns);
