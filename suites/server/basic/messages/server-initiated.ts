// basic/messages, of what the server itself sends (judged passively over every session of the
// revision): its request ids are strings or integers (BASE-002), never reused within a session (BASE-003, the handshake era:
// 2026-07-28 has no server requests), and its notifications carry no id (BASE-009, every era).
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { messages } from './refs.js';
import { isNotificationMethod, serverRequests, sessionsOf, type ServerRequest } from '../server-requests.js';

const NO_SERVER_REQUEST = 'the server sent no request of its own (ping, roots/list, sampling/createMessage, elicitation/create) in any session of this revision';

/** RequestId: a string or an integer (a fraction is no integer, null is forbidden). */
const isRequestId = (id: unknown): boolean => typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id));

/** Each request that reuses an id the server already used on its session, with the first use. */
function reusedIds(requests: readonly ServerRequest[]): { again: ServerRequest; first: ServerRequest }[] {
  const firstUse = new Map<string, ServerRequest>();
  const reused: { again: ServerRequest; first: ServerRequest }[] = [];
  for (const r of requests) {
    const key = `${r.conn} ${r.key}`;
    const first = firstUse.get(key);
    if (first) reused.push({ again: r, first });
    else firstUse.set(key, r);
  }
  return reused;
}

export const serverInitiatedMessageChecks = defineChecks({ page: 'basic/messages', needs: ['passive'] }, [
  {
    id: 'base.server-request-ids-valid',
    title: 'Every request the server sends has a string or integer id, never null',
    spec: messages('requests', 'MUST'),
    requirement: 'Requests MUST include a string or integer ID. Unlike base JSON-RPC, the ID MUST NOT be null.',
    digest: ['BASE-002'],
    revisions: RANGE.all,
    faults: ['server-request-id-null'],
    async run(ctx) {
      const requests = serverRequests(ctx.observations()).filter((r) => !isNotificationMethod(r.method));
      const bad = requests.filter((r) => !isRequestId(r.id)).map((r) => ({ text: `${r.method} with id ${r.key}`, seq: r.seq }));
      return expectNone(ctx, bad, {
        expected: 'a string or integer id on every request the server sends',
        judged: requests.length,
        note: `${requests.length} server request(s), each with a string or integer id`,
        nothing: { code: 'nothing-observed', detail: NO_SERVER_REQUEST },
      });
    },
  },
  {
    id: 'base.server-request-ids-unique',
    title: 'The server never reuses one of its own request ids within a session',
    spec: messages('requests', 'MUST'),
    requirement: 'The request ID MUST NOT have been previously used by the requestor within the same session.',
    digest: ['BASE-003'],
    revisions: RANGE.legacy,
    faults: ['server-request-id-reused'],
    async run(ctx) {
      // A "request" named notifications/... is a notification with an id: base.server-notifications-without-id judges it.
      const requests = serverRequests(ctx.observations()).filter((r) => !isNotificationMethod(r.method));
      if (requests.length === 0) return ctx.skip('nothing-observed', NO_SERVER_REQUEST);
      const inSessions = requests.filter((r) => !r.sessionless);
      if (inSessions.length === 0) return ctx.skip('not-applicable', `the server's ${requests.length} request(s) came over Streamable HTTP without a session (no Mcp-Session-Id): no session to reuse an id in`);
      const reused = reusedIds(inSessions);
      // The first use is cited beside each reuse: the excerpt shows both frames.
      ctx.cite(...reused.slice(0, 3).map(({ first }) => first.seq));
      return expectNone(
        ctx,
        reused.map(({ again, first }) => ({ text: `${again.method} with id ${again.key}, already used by its ${first.method}`, seq: again.seq })),
        { expected: 'every request the server sends uses an id it has not used before in the session', judged: inSessions.length, note: `${inSessions.length} server request(s) in ${sessionsOf(inSessions)} session(s), each with an id of its own` },
      );
    },
  },
  {
    id: 'base.server-notifications-without-id',
    title: 'The server sends notifications without an id',
    spec: messages('notifications', 'MUST'),
    requirement: 'Notifications MUST NOT include an ID.',
    digest: ['BASE-009'],
    revisions: RANGE.all,
    faults: ['server-notification-with-id'],
    async run(ctx) {
      const observations = ctx.observations();
      // The peer takes any message with an id for a request: a notification method with an id lands there.
      const withId = serverRequests(observations).filter((r) => isNotificationMethod(r.method));
      const notifications = observations.filter((o) => o.kind === 'server-notification').length;
      return expectNone(
        ctx,
        withId.map((r) => ({ text: `${r.method} with id ${r.key}`, seq: r.seq })),
        {
          expected: 'notifications (methods notifications/...) without an id member',
          judged: notifications + withId.length,
          note: `${notifications} notification(s), none with an id`,
          nothing: { code: 'nothing-observed', detail: 'the server sent no notification in any session of this revision' },
        },
      );
    },
  },
]);
