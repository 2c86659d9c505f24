// basic/authorization (2025-03-26..2026-07-28): the authorization server metadata a client of
// the revision finds (RFC 8414 / OpenID discovery, in each revision's order), its PKCE method,
// and, in 2025-03-26, the default endpoints of a server without metadata.
import { defineChecks } from '../../../../harness/checks/define.js';
import { only, since } from '../../../../harness/revisions.js';
import { NO_OAUTH, protectedAsMetadata } from './metadata-lookup.js';
import { underOptionalAuthorization, withinOptionalAuthorization } from './optional.js';
import { getJson, NO_ANSWER, protectedProbe, said } from './unauthenticated-probe.js';

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
      if (!got.found) return ctx.fail({ expected: `metadata for issuer ${got.issuer}`, actual: got.tried.join('; ') });
      const { doc, url } = got.found;
      const problems: string[] = [];
      if (doc.issuer !== got.issuer) problems.push(`issuer ${ctx.brief(doc.issuer)} is not ${JSON.stringify(got.issuer)}`);
      for (const field of ['authorization_endpoint', 'token_endpoint']) if (typeof doc[field] !== 'string') problems.push(`no ${field}`);
      if (problems.length === 0) return ctx.pass();
      return ctx.fail({ expected: `issuer ${got.issuer}, authorization_endpoint and token_endpoint`, actual: `${url}: ${problems.join('; ')}` });
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
      if (!got.found) return ctx.skip('no authorization server metadata found (see auth.as-metadata, auth.default-endpoints)');
      const methods = got.found.doc.code_challenge_methods_supported;
      if (Array.isArray(methods) && methods.includes('S256')) return ctx.pass();
      return ctx.fail({ expected: 'code_challenge_methods_supported including "S256"', actual: `${got.found.url}: ${ctx.brief(methods)}` });
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
      const authorize = await p.door.raw({ method: 'GET', url: `${origin}/authorize`, headers: { Authorization: null } });
      const token = await p.door.raw({ method: 'POST', url: `${origin}/token`, headers: { Authorization: null, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=authorization_code' });
      if (authorize.status === 0 || token.status === 0) return ctx.skip('no-answer', NO_ANSWER);
      const missing = [authorize.status === 404 ? `/authorize: ${said(authorize)}` : '', token.status === 404 ? `/token: ${said(token)}` : ''].filter(Boolean);
      if (missing.length === 0) return ctx.pass();
      if (missing.length === 2 && !p.bearer) return ctx.skip(NO_OAUTH);
      return ctx.fail({ expected: `metadata at ${origin}/.well-known/oauth-authorization-server, or the default /authorize and /token`, actual: `no metadata; ${missing.join('; ')}` });
    },
  },
]);
