// The authorization-server checks (issue 40): what MCP requires of an OAuth AS at each revision,
// judged from raw, deliberate HTTP requests (harness/authorization). Features the AS does not
// advertise are skipped `not-offered`; exchanges that need a code skip `cannot-set-up` when no
// code can be had without a login.
import { defineAsChecks, type AsCheck } from '../../harness/authorization/check.js';
import type { AsContext } from '../../harness/authorization/context.js';
import { noCode, type AsClient, type AuthorizationOutcome } from '../../harness/authorization/flow.js';
import type { Verdict } from '../../harness/checks/check.js';
import { isLoopbackUrl } from '../../harness/rules/loopback.js';
import { isObject, type Json } from '../../harness/rules/json.js';
import { allOf, expectDocument, expectHttp, httpExchange, ownJudgement, status, type HttpAnswer, type HttpRule } from '../../harness/verify/index.js';

const AUTH = 'basic/authorization';
const NO_META = 'no authorization server metadata was found at this revision\'s discovery locations, so there is nothing to exercise';

type Ready = { meta: Json; client: AsClient } | Verdict;

/** The revision's metadata, or a skip. */
async function metadata(ctx: AsContext): Promise<Json | Verdict> {
  const d = await ctx.use(ctx.as.discover(ctx.revision));
  return d.found ? d.found.doc : ctx.skip('cannot-set-up', NO_META);
}

/** The metadata and the tool's client, or a skip. */
async function ready(ctx: AsContext): Promise<Ready> {
  const meta = await metadata(ctx);
  if (isVerdict(meta)) return meta;
  const m = meta;
  if (typeof m.authorization_endpoint !== 'string' || typeof m.token_endpoint !== 'string') return ctx.skip('cannot-set-up', 'the metadata names no authorization_endpoint and token_endpoint to exercise');
  const c = await ctx.use(ctx.as.client(m));
  if ('failed' in c) return ctx.skip('cannot-set-up', c.failed);
  return { meta: m, client: c };
}

const isVerdict = (r: unknown): r is Verdict => isObject(r) && typeof r.status === 'string' && ['pass', 'fail', 'warn', 'skip', 'error'].includes(r.status) && !('meta' in r);

/** The code flow with the correct verifier, made once per run: its authorization response and token answer. */
async function exchanged(ctx: AsContext, r: { meta: Json; client: AsClient }): Promise<{ auth: AuthorizationOutcome; token?: HttpAnswer }> {
  return ctx.use(
    ctx.as.once('exchange', async (log) => {
      const auth = await ctx.as.code(r.meta, r.client, {}, log);
      if (!auth.code) return { auth };
      const token = await ctx.as.token(r.meta, r.client, { grant_type: 'authorization_code', code: auth.code, redirect_uri: r.client.redirectUri, code_verifier: auth.verifier }, log);
      return { auth, token };
    }),
  );
}

const tokenIssued = (a: HttpAnswer): boolean => a.status === 200 && isObject(a.json) && typeof a.json.access_token === 'string';
const oauthErrorRule = (...codes: string[]): HttpRule => ({ expected: `an OAuth error ${codes.join(' or ')}`, keeps: (a) => isObject(a.json) && codes.includes(String(a.json.error)) });
const tokenRule: HttpRule = { expected: 'HTTP 200 with an access_token and a token_type', keeps: (a) => tokenIssued(a) && isObject(a.json) && typeof a.json.token_type === 'string' };
const refusedRule: HttpRule = { expected: 'the token request refused (HTTP 400 invalid_grant)', keeps: (a) => a.status >= 400 && a.status < 500 && !tokenIssued(a) };

/** A JWT's claims, if the token is one. */
function jwtClaims(t: string): Json | undefined {
  const parts = t.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const c: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    return isObject(c) ? c : undefined;
  } catch {
    return undefined;
  }
}

