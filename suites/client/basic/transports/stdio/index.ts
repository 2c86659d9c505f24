// basic/transports/stdio, client side.
import type { ClientCheck } from '../../../../../harness/client/scenario.js';
import type { PageGroup } from '../../../../../harness/checks/page.js';
import { stdioClientChecks } from './messages-and-shutdown.js';
import { noBatchesStdioClientChecks } from './no-batches.js';

export const group: PageGroup<ClientCheck> = {
  checks: [...stdioClientChecks, ...noBatchesStdioClientChecks],
  excluded: {
    'STDIO-006': { reason: 'informative', detail: 'A MAY of 2025-03-26 (a stdio line may be a batch); what a client does with batches is judged under BATCH-003.' },
    'STDIO-021': { reason: 'not-observable', detail: 'How a client relates the notifications it reads to its subscriptions/listen streams happens inside it; nothing it sends depends on it in a way a server can see.' },
    'STDIO-023': { reason: 'missing', detail: 'Observable with a scripted stdio server that exits after acknowledging subscriptions/listen: if the client restarts it, the new process must receive a new subscriptions/listen (the relay would have to count process starts).' },
    'STDIO-030': { reason: 'not-observable', detail: 'Whether a stdio implementation takes its credentials from the environment rather than an OAuth flow happens off the wire: stdio has no channel on which OAuth could be asked for.' },
    'STDIO-031': { reason: 'not-observable', detail: 'It binds custom byte-stream transports (Unix sockets, TCP); the tool speaks only stdio and HTTP, so it never meets one.' },
  },
};
