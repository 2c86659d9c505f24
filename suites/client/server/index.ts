// Server features, client side (what a client does with them).
import type { ClientCheck } from '../../../harness/client/scenario.js';
import { assemble, type PageGroup } from '../../../harness/checks/page.js';
import { group as tools } from './tools/index.js';
import { group as resources } from './resources/index.js';
import { group as utilities } from './utilities/index.js';

/**
 * basic/patterns/subscriptions, client side: subscriptions/listen is how a 2026-07-28 client
 * hears of the server features' changes, and no client check judges it yet.
 */
const subscriptions: PageGroup<ClientCheck> = {
  checks: [],
  excluded: {
    'SUB-005': { reason: 'informative', detail: 'A MAY: a client may hold several subscriptions at once or one, and nothing can break that.' },
    'SUB-007': {
      reason: 'missing',
      detail: "The MUST is the stdio re-send: a scripted stdio server would exit after acknowledging subscriptions/listen, and a client that starts it again must send subscriptions/listen to the new process (the relay would have to count process starts; the reference client does not reconnect on stdio yet). How a client ends a subscription is no MUST: the page lists its cancel (stream closed, notifications/cancelled) beside the transport closing, so a client that exits without cancelling breaks nothing.",
    },
    'SUB-008': {
      reason: 'not-observable',
      detail: 'Comparing the acknowledged filter with the request and coping with an omitted type happens inside the client; a client that needs nothing more sends nothing either way.',
    },
  },
};

export const group: PageGroup<ClientCheck> = assemble(tools, resources, utilities, subscriptions);
