// Token audience binding (basic/authorization, 2025-06-18..2025-11-25): a protected server
// refuses a token its authorization server issued for another resource. The tool cannot mint
// such a token, so the user lends one (--foreign-token); without it the check skips. The
// token goes only to the MCP server's own origin, as the user's own token does.
import type { Check } from '../../harness/checks/check.js';
import { between } from '../../harness/revisions.js';
import { initialize, page, probe, said, underOptionalAuthorization, unprotected, withinOptionalAuthorization } from './auth.js';

export const authTokenChecks: Check[] = [
  // Token Handling (2025-06-18, 2025-11-25): "MCP servers MUST validate that access tokens were
  // issued specifically for them as the intended audience, according to RFC 8707 Section 2."
  // Access Token Privilege Restriction: "MCP servers MUST only accept tokens specifically
  // intended for themselves and MUST reject tokens that do not include them in the audience
  // claim". 2025-03-26 says no word of audiences. A server that accepts any token at all
  // accepts this one too (auth-invalid-token-accepted).
  {
    id: 'auth.token-audience-validated',
    title: 'A token issued for another resource (--foreign-token) is refused with 401',
    spec: underOptionalAuthorization(page('token-handling', 'MUST')),
    requirement: withinOptionalAuthorization('MCP servers MUST validate that access tokens were issued specifically for them as the intended audience, according to RFC 8707 Section 2.'),
    fix: "Check the token's audience (aud claim, or the resource it was issued for) against the server's canonical URI, and answer 401 when it names another resource",
    side: 'server',
    revisions: between('2025-06-18', '2025-11-25'),
    transports: ['streamable-http'],
    faults: ['auth-audience-unchecked', 'auth-invalid-token-accepted'],
    connection: 'own',
    async run(ctx) {
      const foreign = ctx.settings.foreignToken;
      if (!foreign) return ctx.skip('no --foreign-token given: the tool cannot mint a token for another resource');
      const p = await probe(ctx);
      const skip = unprotected(p);
      if (skip) return ctx.skip(skip);
      const r = await initialize(ctx, p.door, { Authorization: `Bearer ${foreign}` });
      if (r.status === 401 || r.status === 403) return ctx.pass();
      if (r.status === 0) return ctx.skip("the request with the foreign token got no HTTP answer: nothing to judge, and whether the server answers at all is left to the harness's timeout handling");
      const evidence = { expected: 'HTTP 401 Unauthorized (or 403) for the token issued for another resource (--foreign-token)', actual: said(r) };
      if (r.status >= 200 && r.status < 300) return ctx.fail({ ...evidence, reason: 'the server served a request carrying a token issued for another resource' });
      return ctx.warn({ ...evidence, reason: 'refused, but not with the 401 that says the token is not valid here' });
    },
  },
];
