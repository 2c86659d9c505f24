// basic/authorization (2025-03-26..2026-07-28): the authorization server metadata a client of
// the revision finds (RFC 8414 / OpenID discovery, in each revision's order), its PKCE method,
// and, in 2025-03-26, the default endpoints of a server without metadata.
import { defineChecks } from '../../../../harness/checks/define.js';
import { only, since } from '../../../../harness/revisions.js';
import { expectDocument, expectHttpEach, httpExchange, type HttpRule } from '../../../../harness/verify/http.js';
import { NO_OAUTH, protectedAsMetadata } from './metadata-lookup.js';
import { underOptionalAuthorization, withinOptionalAuthorization } from './optional.js';
import { getJson, NO_ANSWER, NO_AS_METADATA, protectedProbe } from './unauthenticated-probe.js';

/** An endpoint that exists: any answer but 404 (the tool sends no valid grant, so a refusal is expected). */
const EXISTS: HttpRule = { expected: 'the endpoint there (any answer but 404 Not Found)', keeps: (r) => r.status !== 404 };

export const authorizationServerDiscoveryChecks = defineChecks({ page: 'basic/authorization', transports: ['streamable-http'], needs: ['connection', 'raw-http'] }, [
  // AUTH-015: "Authorization servers MUST provide OAuth 2.0 Authorization Server Metadata
  // (RFC8414)" (2025-06-18; 2025-11-25 adds OpenID discovery and the order clients try). RFC
  // 8414 §3.3: "The issuer value returned MUST be identical to the authorization server's issuer
  // identifier"; authorization_endpoint and token_endpoint are REQUIRED (§2) for this flow.
  {
    id: 'auth.as-metadata',
    title: 'Authorization server metadata is published where the revision looks, with its issuer and endpoints',
    spec: underOptionalAuthorization([
      { url: '#server-metadata-discovery', level: 'MUST' },
      { url: '#authorization-server-metadata-discovery', level: 'MUST', from: '2025-11-25' },
      { url: 'basic/authorization#overview', level: 'MUST', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization(
      'Authorization servers MUST provide OAuth 2.0 Authorization Server Metadata (RFC8414) (2025-11-25: MCP authorization servers MUST provide at least one of the following discovery mechanisms: OAuth 2.0 Authorization Server Metadata; OpenID Connect Discovery 1.0).',
    ),
    digest: ['AUTH-015'],
    revisions: since('2025-06-18'),
    faults: ['auth-as-metadata-missing'],
    async run(ctx) {
      const got = await protectedAsMetadata(ctx);
      if ('status' in got) return got;
      if (!got.found && got.silent) return ctx.skip('no-answer', NO_ANSWER);
      return expectDocument(ctx, `authorization server metadata for issuer ${got.issuer}`, got.found, {
        expected: `issuer ${got.issuer}, authorization_endpoint and token_endpoint`,
        problems: (doc) => [
          ...(doc.issuer !== got.issuer ? [`issuer ${ctx.brief(doc.issuer)} is not ${JSON.stringify(got.issuer)}`] : []),
          ...['authorization_endpoint', 'token_endpoint'].filter((field) => typeof doc[field] !== 'string').map((field) => `no ${field}`),
        ],
        missing: `no metadata where the revision looks: ${got.tried.join('; ')}`,
      });
    },
  },

  // PKCE is REQUIRED (2025-03-26) / MUST (2025-06-18); 2025-11-25: clients "MUST refuse to
  // proceed" when code_challenge_methods_supported is absent and "MUST use the S256 code
  // challenge method": metadata without S256 leaves conformant clients unable to authorize.
  // From 2025-11-25 the AS itself is bound too: "Authorization servers providing OpenID Connect
  // Discovery 1.0 MUST include code_challenge_methods_supported" (2026-07-28: Security
  // Considerations, same words). That MUST is read, like every MUST of the page, within the
  // page's OPTIONAL/SHOULD (optional.ts): a warn, never a fail, as for RFC 8414 metadata.
  {
    id: 'auth.as-metadata-pkce',
    title: 'Authorization server metadata offers the S256 PKCE method',
    spec: underOptionalAuthorization([
      { url: '#implementation-requirements', level: 'SHOULD' },
      { url: '#authorization-code-protection', level: 'SHOULD', from: '2025-06-18' },
      { url: '#authorization-code-protection', level: 'MUST', from: '2025-11-25' },
      { url: 'basic/authorization/security-considerations#authorization-code-protection', level: 'MUST', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization(
      'If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed. Authorization servers providing OpenID Connect Discovery 1.0 MUST include code_challenge_methods_supported in their metadata to ensure MCP compatibility (2025-11-25 on). (2025-03-26: PKCE is REQUIRED for all clients.)',
    ),
    digest: ['AUTH-016'],
    revisions: since('2025-03-26'),
    faults: ['auth-as-no-s256'],
    async run(ctx) {
      const got = await protectedAsMetadata(ctx);
      if ('status' in got) return got;
      if (!got.found) return ctx.skip('not-offered', NO_AS_METADATA);
      return expectDocument(ctx, 'authorization server metadata', got.found, {
        expected: 'code_challenge_methods_supported including "S256"',
        problems: ({ code_challenge_methods_supported: methods }) => (Array.isArray(methods) && methods.includes('S256') ? [] : [`code_challenge_methods_supported ${ctx.brief(methods)}`]),
      });
    },
  },

  // AUTH-022 (2025-03-26): "For servers that do not implement OAuth 2.0 Authorization Server
  // Metadata, clients MUST use the following default endpoint paths" (/authorize, /token,
  // /register) at the authorization base URL; "Servers that do not support Authorization Server
  // Metadata MUST follow the default URI schema."
  {
    id: 'auth.default-endpoints',
    title: 'Without authorization server metadata, /authorize and /token exist at the origin',
    spec: underOptionalAuthorization({ url: '#fallbacks-for-servers-without-metadata-discovery', level: 'MUST' }),
    requirement: withinOptionalAuthorization('Servers that do not support Authorization Server Metadata MUST follow the default URI schema.'),
    digest: ['AUTH-022'],
    revisions: only('2025-03-26'),
    faults: ['auth-no-metadata-no-fallback'],
    async run(ctx) {
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      const origin = new URL(p.door.url).origin;
      if ((await getJson(p.door, `${origin}/.well-known/oauth-authorization-server`)).doc) return ctx.pass('the server publishes metadata (no fallback needed)');
      const authorize = httpExchange(`GET ${origin}/authorize`, await p.door.raw({ method: 'GET', url: `${origin}/authorize`, headers: { Authorization: null } }));
      const token = httpExchange(
        `POST ${origin}/token`,
        await p.door.raw({ method: 'POST', url: `${origin}/token`, headers: { Authorization: null, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code' }),
      );
      // Both are needed to tell: one silent endpoint decides nothing.
      if (authorize.r.status === 0 || token.r.status === 0) return ctx.skip('no-answer', NO_ANSWER);
      // Neither there, and no Bearer challenge: no sign of OAuth at all.
      if (authorize.r.status === 404 && token.r.status === 404 && !p.bearer) return ctx.skip('not-applicable', NO_OAUTH);
      return expectHttpEach(ctx, [authorize, token], EXISTS, { reason: `no metadata at ${origin}/.well-known/oauth-authorization-server, so the default endpoints must be there` });
    },
  },
]);
