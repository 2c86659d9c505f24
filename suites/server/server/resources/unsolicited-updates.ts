// server/resources#subscriptions (up to 2025-11-25): notifications/resources/updated only once
// the client has sent resources/subscribe. With resources.subscribe undeclared,
// capabilities.updated-needs-subscribe judges any update; with it declared, this check opens a
// session that subscribes to nothing, reads a listed resource and fences with ping: an update
// received on that session was never asked for. (After a subscription, an update of another
// URI is left alone: the sentence asks only that the client "previously sent a
// resources/subscribe request".)
import { defineChecks } from '../../../../harness/checks/define.js';
import { describeReply, type InboundMessage } from '../../../../harness/jsonrpc/types.js';
import { RANGE } from '../../../../harness/revisions.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { listedUris } from './listed-uris.js';

const UPDATED = 'notifications/resources/updated';

const isUpdate = (m: InboundMessage): boolean => (m.message as { method?: unknown }).method === UPDATED;

// On a session of its own: the shared one may carry subscriptions of other checks one day.
export const unsolicitedUpdateChecks = defineChecks({ page: 'server/resources', revisions: RANGE.legacy, needs: ['own-session'], requires: ['resources.subscribe'] }, [
  // Schema, ResourceUpdatedNotification (2024-11-05..2025-11-25): "This should only be sent if
  // the client previously sent a resources/subscribe request." A lower-case should: a warning.
  // RES-011 is when updates may be emitted at all: its capability half is
  // capabilities.updated-needs-subscribe's, its subscription half this check's.
  {
    id: 'resources.updated-only-after-subscribe',
    title: 'No notifications/resources/updated on a session that subscribed to nothing',
    spec: { url: '#subscriptions', level: 'SHOULD' },
    requirement:
      'A notification from the server to the client, informing it that a resource has changed and may need to be read again. This should only be sent if the client previously sent a resources/subscribe request.',
    fix: 'Send notifications/resources/updated only to sessions that subscribed to that URI with resources/subscribe.',
    digest: ['RES-011'],
    faults: ['resources-updated-unsubscribed'],
    async run(ctx) {
      const listed = await listedUris(ctx);
      if ('status' in listed) return listed;
      const uri = listed.uris[0] as string;
      const session = await ctx.session();
      const read = await session.request('resources/read', { uri });
      const fence = await session.fence();
      // Whatever the server sent about the read came before the fence's answer.
      if (read.kind !== 'result' && read.kind !== 'error') return ctx.skip('no-answer', `resources/read ${uri}: ${describeReply(read)}`);
      if (fence.kind !== 'result') return ctx.skip('no-answer', `no fence after the read: ${describeReply(fence)}`);
      const updates = session.inbound.filter(isUpdate);
      return expectNone(
        ctx,
        updates.map((m) => ({ text: `an update for ${ctx.brief((m.message as { params?: { uri?: unknown } }).params?.uri)}`, ...(m.seq !== undefined ? { seq: m.seq } : {}) })),
        {
          expected: 'no notifications/resources/updated before any resources/subscribe',
          note: `no update on a session that read ${uri} and subscribed to nothing`,
          doubt: 'the schema says updates "should only be sent if the client previously sent a resources/subscribe request": a lower-case should, hence a warning',
        },
      );
    },
  },
]);
