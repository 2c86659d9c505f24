// AUTH-068 (2026-07-28 #refresh-tokens): "MUST NOT assume refresh tokens will be issued". The
// scenario's AS issues none and its first access token expires early (401 invalid_token): a
// refresh_token grant then uses a refresh token the client was never given (the break); no new
// authorization after the expiry is a warning (the client may have stopped for its own reasons).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { only } from '../../../../harness/revisions.js';
import { expectNoneOrDoubt, type MaybeViolation } from '../../../../harness/verify/index.js';
import { MODERN_PAGE, judgeFlow, line } from './auth-support.js';
import { AUTH_TOKEN_EXPIRY } from '../../scenarios/auth-token-expiry.js';

export const authRefreshChecks = defineClientChecks({ page: 'basic/authorization', transports: ['streamable-http'] }, [
  {
    id: 'auth.no-refresh-token-assumed',
    title: 'Without a refresh_token, an expired access token leads to a new authorization, never a refresh_token grant',
    spec: { url: `${MODERN_PAGE.flow}#refresh-tokens`, level: 'MUST' },
    requirement: 'MCP Clients that desire refresh tokens: ... MUST NOT assume refresh tokens will be issued; the AS retains discretion',
    fix: 'Use the refresh_token grant only with a refresh_token the token response returned; without one, run the authorization code flow again when the access token is refused.',
    digest: ['AUTH-068'],
    scenario: AUTH_TOKEN_EXPIRY,
    revisions: only('2026-07-28'),
    faults: ['auth-refresh-token-assumed'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const expired = v.trace.expiredAt;
        if (expired === undefined) return ctx.skip('nothing-observed', 'the client never used its first access token past its lifetime (no 401 invalid_token for expiry)');
        ctx.cite(expired);
        // The scripted AS never issues a refresh_token: every refresh_token grant assumed one.
        const violations: MaybeViolation[] = v
          .of('token')
          .filter((t) => t.form.get('grant_type') === 'refresh_token')
          .map((t) => ({ text: `${line(t)}: grant_type=refresh_token with refresh_token ${JSON.stringify(t.form.get('refresh_token') ?? '')}, none ever issued`, seq: t.seq }));
        const again = v.of('authorize').find((a) => a.seq > expired);
        if (again) ctx.cite(again.seq);
        else violations.push({ text: 'no new authorization request after the 401 invalid_token', doubt: 'the client did not authorize again once its token expired; it may have stopped for reasons of its own (a user who declined), so this is not sure to be an assumed refresh token' });
        return expectNoneOrDoubt(ctx, violations, {
          expected: 'after the 401 invalid_token (expired), a new authorization request and no refresh_token grant (the AS issued no refresh_token)',
          note: `re-authorized after the expiry: ${again ? line(again) : ''}`,
        });
      });
    },
  },
]);
