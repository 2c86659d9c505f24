// Resource indicators (RFC 8707): a token asked for the MCP server is for it (its audience), or
// the request is refused with invalid_target.
import { defineAsChecks, type AsCheck } from '../../harness/authorization/check.js';
import { noCode } from '../../harness/authorization/flow.js';
import { isObject, type Json } from '../../harness/rules/json.js';
import { expectHttp, httpExchange, ownJudgement, type HttpAnswer } from '../../harness/verify/index.js';
import { jwtClaims, oauthErrorRule, tokenIssued } from './rules.js';
import { AUTH, isVerdict, ready } from './setup.js';

export const resourceChecks: AsCheck[] = defineAsChecks(AUTH, [
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
]);
