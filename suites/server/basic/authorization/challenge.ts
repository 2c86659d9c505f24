// basic/authorization (2025-03-26..2026-07-28): the 401 a protected server answers a request
// without credentials (the era's opening request: initialize, or server/discover at
// 2026-07-28), and what its WWW-Authenticate challenge says (Bearer, where the protected
// resource metadata is, which scope is needed; at 2026-07-28, never offline_access).
import { defineChecks } from '../../../../harness/checks/define.js';
import { only, since } from '../../../../harness/revisions.js';
import { expectHttp, header, httpExchange, status, succeeded } from '../../../../harness/verify/http.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { findPrm } from './metadata-lookup.js';
import { underOptionalAuthorization, withinOptionalAuthorization } from './optional.js';
import { bearerChallenge } from '../../../../harness/checks/http-access.js';
import { NO_ANSWER, NOT_PROTECTED, notAdvertised, openingRequest, probe, protectedProbe } from './unauthenticated-probe.js';

/** The opening request without credentials, for the evidence. */
const WITHOUT = 'the opening request without credentials';

export const challengeChecks = defineChecks({ page: 'basic/authorization', transports: ['streamable-http'], needs: ['connection', 'raw-http'] }, [
  // AUTH-010: "When authorization is required and not yet proven by the client, servers MUST
  // respond with HTTP 401 Unauthorized" (2025-03-26); the error-handling table later: "401
  // Unauthorized: Authorization required or token invalid". Another refusal fails only when the
  // same request with the user's credentials is served (so the credentials were what it lacked).
  {
    id: 'auth.unauthenticated-401',
    title: 'A request without credentials to a protected server gets 401 Unauthorized',
    spec: underOptionalAuthorization([
      { url: '#example-authorization-code-grant', level: 'MUST' },
      { url: '#error-handling', level: 'MUST', from: '2025-06-18' },
    ]),
    requirement: withinOptionalAuthorization('When authorization is required and not yet proven by the client, servers MUST respond with HTTP 401 Unauthorized.'),
    digest: ['AUTH-010'],
    revisions: since('2025-03-26'),
    faults: ['auth-missing-token-403'],
    async run(ctx) {
      const p = await probe(ctx);
      if (succeeded(p.r)) return ctx.skip('not-applicable', NOT_PROTECTED);
      if (p.r.status !== 0) {
        const outside = await notAdvertised(ctx, p);
        if (outside) return outside;
      }
      const ex = httpExchange(WITHOUT, p.r);
      if (p.r.status === 401 || p.r.status === 0) return expectHttp(ctx, ex, status(401));
      // Another refusal breaks the rule only if the credentials were what it lacked: the same request with them is served.
      const withCredentials = await openingRequest(ctx, p.door, {});
      if (withCredentials.status === 0) return ctx.skip('no-answer', NO_ANSWER);
      return expectHttp(ctx, ex, status(401), {
        reason: `with the user's credentials: HTTP ${withCredentials.status}`,
        ...(succeeded(withCredentials) ? {} : { doubt: 'refused with and without credentials: the refusal may not be about authorization' }),
      });
    },
  },

  // 2025-06-18: "MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401
  // Unauthorized"; RFC 6750 §3 (OAuth 2.1 §5.3, which token handling refers to) gives the
  // Bearer challenge. 2025-03-26 and 2025-11-25 only reach it through OAuth: a SHOULD there.
  {
    id: 'auth.challenge-bearer',
    title: 'A 401 carries a WWW-Authenticate Bearer challenge',
    spec: underOptionalAuthorization([
      { url: '#token-handling', level: 'SHOULD' },
      { url: '#authorization-server-location', level: 'MUST', from: '2025-06-18' },
      { url: '#protected-resource-metadata-discovery-requirements', level: 'SHOULD', from: '2025-11-25' },
      { url: 'basic/authorization/authorization-server-discovery#protected-resource-metadata-discovery-requirements', level: 'SHOULD', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization(
      'MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401 Unauthorized to indicate the location of the resource server metadata URL (2025-06-18; 2025-03-26 and 2025-11-25 reach the Bearer challenge through OAuth 2.1 and RFC 6750 only, hence a SHOULD there).',
    ),
    digest: ['AUTH-011'],
    revisions: since('2025-03-26'),
    faults: ['auth-no-challenge'],
    async run(ctx) {
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      return expectHttp(ctx, httpExchange(`the 401 to ${WITHOUT}`, p.r), header('WWW-Authenticate', 'WWW-Authenticate: Bearer ...', (v) => bearerChallenge(v) !== undefined));
    },
  },

  // AUTH-011 (2025-06-18): the 401's WWW-Authenticate indicates "the location of the resource
  // server metadata URL as described in RFC9728 Section 5.1", i.e. its resource_metadata parameter.
  {
    id: 'auth.challenge-resource-metadata',
    title: 'The 401 challenge names the protected resource metadata (resource_metadata)',
    spec: underOptionalAuthorization({ url: '#authorization-server-location', level: 'MUST' }),
    requirement: withinOptionalAuthorization(
      'MCP servers MUST use the HTTP header WWW-Authenticate when returning a 401 Unauthorized to indicate the location of the resource server metadata URL as described in RFC9728 Section 5.1',
    ),
    digest: ['AUTH-011'],
    revisions: only('2025-06-18'),
    faults: ['auth-challenge-no-resource-metadata'],
    async run(ctx) {
      const p = await protectedProbe(ctx, { bearer: true });
      if ('status' in p) return p;
      const absolute = (v: string | undefined) => /^https?:\/\//i.test(bearerChallenge(v)?.params.resource_metadata ?? '');
      return expectHttp(ctx, httpExchange(`the 401 to ${WITHOUT}`, p.r), header('WWW-Authenticate', 'a Bearer challenge with a resource_metadata="<absolute URL>" parameter', absolute));
    },
  },

  // AUTH-014 (2025-11-25; 2026-07-28 #scope-selection-strategy, same words): "MCP servers SHOULD include a scope parameter in the
  // WWW-Authenticate header ... to indicate the scopes required for accessing the resource."
  {
    id: 'auth.challenge-scope',
    title: 'The 401 challenge says which scope is needed',
    spec: underOptionalAuthorization([
      { url: '#protected-resource-metadata-discovery-requirements', level: 'SHOULD' },
      { url: '#scope-selection-strategy', level: 'SHOULD', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization(
      'MCP servers SHOULD include a scope parameter in the WWW-Authenticate header as defined in RFC 6750 Section 3 to indicate the scopes required for accessing the resource.',
    ),
    digest: ['AUTH-014'],
    revisions: since('2025-11-25'),
    faults: ['auth-challenge-no-scope'],
    async run(ctx) {
      const p = await protectedProbe(ctx, { bearer: true });
      if ('status' in p) return p;
      return expectHttp(ctx, httpExchange(`the 401 to ${WITHOUT}`, p.r), header('WWW-Authenticate', 'a Bearer challenge with a scope="..." parameter', (v) => bearerChallenge(v)?.params.scope !== undefined));
    },
  },

  // AUTH-014, 2026-07-28 #refresh-tokens: "MCP Servers (Protected Resources) SHOULD NOT include
  // offline_access in WWW-Authenticate scope or Protected Resource Metadata scopes_supported, as
  // refresh tokens are not a resource requirement."
  {
    id: 'auth.no-offline-access-scope',
    title: 'Neither the 401 challenge scope nor protected resource metadata scopes_supported asks for offline_access',
    spec: underOptionalAuthorization({ url: '#refresh-tokens', level: 'SHOULD' }),
    requirement: withinOptionalAuthorization(
      'MCP Servers (Protected Resources) SHOULD NOT include offline_access in WWW-Authenticate scope or Protected Resource Metadata scopes_supported, as refresh tokens are not a resource requirement.',
    ),
    digest: ['AUTH-014'],
    revisions: only('2026-07-28'),
    faults: ['auth-offline-access-scope'],
    async run(ctx) {
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      const { found, silent } = await findPrm(p);
      const scope = p.bearer?.params.scope;
      const listed = found?.doc.scopes_supported;
      if (scope === undefined && !Array.isArray(listed)) {
        return silent ? ctx.skip('no-answer', NO_ANSWER) : ctx.skip('not-offered', 'no scope in the challenge and no scopes_supported in protected resource metadata: no scope to judge');
      }
      const challenged = (scope ?? '').split(/\s+/);
      const supported = Array.isArray(listed) ? (listed as unknown[]) : [];
      const where = [
        challenged.includes('offline_access') ? `WWW-Authenticate: ${p.r.headers['www-authenticate']}` : '',
        supported.includes('offline_access') ? `${found?.url}: scopes_supported ${ctx.brief(supported)}` : '',
      ].filter(Boolean);
      return expectNone(ctx, where, {
        expected: 'no offline_access in the challenge scope nor in scopes_supported',
        judged: (scope !== undefined ? 1 : 0) + (Array.isArray(listed) ? 1 : 0),
        doubt: 'refresh tokens are a client matter between it and the authorization server, not a requirement of the resource',
      });
    },
  },
]);
