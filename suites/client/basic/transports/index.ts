// basic/transports, client side.
import type { ClientCheck } from '../../../../harness/client/scenario.js';
import { assemble, type PageGroup } from '../../../../harness/checks/page.js';
import { group as stdio } from './stdio/index.js';
import { group as streamable_http } from './streamable-http/index.js';
import { group as sse } from './sse/index.js';

export const group: PageGroup<ClientCheck> = assemble(stdio, streamable_http, sse);