const ENDPOINT_FIELDS = ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'introspection_endpoint', 'revocation_endpoint', 'userinfo_endpoint', 'jwks_uri', 'end_session_endpoint', 'pushed_authorization_request_endpoint', 'device_authorization_endpoint'];
const AUTH_METHODS = ['none', 'client_secret_post', 'client_secret_basic', 'client_secret_jwt', 'private_key_jwt', 'tls_client_auth', 'self_signed_tls_client_auth'];

export const authorizationChecks: AsCheck[] = defineAsChecks(AUTH, [
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
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      if (!d.found) return ctx.skip('cannot-set-up', NO_META);
      return expectDocument(ctx, 'the metadata', d.found, { expected: `issuer ${JSON.stringify(ctx.as.issuer)}`, problems: (doc) => (doc.issuer === ctx.as.issuer ? [] : [`issuer ${ctx.brief(doc.issuer)}`]) });
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
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      if (!d.found) return ctx.skip('cannot-set-up', NO_META);
      return expectDocument(ctx, 'the metadata', d.found, {
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
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      if (!d.found) return ctx.skip('cannot-set-up', NO_META);
      const named = ENDPOINT_FIELDS.filter((k) => typeof d.found?.doc[k] === 'string').map((k) => [k, String(d.found?.doc[k])] as const);
      const plain = named.filter(([, v]) => !v.startsWith('https://'));
      const foreign = plain.filter(([, v]) => !isLoopbackUrl(v));
      if (foreign.length > 0) return expectDocument(ctx, 'the metadata', d.found, { expected: 'https endpoints', problems: () => foreign.map(([k, v]) => `${k} ${v}`) });
      // http on loopback: the sentence makes no exception, but a loopback AS is a local test set-up, not one a remote client reaches.
      return expectDocument(ctx, 'the metadata', d.found, { expected: 'https endpoints', problems: () => plain.map(([k, v]) => `${k} ${v}`) }, { doubt: 'http on a loopback host: the spec makes no exception for authorization server endpoints, but a loopback AS is a local test set-up; in production they must be https' });
    },
  },
  {
    id: 'as-pkce.s256-advertised',
    title: 'The metadata advertises code_challenge_methods_supported with S256',
    spec: [
      { url: '#authorization-code-protection', level: 'SHOULD' },
      { url: '#authorization-code-protection', level: 'MUST', from: '2025-11-25' },
    ],
    requirement: 'Authorization servers providing OpenID Connect Discovery 1.0 MUST include code_challenge_methods_supported in their metadata to ensure MCP compatibility. If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed. (2025-11-25; clients MUST use S256 when technically capable)',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-016', 'AUTH-056'],
    faults: ['as-no-s256'],
    run: async (ctx) => {
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      if (!d.found) return ctx.skip('cannot-set-up', NO_META);
      const methods = d.found.doc.code_challenge_methods_supported;
      const oidcMissing = d.found.kind === 'openid' && ctx.in('2025-11-25..') && !Array.isArray(methods);
      return expectDocument(ctx, 'the metadata', d.found, { expected: 'code_challenge_methods_supported including "S256"', problems: () => (Array.isArray(methods) && methods.includes('S256') ? [] : [`code_challenge_methods_supported ${ctx.brief(methods)}`]) }, oidcMissing ? {} : { doubt: 'clients of this revision refuse to proceed without S256 advertised, but the MCP page states no MUST for an RFC 8414 document here' });
    },
  },
  {
    id: 'as-pkce.code-exchange',
    title: 'A code redeemed with its correct code_verifier yields an access token',
    spec: { url: '#authorization-code-protection', level: 'MUST' },
    requirement: 'MCP clients MUST implement PKCE according to OAuth 2.1 (the code flow with PKCE is the flow MCP uses: an AS that refuses the correct verifier cannot serve an MCP client)',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-056'],
    faults: ['as-code-exchange-broken'],
    run: async (ctx) => {
      const r = await ready(ctx);
      if (isVerdict(r)) return r;
      const x = await exchanged(ctx, r);
      if (!x.token) return ctx.skip('cannot-set-up', noCode(x.auth, r.client));
      return expectHttp(ctx, httpExchange('a token request with the code and its correct code_verifier', x.token), tokenRule);
    },
  },
  {
    id: 'as-pkce.verifier-enforced',
    title: 'A code redeemed with a wrong code_verifier is refused',
    spec: { url: '#authorization-code-protection', level: 'MUST' },
    requirement: 'If the values are not equal, an error response indicating "invalid_grant" as described in Section 5.2 of [RFC6749] MUST be returned (RFC 7636 §4.6, which MCP requires through OAuth 2.1 PKCE).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-056'],
    faults: ['as-pkce-verifier-ignored'],
    run: async (ctx) => {
      const r = await ready(ctx);
      if (isVerdict(r)) return r;
      const x = await ctx.use(
        ctx.as.once('wrong-verifier', async (log) => {
          const auth = await ctx.as.code(r.meta, r.client, {}, log);
          if (!auth.code) return { auth };
          const token = await ctx.as.token(r.meta, r.client, { grant_type: 'authorization_code', code: auth.code, redirect_uri: r.client.redirectUri, code_verifier: `${auth.verifier ?? ''}x`.slice(1) }, log);
          return { auth, token };
        }),
      );
      if (!x.token) return ctx.skip('cannot-set-up', noCode(x.auth, r.client));
      return expectHttp(ctx, httpExchange('a token request with a wrong code_verifier', x.token), allOf(refusedRule, oauthErrorRule('invalid_grant')));
    },
  },
  {
    id: 'as-pkce.required',
    title: 'An authorization request without code_challenge gets no code',
    spec: { url: '#authorization-code-protection', level: 'SHOULD' },
    requirement: 'PKCE is REQUIRED for all clients (2025-03-26); MCP clients MUST implement PKCE: an AS serving MCP clients should refuse a code flow without it (OAuth 2.1 lets an AS allow it for confidential clients, hence SHOULD)',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-056'],
    faults: ['as-pkce-optional'],
    run: async (ctx) => {
      const r = await ready(ctx);
      if (isVerdict(r)) return r;
      const out = await ctx.use(ctx.as.once('no-pkce', (log) => ctx.as.authorize(r.meta, r.client, {}, log)));
      if (!out.params && out.answer.status >= 200 && out.answer.status < 300) return ctx.skip('cannot-set-up', noCode(out, r.client));
      return ownJudgement(ctx, out.code ? { broken: { expected: 'the authorization request without code_challenge refused (error=invalid_request, or no redirect with a code)', actual: `a code was issued: ${out.answer.headers?.location ?? ''}` } } : { note: out.params?.get('error') ? `refused: error=${out.params.get('error')}` : `refused: HTTP ${out.answer.status}` }, 'the outcome is a redirect to read, not a status');
    },
  },
  {
    id: 'as-resource.audience',
    title: 'A token asked for a resource (RFC 8707) is for that resource, or the request is refused with invalid_target',
    spec: { url: '#resource-parameter-implementation', level: 'SHOULD' },
    requirement: 'MCP clients MUST implement Resource Indicators for OAuth 2.0 as defined in RFC 8707; the authorization server SHOULD audience-restrict issued access tokens to the resource(s) indicated, or refuse with invalid_target (RFC 8707 §2).',
    revisions: '2025-06-18..2026-07-28',
    digest: ['AUTH-057'],
    faults: ['as-resource-wrong-audience'],
    run: async (ctx) => {
      const r = await ready(ctx);
      if (isVerdict(r)) return r;
      const resource = ctx.as.opts.resource;
      const x = await ctx.use(
        ctx.as.once('resource', async (log) => {
          const auth = await ctx.as.code(r.meta, r.client, { resource }, log);
          if (!auth.code) return { auth };
          const token = await ctx.as.token(r.meta, r.client, { grant_type: 'authorization_code', code: auth.code, redirect_uri: r.client.redirectUri, code_verifier: auth.verifier, resource }, log);
          let introspected: HttpAnswer | undefined;
          const at = isObject(token.json) ? token.json.access_token : undefined;
          if (typeof at === 'string' && !jwtClaims(at) && typeof r.meta.introspection_endpoint === 'string') introspected = await ctx.as.fetch(r.meta.introspection_endpoint, { form: { token: at, client_id: r.client.clientId } }, log);
          return { auth, token, introspected };
        }),
      );
      if (x.auth.params?.get('error') === 'invalid_target') return ctx.pass('the authorization request with resource was refused with invalid_target');
      if (!x.token) return ctx.skip('cannot-set-up', noCode(x.auth, r.client));
      if (!tokenIssued(x.token)) {
        const error = isObject(x.token.json) ? x.token.json.error : undefined;
        if (error !== 'invalid_target') return ctx.skip('cannot-set-up', `the token request with resource was refused, and not for its resource (${x.token.status === 0 ? 'no answer' : `HTTP ${x.token.status} error ${ctx.brief(error)}`}): no token to judge`);
        return expectHttp(ctx, httpExchange('a token request with resource', x.token), oauthErrorRule('invalid_target'));
      }
      const at = String((x.token.json as Json).access_token);
      const claims = jwtClaims(at) ?? (x.introspected && isObject(x.introspected.json) ? x.introspected.json : undefined);
      const aud = claims?.aud;
      if (aud === undefined) return ctx.skip('nothing-observed', 'the token names no audience the tool can read (not a JWT with aud, and no introspection that gives one)');
      const auds = Array.isArray(aud) ? aud : [aud];
      return ownJudgement(ctx, auds.includes(resource) ? { note: `aud ${ctx.brief(aud)}` } : { broken: { expected: `a token for ${resource} (aud including it)`, actual: `aud ${ctx.brief(aud)}` } }, 'the audience is read from the token or its introspection');
    },
  },
  {
    id: 'as-registration.dynamic',
    title: 'A valid Dynamic Client Registration is answered 201 Created with a client_id',
    spec: [
      { url: '#dynamic-client-registration', level: 'SHOULD' },
      { url: '#dynamic-client-registration', level: 'MAY', from: '2025-11-25' },
    ],
    requirement: 'The server responds with an HTTP 201 Created status code and a body of type "application/json" with content as described in Section 3.2.1 (RFC 7591 §3.2.1; the MCP page: SHOULD support DCR, MAY from 2025-11-25).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-023'],
    faults: ['as-dcr-200'],
    run: async (ctx) => {
      const meta = await metadata(ctx);
      if (isVerdict(meta)) return meta;
      if (typeof meta.registration_endpoint !== 'string') return ctx.skip('not-offered', 'the metadata advertises no registration_endpoint');
      const a = await ctx.use(ctx.as.register(meta.registration_endpoint));
      return expectHttp(ctx, httpExchange('a valid registration (redirect_uris [loopback callback], token_endpoint_auth_method none)', a), allOf(status(201), { expected: 'a client_id', keeps: (x) => isObject(x.json) && typeof x.json.client_id === 'string' }));
    },
  },
  {
    id: 'as-registration.redirect-uri-rules',
    title: 'A registration with an http redirect URI at a non-loopback host is refused',
    spec: { url: '#communication-security', level: 'MUST' },
    requirement: 'All redirect URIs MUST be either localhost or use HTTPS.',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-017', 'AUTH-066'],
    faults: ['as-dcr-http-redirect'],
    run: async (ctx) => {
      const meta = await metadata(ctx);
      if (isVerdict(meta)) return meta;
      const endpoint = meta.registration_endpoint;
      if (typeof endpoint !== 'string') return ctx.skip('not-offered', 'the metadata advertises no registration_endpoint');
      const a = await ctx.use(ctx.as.once('register-http', (log) => ctx.as.fetch(endpoint, { json: { client_name: 'mcp-conformance', redirect_uris: ['http://mcp-conformance.example.com/callback'], token_endpoint_auth_method: 'none' } }, log)));
      return expectHttp(ctx, httpExchange('a registration with redirect_uris ["http://mcp-conformance.example.com/callback"]', a), status('4xx'), { doubt: 'the sentence binds redirect URIs, and an AS that registers one breaks it only through the client: warned, not failed' });
    },
  },
  {
    id: 'as-cimd.document-fetched',
    title: 'A URL-form client_id is resolved by fetching its metadata document',
    spec: { url: '#client-id-metadata-documents', level: 'MUST' },
    requirement: 'Authorization servers supporting client ID metadata documents MUST fetch the document from the client_id URL and validate it.',
    revisions: '2025-11-25..2026-07-28',
    digest: ['AUTH-024'],
    faults: ['as-cimd-no-fetch'],
    run: async (ctx) => cimd(ctx, 'good'),
  },
  {
    id: 'as-cimd.client-id-mismatch-refused',
    title: 'A client ID metadata document whose client_id differs from its URL is refused',
    spec: { url: '#client-id-metadata-documents', level: 'MUST' },
    requirement: 'The authorization server MUST validate that the client_id in the document matches the URL of the document exactly.',
    revisions: '2025-11-25..2026-07-28',
    digest: ['AUTH-024'],
    faults: ['as-cimd-mismatch-accepted'],
    run: async (ctx) => cimd(ctx, 'mismatch'),
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
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      if (!d.found) return ctx.skip('cannot-set-up', NO_META);
      const methods = d.found.doc.token_endpoint_auth_methods_supported;
      if (methods === undefined) return ctx.skip('not-offered', 'the metadata lists no token_endpoint_auth_methods_supported (client_secret_basic is the default)');
      return expectDocument(ctx, 'the metadata', d.found, { expected: `token_endpoint_auth_methods_supported from ${AUTH_METHODS.join(', ')}`, problems: () => (Array.isArray(methods) ? methods.filter((m) => !AUTH_METHODS.includes(String(m))).map((m) => `unknown method ${ctx.brief(m)}`) : ['not an array']) }, { doubt: 'the registry can grow: a method it does not list yet is warned, not failed' });
    },
  },
  {
    id: 'as-token.refresh',
    title: 'A refresh token the AS issued is honoured by the refresh_token grant',
    spec: { url: '#token-handling', level: 'MUST' },
    requirement: 'If valid and authorized, the authorization server issues an access token (RFC 6749 §6; OAuth 2.1 §4.3, which MCP implements).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-068'],
    faults: ['as-refresh-broken'],
    run: async (ctx) => {
      const r = await ready(ctx);
      if (isVerdict(r)) return r;
      const x = await exchanged(ctx, r);
      if (!x.token || !tokenIssued(x.token)) return ctx.skip('cannot-set-up', x.token ? 'the code exchange gave no token, so no refresh token either' : noCode(x.auth, r.client));
      const refresh = (x.token.json as Json).refresh_token;
      if (typeof refresh !== 'string') return ctx.skip('not-offered', 'the AS issued no refresh token (a client never assumes one)');
      const a = await ctx.use(ctx.as.once('refresh', (log) => ctx.as.token(r.meta, r.client, { grant_type: 'refresh_token', refresh_token: refresh }, log)));
      return expectHttp(ctx, httpExchange('a refresh_token grant with the refresh token issued', a), tokenRule);
    },
  },
  {
    id: 'as-authorization.iss-in-response',
    title: 'The authorization response carries iss (RFC 9207)',
    spec: { url: '#authorization-response-validation', level: 'SHOULD' },
    requirement: 'Authorization servers SHOULD include the iss parameter in authorization responses as defined in RFC 9207.',
    revisions: '2026-07-28',
    digest: ['AUTH-025'],
    faults: ['as-no-iss'],
    run: async (ctx) => {
      const r = await ready(ctx);
      if (isVerdict(r)) return r;
      const x = await exchanged(ctx, r);
      if (!x.auth.params) return ctx.skip('cannot-set-up', noCode(x.auth, r.client));
      const iss = x.auth.params.get('iss');
      return ownJudgement(ctx, iss === null ? { broken: { expected: 'an iss parameter in the authorization response', actual: `none: ${x.auth.answer.headers?.location ?? ''}` } } : iss === ctx.as.issuer ? { note: `iss ${iss}` } : { broken: { expected: `iss ${ctx.as.issuer}`, actual: `iss ${iss}` } }, 'a redirect\'s query is no document');
    },
  },
  {
    id: 'as-metadata.iss-parameter-flag',
    title: 'authorization_response_iss_parameter_supported is true exactly when iss comes in the authorization response',
    spec: { url: '#authorization-response-validation', level: 'MUST' },
    requirement: 'Authorization servers that include iss MUST advertise authorization_response_iss_parameter_supported: true in their metadata.',
    revisions: '2026-07-28',
    digest: ['AUTH-025'],
    faults: ['as-iss-flag-missing'],
    run: async (ctx) => {
      const r = await ready(ctx);
      if (isVerdict(r)) return r;
      const x = await exchanged(ctx, r);
      if (!x.auth.params) return ctx.skip('cannot-set-up', noCode(x.auth, r.client));
      const hasIss = x.auth.params.get('iss') !== null;
      const flag = r.meta.authorization_response_iss_parameter_supported;
      if (!hasIss && flag !== true) return ctx.skip('not-offered', 'the authorization response carries no iss and the metadata does not claim it');
      const d = await ctx.use(ctx.as.discover(ctx.revision));
      return expectDocument(ctx, 'the metadata', d.found, { expected: hasIss ? 'authorization_response_iss_parameter_supported: true (iss came in the authorization response)' : 'iss in the authorization response (the metadata claims it)', problems: () => (hasIss ? (flag === true ? [] : [`authorization_response_iss_parameter_supported ${ctx.brief(flag)}`]) : ['the authorization response carried no iss']) });
    },
  },
]);

