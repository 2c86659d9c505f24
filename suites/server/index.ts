// Every server check, in the order of the spec's contents: the architecture (capability
// negotiation), the base protocol, client features (the server's side of them), server
// features, extensions.
import type { Check } from '../../harness/checks/check.js';
import { assemble, type PageGroup } from '../../harness/checks/page.js';
import { group as architecture } from './architecture/index.js';
import { group as basic } from './basic/index.js';
import { group as client } from './client/index.js';
import { group as server } from './server/index.js';
import { group as extensions } from './extensions/index.js';

export const group: PageGroup<Check> = assemble(architecture, basic, client, server, extensions);
