// The authorization server's metadata (RFC 8414, OpenID Connect discovery): found where a
// client of the revision looks, for the issuer it was fetched for, with the fields, https
// endpoints and token endpoint authentication methods it must name.
import { defineAsChecks, type AsCheck } from '../../harness/authorization/check.js';
import { isLoopbackUrl } from '../../harness/rules/loopback.js';
import { expectDocument } from '../../harness/verify/index.js';
import { AUTH, discovered, isVerdict } from './setup.js';

const ENDPOINT_FIELDS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'introspection_endpoint', 'revocation_endpoint', 'userinfo_endpoint', 'jwks_uri', 'end_session_endpoint', 'pushed_authorization_request_endpoint', 'device_authorization_endpoint'];
const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic', 'client_secret_jwt', 'private_key_jwt', 'tls_client_auth', 'self_signed_tls_client_auth'];

export const metadataChecks: AsCheck[] = defineAsChecks(AUTH, [
  {
    id: 'as-metadata.discovered',
    title: 'The authorization server metadata is found where a client of the revision looks for it',
    spec: [
      { url: '#server-metadata-discovery', level: 'SHOULD' },
      { url: '#authorization-server-metadata-discovery', level: 'MUST', from: '2025-06-18' },
    ],
    requirement: 'Authorization servers MUST provide at least one of the following discovery mechanisms: OAuth 2.0 Authorization Server Metadata (RFC8414), OpenID Connect Discovery 1.0 (2025-11-25; 2025-06-18: MUST implement RFC8414; 2025-03-26: SHOULD)',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-015', 'AUTH-022', 'AUTH-054'],
    faults: ['as-metadata-root-only'],
    run: async (ctx) => {
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      const tried = d.probes.map((p) => `${p.url}: ${p.answer.status === 0 ? `no answer (${p.answer.problem ?? ''})` : `HTTP ${p.answer.status}`}`).join('; ');
      return expectDocument(ctx, 'the metadata, in the revision\'s discovery order', d.found ? { url: d.found.url, doc: d.found.doc } : undefined, { expected: 'a JSON object at one of the locations', problems: () => [], missing: `none of the locations answered a JSON object: ${tried}` }, { note: d.found ? `found at ${d.found.url}` : '' });
    },
  },
  {
    id: 'as-metadata.issuer-matches',
    title: 'The metadata\'s issuer is the issuer identifier it was fetched for',
    spec: { url: '#authorization-server-metadata-discovery', level: 'MUST' },
    requirement: 'The "issuer" value returned MUST be identical to the authorization server\'s issuer identifier value into which the well-known URI string was inserted to create the URL used to retrieve the metadata (RFC 8414 §3.3).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-015'],
    faults: ['as-issuer-mismatch'],
    run: async (ctx) => {
      const found = await discovered(ctx);
      if (isVerdict(found)) return found;
      return expectDocument(ctx, 'the metadata', found, { expected: `issuer ${JSON.stringify(ctx.as.issuer)}`, problems: (doc) => (doc.issuer === ctx.as.issuer ? [] : [`issuer ${ctx.brief(doc.issuer)}`]) });
    },
  },
  {
    id: 'as-metadata.required-fields',
    title: 'The metadata has the fields RFC 8414 requires for the code flow',
    spec: { url: '#authorization-server-metadata-discovery', level: 'MUST' },
    requirement: 'authorization_endpoint: REQUIRED unless no grant types are supported that use the authorization endpoint; token_endpoint: REQUIRED unless only the implicit grant type is supported; response_types_supported: REQUIRED (RFC 8414 §2).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-015'],
    faults: ['as-no-response-types'],
    run: async (ctx) => {
      const found = await discovered(ctx);
      if (isVerdict(found)) return found;
      return expectDocument(ctx, 'the metadata', found, {
        expected: 'authorization_endpoint and token_endpoint (strings), response_types_supported (an array)',
        problems: (doc) => [...['authorization_endpoint', 'token_endpoint'].filter((k) => typeof doc[k] !== 'string').map((k) => `no ${k}`), ...(Array.isArray(doc.response_types_supported) ? [] : ['no response_types_supported array'])],
      });
    },
  },
  {
    id: 'as-metadata.https-endpoints',
    title: 'Every endpoint the metadata names is https',
    spec: { url: '#communication-security', level: 'MUST' },
    requirement: 'All authorization server endpoints MUST be served over HTTPS.',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-017'],
    faults: ['as-http-endpoint'],
    run: async (ctx) => {
      const found = await discovered(ctx);
      if (isVerdict(found)) return found;
      const named = ENDPOINT_FIELDS.filter((k) => typeof found.doc[k] === 'string').map((k) => [k, String(found.doc[k])] as const);
      const plain = named.filter(([, v]) => !v.startsWith('https://'));
      const foreign = plain.filter(([, v]) => !isLoopbackUrl(v));
      if (foreign.length > 0) return expectDocument(ctx, 'the metadata', found, { expected: 'https endpoints', problems: () => foreign.map(([k, v]) => `${k} ${v}`) });
      // http on loopback: the sentence makes no exception, but a loopback AS is a local test set-up, not one a remote client reaches.
      return expectDocument(ctx, 'the metadata', found, { expected: 'https endpoints', problems: () => plain.map(([k, v]) => `${k} ${v}`) }, { doubt: 'http on a loopback host: the spec makes no exception for authorization server endpoints, but a loopback AS is a local test set-up; in production they must be https' });
    },
  },
  {
    id: 'as-token.auth-methods-defined',
    title: 'The token endpoint authentication methods advertised are ones OAuth defines',
    spec: { url: '#authorization-server-metadata-discovery', level: 'SHOULD' },
    requirement: 'token_endpoint_auth_methods_supported: client authentication method values are used in the "token_endpoint_auth_method" parameter defined in Section 2 of RFC 7591 and registered in the IANA "OAuth Token Endpoint Authentication Methods" registry (RFC 8414 §2).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-015'],
    faults: ['as-auth-method-unknown'],
    run: async (ctx) => {
      const found = await discovered(ctx);
      if (isVerdict(found)) return found;
      const methods = found.doc.token_endpoint_auth_methods_supported;
      if (methods === undefined) return ctx.skip('not-offered', 'the metadata lists no token_endpoint_auth_methods_supported (client_secret_basic is the default)');
      return expectDocument(ctx, 'the metadata', found, { expected: `token_endpoint_auth_methods_supported from ${AUTH_METHODS.join(', ')}`, problems: () => (Array.isArray(methods) ? methods.filter((m) => !AUTH_METHODS.includes(String(m))).map((m) => `unknown method ${ctx.brief(m)}`) : ['not an array']) }, { doubt: 'the registry can grow: a method it does not list yet is warned, not failed' });
    },
  },
]);