/** The CIMD checks: a hosted document, good or with a client_id that is not its URL, and what the AS did with it. */
async function cimd(ctx: AsContext, kind: 'good' | 'mismatch'): Promise<Verdict> {
  const meta = await metadata(ctx);
  if (isVerdict(meta)) return meta;
  if (meta.client_id_metadata_document_supported !== true) return ctx.skip('not-offered', 'the metadata does not advertise client_id_metadata_document_supported: true');
  if (typeof meta.authorization_endpoint !== 'string') return ctx.skip('cannot-set-up', 'the metadata names no authorization_endpoint');
  const lb = ctx.as.loopback;
  const callback = `${lb.origin}/callback`;
  const url = lb.host(`/clients/cimd-${kind}.json`, (u) => ({ client_id: kind === 'good' ? u : `${lb.origin}/clients/someone-else.json`, client_name: 'mcp-conformance', redirect_uris: [callback], token_endpoint_auth_method: 'none' }));
  const client: AsClient = { clientId: url, redirectUri: callback, how: 'a client ID metadata document hosted on loopback' };
  const out = await ctx.use(ctx.as.once(`cimd-${kind}`, (log) => ctx.as.code(meta, client, {}, log)));
  const fetched = lb.fetched(url);
  if (kind === 'good') {
    if (!fetched && !out.code) return ctx.skip('cannot-set-up', `the AS did not fetch ${url} and issued no code (an AS may refuse http or loopback client_id URLs, and a CIMD client_id is an https URL the tool cannot host): ${noCode(out, client)}`);
    return ownJudgement(ctx, fetched ? { note: `fetched ${url}${out.code ? ' and issued a code' : ''}` } : { broken: { expected: `the AS fetches ${url} before accepting it as a client_id`, actual: `a code was issued and the document was never fetched` } }, 'the fetch is seen on the tool\'s own listener');
  }
  if (!fetched) return ctx.skip('cannot-set-up', `the AS never fetched ${url}: whether it compares the document's client_id cannot be seen`);
  return ownJudgement(ctx, out.code ? { broken: { expected: 'the authorization request refused (the document\'s client_id is not its URL)', actual: `a code was issued: ${out.answer.headers?.location ?? ''}` } } : { note: 'refused after fetching the document' }, 'the outcome is a redirect or a page, judged with the listener\'s view');
}
