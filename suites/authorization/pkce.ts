// PKCE (RFC 7636, required by OAuth 2.1 for MCP's code flow): S256 advertised, the code redeemed
// with its verifier, a wrong verifier refused, and no code without a challenge.
import { defineAsChecks, type AsCheck } from '../../harness/authorization/check.js';
import { noCode } from '../../harness/authorization/flow.js';
import { allOf, expectDocument, expectHttp, httpExchange, ownJudgement } from '../../harness/verify/index.js';
import { oauthErrorRule, refusedRule, tokenRule } from './rules.js';
import { AUTH, codeFlow, discovered, isVerdict, ready } from './setup.js';

export const pkceChecks: AsCheck[] = defineAsChecks(AUTH, [
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
      const found = await discovered(ctx);
      if (isVerdict(found)) return found;
      const methods = found.doc.code_challenge_methods_supported;
      const oidcMissing = found.kind === 'openid' && ctx.in('2025-11-25..') && !Array.isArray(methods);
      return expectDocument(ctx, 'the metadata', found, { expected: 'code_challenge_methods_supported including "S256"', problems: () => (Array.isArray(methods) && methods.includes('S256') ? [] : [`code_challenge_methods_supported ${ctx.brief(methods)}`]) }, oidcMissing ? {} : { doubt: 'clients of this revision refuse to proceed without S256 advertised, but the MCP page states no MUST for an RFC 8414 document here' });
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
      const x = await codeFlow(ctx, 'token');
      if (isVerdict(x)) return x;
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
]);
