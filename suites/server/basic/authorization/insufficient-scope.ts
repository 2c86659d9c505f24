// basic/authorization (2025-11-25..2026-07-28): a token with too little scope is refused with 403 and a
// Bearer challenge that says insufficient_scope. Passive: judged on every 403 a request with
// credentials got in the run (the tool exercises it when the user lends a token of limited scope).
import { defineChecks } from '../../../../harness/checks/define.js';
import { bearerChallenge } from '../../../../harness/checks/http-access.js';
import { since } from '../../../../harness/revisions.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { withinOptionalAuthorization } from './optional.js';

export const insufficientScopeChecks = defineChecks({ page: 'basic/authorization', revisions: since('2025-11-25'), transports: ['streamable-http'], needs: ['passive'] }, [
  // AUTH-020 (2025-11-25; 2026-07-28 #runtime-insufficient-scope-errors, same words): for a token with insufficient scope "the server SHOULD respond with
  // HTTP 403 Forbidden ... WWW-Authenticate header with the Bearer scheme and ...
  // error="insufficient_scope"".
  {
    id: 'auth.insufficient-scope-challenge',
    title: 'A 403 to a request with a token carries a Bearer insufficient_scope challenge',
    spec: { url: '#runtime-insufficient-scope-errors', level: 'SHOULD' },
    // The reference refuses its limited token only on the GET listening stream, which 2026-07-28
    // has not: the fault shows at 2025-11-25; the judging is the same at both revisions.
    requirement: withinOptionalAuthorization(
      'When a client makes a request with an access token with insufficient scope during runtime operations, the server SHOULD respond with: HTTP 403 Forbidden status code; WWW-Authenticate header with the Bearer scheme and additional parameters: error="insufficient_scope"',
    ),
    digest: ['AUTH-020'],
    faults: ['auth-insufficient-scope-bare-403'],
    faultRevisions: { 'auth-insufficient-scope-bare-403': '2025-11-25' },
    async run(ctx) {
      const refused = ctx.observations().filter((o) => o.kind === 'http-status' && o.context?.status === 403 && o.context.withAuthorization === true);
      if (refused.length === 0) return ctx.skip('nothing-observed', 'no request with credentials was refused with 403 (run with a token of limited scope to exercise this)');
      const bad = refused.filter((o) => bearerChallenge(o.context?.wwwAuthenticate as string | undefined)?.params.error !== 'insufficient_scope');
      return expectNone(
        ctx,
        bad.slice(0, 5).map((o) => ({ text: `a 403 without it: ${o.detail}`, seq: o.seq })),
        { expected: `each 403 to a request with credentials (${refused.length}): WWW-Authenticate: Bearer error="insufficient_scope", scope="...", resource_metadata="..."`, judged: refused.length, ...(bad.length > 5 ? { reason: `${bad.length} of ${refused.length} 403(s) without it` } : {}) },
      );
    },
  },
]);
