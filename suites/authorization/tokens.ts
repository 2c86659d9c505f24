// Tokens after the first: a refresh token the AS issued is honoured by the refresh_token grant.
import { defineAsChecks, type AsCheck } from '../../harness/authorization/check.js';
import type { Json } from '../../harness/rules/json.js';
import { expectHttp, httpExchange } from '../../harness/verify/index.js';
import { tokenIssued, tokenRule } from './rules.js';
import { AUTH, codeFlow, isVerdict } from './setup.js';

export const tokenChecks: AsCheck[] = defineAsChecks(AUTH, [
  {
    id: 'as-token.refresh',
    title: 'A refresh token the AS issued is honoured by the refresh_token grant',
    spec: { url: '#token-handling', level: 'MUST' },
    requirement: 'If valid and authorized, the authorization server issues an access token (RFC 6749 §6; OAuth 2.1 §4.3, which MCP implements).',
    revisions: '2025-03-26..2026-07-28',
    digest: ['AUTH-068'],
    faults: ['as-refresh-broken'],
    run: async (ctx) => {
      const x = await codeFlow(ctx, 'token');
      if (isVerdict(x)) return x;
      if (!tokenIssued(x.token)) return ctx.skip('cannot-set-up', 'the code exchange gave no token, so no refresh token either');
      const refresh = (x.token.json as Json).refresh_token;
      if (typeof refresh !== 'string') return ctx.skip('not-offered', 'the AS issued no refresh token (a client never assumes one)');
      const { meta, client } = x.ready;
      const a = await ctx.use(ctx.as.once('refresh', (log) => ctx.as.token(meta, client, { grant_type: 'refresh_token', refresh_token: refresh }, log)));
      return expectHttp(ctx, httpExchange('a refresh_token grant with the refresh token issued', a), tokenRule);
    },
  },
]);
