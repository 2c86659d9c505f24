// basic/authorization, client side: the authorization request and its response (AUTH-056..058, 064..066): PKCE, state, the
// resource indicator, the scope asked for, redirect URIs, and answers the client must refuse
// (no PKCE advertised, a state or an issuer that is not the one expected).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { createHash } from 'node:crypto';
import { isLocalOrHttps, redirectMatches } from '../../../../harness/client/auth/authorization-server.js';
import { audienceCovers } from '../../../../harness/client/auth/resource-server.js';
import type { AuthView, Exchange } from '../../../../harness/client/auth/view.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { Verdict } from '../../../../harness/checks/check.js';
import { only, since } from '../../../../harness/revisions.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { MODERN_PAGE, authSpec, challengeParams, describeScope, judgeFlow, line, sameSet, scopesOf } from './auth-support.js';
import { AUTH_BASIC } from '../../scenarios/auth-flow.js';
import { AUTH_WELL_KNOWN } from '../../scenarios/auth-discovery.js';
import { AUTH_ISS_MISMATCH, AUTH_NO_PKCE, AUTH_STATE_MISMATCH } from '../../scenarios/auth-refusals.js';

const NO_AUTHORIZATION = 'the client made no authorization request';

/** Runs `judge` on the authorization requests (skips when there are none). */
function onAuthorizations(ctx: ClientCheckContext, judge: (v: AuthView, requests: Exchange[]) => Verdict): Promise<Verdict> {
  return Promise.resolve(
    judgeFlow(ctx, (v) => {
      const requests = v.of('authorize');
      return requests.length ? judge(v, requests) : ctx.skip('not-applicable', NO_AUTHORIZATION);
    }),
  );
}

/** A token request that redeemed a code the AS issued after `authorization`. */
function redeemed(v: AuthView, authorization: Exchange): Exchange | undefined {
  const code = v.grantOf(authorization)?.code;
  return code === undefined ? undefined : v.of('token').find((t) => t.form.get('code') === code);
}

/** The first authorization request asks for exactly `wanted` (the scope selection strategy). */
function firstAsks(ctx: ClientCheckContext, requests: Exchange[], wanted: string[], expected: string): Verdict {
  const [first] = requests as [Exchange];
  const asked = scopesOf(first.query.get('scope'));
  ctx.cite(first.seq);
  return expectNone(ctx, sameSet(asked, wanted) ? [] : [{ text: describeScope(asked), seq: first.seq }], { expected, judged: 1, note: describeScope(asked) });
}

/** A refusal scenario: the client must not redeem any code it got. */
function noRedemption(ctx: ClientCheckContext, why: string): Promise<Verdict> {
  return onAuthorizations(ctx, (v, requests) => {
    const issued = requests.filter((a) => v.grantOf(a));
    if (issued.length === 0) return ctx.skip('nothing-observed', 'the AS issued no code');
    ctx.cite(...issued.map((a) => a.seq));
    const used = issued.flatMap((a) => redeemed(v, a) ?? []).map((t) => ({ text: line(t), seq: t.seq }));
    return expectNone(ctx, used, { expected: `the authorization response discarded (${why}): no token request with its code`, note: `${issued.length} codes, none redeemed` });
  });
}

