// basic/utilities/progress, of the progress tokens on the server's own requests (judged
// passively over every session of the revision): "Progress tokens can be chosen by the sender
// using any means, but MUST be unique across all active requests." The handshake era only:
// at 2026-07-28 a server sends no requests.
import { defineChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { expectNone } from '../../../../../harness/verify/index.js';
import { idKeyOf, serverRequests, stillOpenAt, type ServerRequest } from '../../server-requests.js';

/** Each request whose token an earlier request of the same session still held (unanswered when it came). */
function sharedTokens(requests: readonly ServerRequest[]): { request: ServerRequest; holder: ServerRequest }[] {
  // Without a session, two POSTs may be served by two server instances: not one sender's requests.
  const withToken = requests.filter((r) => r.progressToken !== undefined && !r.sessionless);
  return withToken.flatMap((request) => {
    const holder = withToken.find(
      (e) => e.conn === request.conn && e.seq < request.seq && idKeyOf(e.progressToken) === idKeyOf(request.progressToken) && stillOpenAt(e, request.seq),
    );
    return holder ? [{ request, holder }] : [];
  });
}

export const serverProgressChecks = defineChecks({ page: 'basic/utilities/progress', revisions: RANGE.legacy, needs: ['passive'] }, [
  {
    id: 'progress.server-tokens-unique',
    title: 'Progress tokens on the server\'s own requests are unique among its active requests',
    spec: { url: '#progress-flow', level: 'MUST' },
    requirement: 'Progress tokens can be chosen by the sender using any means, but MUST be unique across all active requests.',
    digest: ['PROG-001'],
    faults: ['server-progress-token-reused'],
    async run(ctx) {
      const requests = serverRequests(ctx.observations());
      const carrying = requests.filter((r) => r.progressToken !== undefined);
      if (carrying.length === 0) {
        const detail = requests.length === 0 ? 'the server sent no request of its own' : `none of the server's ${requests.length} request(s) carried a progress token`;
        return ctx.skip('nothing-observed', `${detail} in any session of this revision`);
      }
      // Only a clash the server must have known of counts: the later request came before we had
      // answered the earlier one, so the server cannot have had that answer yet.
      const judged = carrying.filter((r) => !r.sessionless);
      if (judged.length === 0) return ctx.skip('not-applicable', `the server's ${carrying.length} request(s) with a progress token came over Streamable HTTP without a session: each POST may have had a server of its own`);
      const shared = sharedTokens(requests);
      ctx.cite(...shared.slice(0, 3).map(({ holder }) => holder.seq));
      return expectNone(
        ctx,
        shared.map(({ request, holder }) => ({ text: `${request.method} (id ${request.key}) with token ${idKeyOf(request.progressToken)}, still held by ${holder.method} (id ${holder.key})`, seq: request.seq })),
        {
          expected: 'a progress token of its own for each request the server has pending',
          judged: judged.length,
          note: `${judged.length} server request(s) with a progress token, none shared with a pending one`,
        },
      );
    },
  },
]);