export const authFlowChecks = defineClientChecks({ page: 'basic/authorization', transports: ['streamable-http'] }, [
  // AUTH-056 (2025-03-26 #implementation-requirements: "PKCE is REQUIRED for all clients";
  // 2025-06-18 on #authorization-code-protection): a code_challenge in every authorization
  // request, and the verifier that matches it in the token request.
  {
    id: 'auth.pkce',
    title: 'Every authorization request carries a PKCE code_challenge, and the token request its matching code_verifier',
    spec: [
      { url: '#implementation-requirements', level: 'MUST' },
      { url: '#authorization-code-protection', level: 'MUST', from: '2025-06-18' },
      { url: `${MODERN_PAGE.security}#authorization-code-protection`, level: 'MUST', from: '2026-07-28' },
    ],
    requirement: 'MCP clients MUST implement PKCE according to OAuth 2.1 Section 7.5.2',
    digest: ['AUTH-056'],
    scenario: AUTH_BASIC,
    revisions: since('2025-03-26'),
    faults: ['auth-pkce-verifier-wrong'],
    async run(ctx) {
      return onAuthorizations(ctx, (v, requests) => {
        // First the challenge in every request (judged even when no code was redeemed), then each redemption's verifier.
        const bare = requests.filter((a) => !a.query.get('code_challenge')).map((a) => ({ text: `${line(a)} has none`, seq: a.seq }));
        if (bare.length) return expectNone(ctx, bare, { expected: 'code_challenge in every authorization request' });
        const checked = requests.map((a) => ({ a, t: redeemed(v, a) })).filter((x): x is { a: Exchange; t: Exchange } => x.t !== undefined);
        const wrong: Violation[] = [];
        for (const { a, t } of checked) {
          const verifier = t.form.get('code_verifier');
          const challenge = a.query.get('code_challenge') ?? '';
          const s256 = a.query.get('code_challenge_method') === 'S256';
          const derived = verifier && (s256 ? createHash('sha256').update(verifier).digest('base64url') : verifier);
          if (derived === challenge) continue;
          ctx.cite(a.seq);
          wrong.push({ text: verifier ? `code_verifier ${verifier} (gives ${derived}) for the code_challenge ${challenge}` : `${line(t)} has no code_verifier`, seq: t.seq });
        }
        return expectNone(ctx, wrong, {
          expected: 'in each token request a code_verifier whose S256 hash (plain: value) is its authorization request\'s code_challenge',
          judged: checked.length,
          note: `${checked.length} code_verifiers matched their code_challenge`,
          nothing: { code: 'nothing-observed', detail: 'the client redeemed no authorization code' },
        });
      });
    },
  },

  // AUTH-056 (2025-11-25 #authorization-code-protection): "MCP clients MUST use the S256 code
  // challenge method when technically capable".
  {
    id: 'auth.pkce-s256',
    title: 'The PKCE code challenge method is S256',
    spec: authSpec('MUST', 'authorization-code-protection', `${MODERN_PAGE.security}#authorization-code-protection`),
    requirement: 'MCP clients MUST use the S256 code challenge method when technically capable, as required by OAuth 2.1 Section 4.1.1.',
    digest: ['AUTH-056'],
    scenario: AUTH_BASIC,
    revisions: since('2025-11-25'),
    faults: ['auth-pkce-plain'],
    async run(ctx) {
      return onAuthorizations(ctx, (_v, requests) => {
        const other = requests.filter((a) => a.query.get('code_challenge_method') !== 'S256');
        const violations = other.map((a) => ({ text: `code_challenge_method ${a.query.get('code_challenge_method') ?? 'absent (plain)'}`, seq: a.seq }));
        return expectNone(ctx, violations, { expected: 'code_challenge_method=S256', judged: requests.length });
      });
    },
  },

  // AUTH-056 (2025-11-25 #authorization-code-protection): "If code_challenge_methods_supported
  // is absent, the authorization server does not support PKCE and MCP clients MUST refuse to
  // proceed."
  {
    id: 'auth.pkce-support-verified',
    title: 'The client does not authorize with an AS whose metadata does not advertise PKCE',
    spec: authSpec('MUST', 'authorization-code-protection', `${MODERN_PAGE.security}#authorization-code-protection`),
    requirement: 'OAuth 2.0 Authorization Server Metadata: If code_challenge_methods_supported is absent, the authorization server does not support PKCE and MCP clients MUST refuse to proceed.',
    digest: ['AUTH-056'],
    scenario: AUTH_NO_PKCE,
    revisions: since('2025-11-25'),
    faults: ['auth-pkce-support-unchecked'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const metadata = v.of('as-metadata').find((e) => e.status === 200);
        if (!metadata) return ctx.skip('nothing-observed', 'the client never obtained the authorization server metadata');
        ctx.cite(metadata.seq);
        const authorizations = v.of('authorize').map((a) => ({ text: line(a), seq: a.seq }));
        return expectNone(ctx, authorizations, { expected: 'no authorization request (the metadata lacks code_challenge_methods_supported)', note: 'no authorization request followed the metadata' });
      });
    },
  },

  // AUTH-065 (2025-06-18 on #open-redirection): "MCP clients SHOULD use and verify state
  // parameters in the authorization code flow".
  {
    id: 'auth.state',
    title: 'Authorization requests carry a state',
    spec: authSpec('SHOULD', 'open-redirection', `${MODERN_PAGE.security}#open-redirection`),
    requirement: 'MCP clients SHOULD use and verify state parameters in the authorization code flow and discard any results that do not include or have a mismatch with the original state.',
    digest: ['AUTH-065'],
    scenario: AUTH_BASIC,
    revisions: since('2025-06-18'),
    faults: ['auth-state-missing'],
    async run(ctx) {
      return onAuthorizations(ctx, (_v, requests) => {
        const bare = requests.filter((a) => !a.query.get('state')).map((a) => ({ text: `${line(a)} has none`, seq: a.seq }));
        return expectNone(ctx, bare, { expected: 'a state parameter in the authorization request', judged: requests.length });
      });
    },
  },

  // AUTH-065: "... and discard any results that do not include or have a mismatch with the
  // original state."
  {
    id: 'auth.state-verified',
    title: 'An authorization response with a state the client did not send is discarded',
    spec: authSpec('SHOULD', 'open-redirection', `${MODERN_PAGE.security}#open-redirection`),
    requirement: 'MCP clients SHOULD use and verify state parameters in the authorization code flow and discard any results that do not include or have a mismatch with the original state.',
    digest: ['AUTH-065'],
    scenario: AUTH_STATE_MISMATCH,
    revisions: since('2025-06-18'),
    faults: ['auth-state-unchecked'],
    run: (ctx) => noRedemption(ctx, 'its state is not the one sent'),
  },

  // AUTH-064 (2026-07-28 #authorization-response-validation): "MCP clients MUST apply the
  // validation in RFC9207 Section 2.4 before transmitting the authorization code to any token
  // endpoint".
  {
    id: 'auth.iss-verified',
    title: 'An authorization response whose iss names another issuer is not redeemed',
    spec: { url: `${MODERN_PAGE.flow}#authorization-response-validation`, level: 'MUST' },
    requirement: 'On receiving the authorization response, MCP clients MUST apply the validation in RFC9207 Section 2.4 before transmitting the authorization code to any token endpoint',
    digest: ['AUTH-064'],
    scenario: AUTH_ISS_MISMATCH,
    revisions: only('2026-07-28'),
    faults: ['auth-iss-unchecked'],
    run: (ctx) => noRedemption(ctx, 'its iss is not the recorded issuer'),
  },

  // AUTH-057 (2025-06-18 on #resource-parameter-implementation): "MUST be included in both
  // authorization requests and token requests" and "MUST identify the MCP server".
  {
    id: 'auth.resource-parameter',
    title: 'Authorization and token requests carry resource (RFC 8707) naming the MCP server',
    spec: authSpec('MUST', 'resource-parameter-implementation', `${MODERN_PAGE.flow}#resource-parameter-implementation`),
    requirement: 'MUST be included in both authorization requests and token requests.',
    fix: 'Send resource=<the MCP server URL> in the authorization request and in the token request.',
    digest: ['AUTH-057'],
    scenario: AUTH_BASIC,
    revisions: since('2025-06-18'),
    faults: ['auth-resource-missing-in-token-request'],
    async run(ctx) {
      return onAuthorizations(ctx, (v, requests) => {
        const all = [...requests, ...v.of('token')];
        const violations: Violation[] = [];
        for (const e of all) {
          const value = e.role === 'token' ? e.form.get('resource') : e.query.get('resource');
          const what = e.role === 'token' ? 'token request' : 'authorization request';
          if (value === null || !audienceCovers(value, v.trace.mcpUrl)) violations.push({ text: value === null ? `a ${what} without resource` : `a ${what} with resource=${value}`, seq: e.seq });
        }
        return expectNone(ctx, violations, { expected: `resource=${v.trace.mcpUrl} in every authorization and token request`, judged: all.length });
      });
    },
  },

  // AUTH-057 (2025-06-18 on #canonical-server-uri): "MCP clients SHOULD provide the most
  // specific URI that they can for the MCP server they intend to access" (and without a trailing
  // slash unless it is significant).
  {
    id: 'auth.resource-canonical',
    title: 'The resource indicator is the MCP server URL itself (the most specific URI, no trailing slash added)',
    spec: authSpec('SHOULD', 'canonical-server-uri', `${MODERN_PAGE.flow}#canonical-server-uri`),
    requirement: 'MCP clients SHOULD provide the most specific URI that they can for the MCP server they intend to access, following the guidance in RFC 8707.',
    digest: ['AUTH-057'],
    scenario: AUTH_BASIC,
    revisions: since('2025-06-18'),
    faults: ['auth-resource-origin-only'],
    async run(ctx) {
      return onAuthorizations(ctx, (v, requests) => {
        const values = [...requests.map((e) => ({ e, r: e.query.get('resource') })), ...v.of('token').map((e) => ({ e, r: e.form.get('resource') }))];
        const judged = values.filter((x): x is { e: Exchange; r: string } => x.r !== null);
        const other = judged.filter((x) => x.r !== v.trace.mcpUrl).map((x) => ({ text: `resource=${x.r}`, seq: x.e.seq }));
        return expectNone(ctx, other, {
          expected: `resource=${v.trace.mcpUrl} (the server's URL, as its protected resource metadata states)`,
          judged: judged.length,
          nothing: { code: 'nothing-observed', detail: 'the client sent no resource parameter' },
        });
      });
    },
  },

  // AUTH-058 (2025-11-25 #scope-selection-strategy): "Use scope parameter from the initial
  // WWW-Authenticate header in the 401 response, if provided".
  {
    id: 'auth.scope-from-challenge',
    title: 'The first authorization asks for the scope of the 401 challenge',
    spec: authSpec('SHOULD', 'scope-selection-strategy', `${MODERN_PAGE.flow}#scope-selection-strategy`),
    requirement: 'Use scope parameter from the initial WWW-Authenticate header in the 401 response, if provided',
    digest: ['AUTH-058'],
    scenario: AUTH_BASIC,
    revisions: since('2025-11-25'),
    faults: ['auth-scope-challenge-ignored'],
    async run(ctx) {
      return onAuthorizations(ctx, (v, requests) => {
        const wanted = scopesOf(challengeParams(v.firstChallenge).scope);
        return firstAsks(ctx, requests, wanted, `${describeScope(wanted)} (the challenge's)`);
      });
    },
  },

  // AUTH-058: "If scope is not available, use all scopes defined in scopes_supported from the
  // Protected Resource Metadata document".
  {
    id: 'auth.scope-from-resource-metadata',
    title: 'Without a challenge scope, the first authorization asks for all of scopes_supported',
    spec: authSpec('SHOULD', 'scope-selection-strategy', `${MODERN_PAGE.flow}#scope-selection-strategy`),
    requirement: 'If scope is not available, use all scopes defined in scopes_supported from the Protected Resource Metadata document, omitting the scope parameter if scopes_supported is undefined.',
    digest: ['AUTH-058'],
    scenario: AUTH_WELL_KNOWN,
    revisions: since('2025-11-25'),
    faults: ['auth-scope-metadata-ignored'],
    async run(ctx) {
      return onAuthorizations(ctx, (v, requests) => {
        const wanted = [...(v.trace.profile.prm.scopes ?? [])];
        return firstAsks(ctx, requests, wanted, `${describeScope(wanted)} (scopes_supported of the resource metadata)`);
      });
    },
  },

  // AUTH-066 (2025-03-26 #security-considerations; 2025-06-18 on #communication-security):
  // "All redirect URIs MUST be either localhost or use HTTPS."
  {
    id: 'auth.redirect-uri-local',
    title: 'Redirect URIs are localhost (loopback) or https',
    spec: [
      { url: '#security-considerations', level: 'MUST' },
      { url: '#communication-security', level: 'MUST', from: '2025-06-18' },
      { url: `${MODERN_PAGE.security}#communication-security`, level: 'MUST', from: '2026-07-28' },
    ],
    requirement: 'All redirect URIs MUST be either localhost or use HTTPS.',
    digest: ['AUTH-066'],
    scenario: AUTH_BASIC,
    revisions: since('2025-03-26'),
    faults: ['auth-redirect-uri-remote'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const uris: { e: Exchange; uri: string }[] = [];
        for (const e of v.of('authorize')) uris.push({ e, uri: e.query.get('redirect_uri') ?? '' });
        for (const e of v.of('register')) for (const uri of Array.isArray(e.json?.redirect_uris) ? e.json.redirect_uris : []) uris.push({ e, uri: String(uri) });
        const bad = uris.filter((u) => !isLocalOrHttps(u.uri)).map((u) => ({ text: `${u.uri} in ${line(u.e)}`, seq: u.e.seq }));
        return expectNone(ctx, bad, {
          expected: 'http://localhost, http://127.0.0.1 or https redirect URIs',
          judged: uris.length,
          nothing: { code: 'nothing-observed', detail: 'the client sent no redirect URI' },
        });
      });
    },
  },

  // AUTH-066 (2025-06-18 on #open-redirection): "MCP clients MUST have redirect URIs
  // registered with the authorization server."
  {
    id: 'auth.redirect-uri-registered',
    title: 'The authorization request\'s redirect_uri is one the client registered',
    spec: authSpec('MUST', 'open-redirection', `${MODERN_PAGE.security}#open-redirection`),
    requirement: 'MCP clients MUST have redirect URIs registered with the authorization server.',
    digest: ['AUTH-066'],
    scenario: AUTH_BASIC,
    revisions: since('2025-06-18'),
    faults: ['auth-redirect-uri-unregistered'],
    async run(ctx) {
      return onAuthorizations(ctx, (v, requests) => {
        const judged = requests.filter((a) => v.trace.clients.get(a.query.get('client_id') ?? '')?.how === 'dynamic');
        const violations: Violation[] = [];
        for (const a of judged) {
          const client = v.trace.clients.get(a.query.get('client_id') ?? '');
          const uri = a.query.get('redirect_uri') ?? '';
          if (client && !client.redirectUris.some((r) => redirectMatches(r, uri))) violations.push({ text: `redirect_uri ${uri || '(none)'} (registered: ${client.redirectUris.join(', ')})`, seq: a.seq });
        }
        return expectNone(ctx, violations, {
          expected: 'a redirect_uri among those the client registered (a loopback one on any port)',
          judged: judged.length,
          nothing: { code: 'nothing-observed', detail: 'no authorization request used a dynamically registered client' },
        });
      });
    },
  },
]);
