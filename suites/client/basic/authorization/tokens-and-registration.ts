// basic/authorization, client side: tokens and registration (AUTH-050, 059..062, 067): the token only in the Authorization
// header, on every request, and to no other origin; step-up on 403 insufficient_scope; how the
// client got its client ID (metadata document, pre-registration, dynamic registration).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { isMetadataDocumentUrl } from '../../../../harness/client/auth/authorization-server.js';
import type { Exchange } from '../../../../harness/client/auth/view.js';
import { only, since } from '../../../../harness/revisions.js';
import { expectNone, ownJudgement, type Violation } from '../../../../harness/verify/index.js';
import { MODERN_PAGE, authSpec, challengeParams, describeScope, judgeFlow, line, orderVerdict, scopesOf } from './auth-support.js';
import { AUTH_MIGRATION } from '../../scenarios/auth-discovery.js';
import { AUTH_BASIC } from '../../scenarios/auth-flow.js';
import { AUTH_CIMD, AUTH_PRE_REGISTRATION, PRE_REGISTERED } from '../../scenarios/auth-registration.js';
import { ADMIN_TOOL, AUTH_STEP_UP, WRITE_TOOL } from '../../scenarios/auth-scopes.js';

/** "no more than a few times" (#step-up-authorization-flow): more re-authorizations than this for one operation. */
const MAX_STEP_UPS = 3;

/** Why step-up-bounded judges itself: its rule is a count of re-authorizations for one failing call. */
const WHY_COUNT = 'a count of re-authorizations for one operation that keeps failing';
/** Why pre-registered-client judges itself: the client ID it presents and the AS's verdict on its secret, in turn. */
const WHY_CREDENTIALS = 'the pre-registered client ID in the authorization request, then the AS accepting its secret at the token endpoint';

const toolOf = (e: Exchange): unknown => (e.json?.method === 'tools/call' ? (e.json.params as { name?: unknown } | undefined)?.name : undefined);
const clientIdOf = (e: Exchange): string | undefined => e.query.get('client_id') ?? e.form.get('client_id') ?? undefined;
/** The client ID of `Authorization: Basic` (token requests of confidential clients). */
function basicClientId(e: Exchange): string | undefined {
  const m = /^basic\s+(\S+)/i.exec(e.headers.authorization ?? '');
  const text = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
  return text.includes(':') ? decodeURIComponent(text.slice(0, text.indexOf(':'))) : undefined;
}
/** Looks like a URL (has a scheme): a client ID meant as a metadata document. */
const urlLike = (id: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(id);

export const authTokenChecks = defineClientChecks({ page: 'basic/authorization', transports: ['streamable-http'] }, [
  // AUTH-050 (#token-requirements): "authorization MUST be included in every HTTP request from
  // client to server, even if they are part of the same logical session."
  {
    id: 'auth.bearer-every-request',
    title: 'Once authorized, every request to the MCP server carries Authorization: Bearer with the access token',
    spec: authSpec('MUST', 'token-requirements', `${MODERN_PAGE.flow}#token-requirements`),
    requirement: 'authorization MUST be included in every HTTP request from client to server',
    digest: ['AUTH-050'],
    scenario: AUTH_BASIC,
    revisions: since('2025-03-26'),
    faults: ['auth-token-missing-on-tool-call'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const first = v.firstAuthorized;
        if (!first) return ctx.skip('nothing-observed', 'the client never sent an access token the AS issued');
        ctx.cite(first.seq);
        const judged = v.exchanges.filter((e) => e.role === 'mcp' && e.seq >= first.seq);
        const bare = judged.filter((e) => !v.trace.token(e.bearer)).map((e) => ({ text: `${line(e)} with ${e.headers.authorization === undefined ? 'no Authorization header' : `Authorization: ${e.headers.authorization.slice(0, 60)}`}`, seq: e.seq }));
        return expectNone(ctx, bare, { expected: 'Authorization: Bearer <the access token> on every request to the MCP server', judged: judged.length, note: `${judged.length} requests carried an issued token` });
      });
    },
  },

  // AUTH-050 (#token-requirements): "Access tokens MUST NOT be included in the URI query string".
  {
    id: 'auth.token-not-in-query',
    title: 'The access token never appears in a URL query string',
    spec: authSpec('MUST', 'token-requirements', `${MODERN_PAGE.flow}#token-requirements`),
    requirement: 'Access tokens MUST NOT be included in the URI query string',
    digest: ['AUTH-050'],
    scenario: AUTH_BASIC,
    revisions: since('2025-03-26'),
    faults: ['auth-token-in-query'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        if (v.trace.tokens.length === 0) return ctx.skip('nothing-observed', 'the AS issued no access token');
        const leaks = v.exchanges
          .filter((e) => e.query.has('access_token') || v.trace.tokens.some((t) => e.url.search.includes(t.token)))
          .map((e) => ({ text: `${e.method} ${e.url.origin}${e.url.pathname}?… carries it in the query`, seq: e.seq }));
        return expectNone(ctx, leaks, { expected: 'the token only in the Authorization header', judged: v.exchanges.length, note: `${v.exchanges.length} requests, no token in a query` });
      });
    },
  },

  // AUTH-067 / RFC 6750 §5.3 (#token-theft): "Clients and servers MUST implement secure token
  // storage and follow OAuth best practices": a token issued for the MCP server goes to no
  // other party, here the AS on its own origin.
  {
    id: 'auth.token-stays-with-resource',
    title: 'The access token is never sent to another origin (the authorization server\'s)',
    spec: authSpec('MUST', 'token-theft', `${MODERN_PAGE.security}#token-theft`),
    requirement: 'Clients and servers MUST implement secure token storage and follow OAuth best practices, as outlined in OAuth 2.1, Section 7.1.',
    digest: ['AUTH-067'],
    scenario: AUTH_STEP_UP,
    revisions: since('2025-11-25'),
    faults: ['auth-token-sent-to-authorization-server'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const first = v.trace.tokens[0];
        if (!first) return ctx.skip('nothing-observed', 'the AS issued no access token');
        const later = v.exchanges.filter((e) => e.at === 'as-origin' && e.seq > first.seq);
        if (later.length === 0) return ctx.skip('nothing-observed', 'the client did not talk to the AS again once it had a token');
        const tokens = v.trace.tokens.map((t) => t.token);
        const leaks = later
          .filter((e) => tokens.some((t) => Object.values(e.headers).some((h) => h.includes(t)) || e.href.includes(t) || e.form.toString().includes(t) || JSON.stringify(e.json ?? {}).includes(t)))
          .map((e) => ({ text: `${line(e)} carries it`, seq: e.seq }));
        return expectNone(ctx, leaks, { expected: `the access token only on requests to the MCP server (${new URL(v.trace.mcpUrl).origin})`, judged: later.length, note: `${later.length} later requests to the AS, none with the token` });
      });
    },
  },

  // AUTH-067 (2025-06-18 on #token-handling): "MCP clients MUST NOT send tokens to the MCP
  // server other than ones issued by the MCP server's authorization server." Once the server
  // refused a token and its metadata names another AS, a token of the first AS is not its AS's.
  {
    id: 'auth.token-from-current-as',
    title: 'After the server moves to another AS, the client sends only that AS\'s tokens',
    spec: authSpec('MUST', 'token-handling', `${MODERN_PAGE.flow}#token-handling`),
    requirement: 'MCP clients MUST NOT send tokens to the MCP server other than ones issued by the MCP server\'s authorization server.',
    fix: 'On a 401 while holding a token, discover again (the protected resource metadata may name another AS) before authorizing.',
    digest: ['AUTH-067'],
    scenario: AUTH_MIGRATION,
    revisions: since('2025-06-18'),
    faults: ['auth-discovery-reused'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const moved = v.trace.migratedAt;
        if (moved === undefined) return ctx.skip('nothing-observed', 'the client never reached the point where the server moved to another AS');
        ctx.cite(moved);
        // The refused token may still go out on requests already under way; a token the client
        // went back to the old AS for, after the refusal, is the break.
        const stale: Violation[] = [];
        for (const e of v.exchanges) {
          const t = v.trace.token(e.bearer);
          if (e.role !== 'mcp' || t === undefined || t.issuer === v.trace.nextIssuer || t.seq <= moved) continue;
          ctx.cite(t.seq);
          stale.push({ text: `${line(e)} with a token obtained from ${t.issuer} after the refusal`, seq: e.seq });
        }
        return expectNone(ctx, stale, { expected: `after the 401, tokens of ${v.trace.nextIssuer ?? 'the new AS'} (the AS the metadata now names)`, note: 'no token of the old AS obtained after the refusal was sent' });
      });
    },
  },

  // AUTH-063 (2026-07-28 client-registration#authorization-server-binding): "When the
  // authorization server changes ..., clients MUST NOT reuse client credentials from a different
  // authorization server and MUST re-register with the new authorization server."
  {
    id: 'auth.credentials-per-issuer',
    title: 'Client credentials of one AS are not presented to another',
    spec: { url: `${MODERN_PAGE.registration}#authorization-server-binding`, level: 'MUST' },
    requirement: 'When the authorization server changes (detected via updated protected resource metadata), clients MUST NOT reuse client credentials from a different authorization server and MUST re-register with the new authorization server.',
    digest: ['AUTH-063'],
    scenario: AUTH_MIGRATION,
    revisions: only('2026-07-28'),
    faults: ['auth-credentials-reused-across-issuers'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const next = v.trace.nextIssuer;
        if (v.trace.migratedAt === undefined || !next) return ctx.skip('nothing-observed', 'the client never reached the point where the server moved to another AS');
        const atNext = v.exchanges.filter((e) => (e.role === 'authorize' || e.role === 'token') && e.href.startsWith(`${next}/`));
        const foreign = atNext
          .filter((e) => {
            const client = v.trace.clients.get(clientIdOf(e) ?? basicClientId(e) ?? '');
            return client !== undefined && client.how !== 'metadata-document' && client.issuer !== next;
          })
          .map((e) => ({ text: `${line(e)} presents client_id ${clientIdOf(e) ?? basicClientId(e) ?? ''}, registered with ${v.trace.issuer}`, seq: e.seq }));
        return expectNone(ctx, foreign, {
          expected: `a client registered with ${next}`,
          judged: atNext.length,
          nothing: { code: 'not-applicable', detail: `the client made no authorization or token request to ${next}` },
        });
      });
    },
  },

  // AUTH-059 (2025-11-25 #step-up-authorization-flow): "Clients acting on behalf of a user
  // SHOULD attempt the step-up authorization flow."
  {
    id: 'auth.step-up',
    title: 'On 403 insufficient_scope the client re-authorizes with the challenged scope and retries',
    spec: authSpec('SHOULD', 'step-up-authorization-flow', `${MODERN_PAGE.flow}#step-up-authorization-flow`),
    requirement: 'Clients acting on behalf of a user SHOULD attempt the step-up authorization flow.',
    digest: ['AUTH-059'],
    scenario: AUTH_STEP_UP,
    revisions: since('2025-11-25'),
    faults: ['auth-step-up-missing'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const refused = v.exchanges.find((e) => e.role === 'mcp' && e.status === 403 && toolOf(e) === WRITE_TOOL);
        if (!refused) return ctx.skip('not-applicable', `the client never called ${WRITE_TOOL} with a token lacking its scope`);
        ctx.cite(refused.seq);
        const challenged = scopesOf(challengeParams(refused).scope);
        const again = v.of('authorize').find((a) => a.seq > refused.seq);
        if (!again) return orderVerdict(ctx, { expected: `a new authorization request with ${describeScope(challenged)} after the 403`, actual: 'none' });
        ctx.cite(again.seq);
        const asked = scopesOf(again.query.get('scope'));
        if (!challenged.every((s) => asked.includes(s))) return orderVerdict(ctx, { expected: `the new authorization asks for ${describeScope(challenged)}`, actual: describeScope(asked) });
        const retried = v.exchanges.find((e) => e.seq > again.seq && toolOf(e) === WRITE_TOOL && v.trace.token(e.bearer)?.scopes.some((s) => challenged.includes(s)));
        if (!retried) return orderVerdict(ctx, { expected: `${WRITE_TOOL} retried with the new token`, actual: 'no retry' });
        ctx.cite(retried.seq);
        return orderVerdict(ctx, undefined, `re-authorized with ${describeScope(asked)}, then ${line(retried)}`);
      });
    },
  },

  // AUTH-059 (2026-07-28 #step-up-authorization-flow): "Determine required scopes by computing
  // the union of the client's previously requested scope set and the scopes from the current
  // challenge."
  {
    id: 'auth.step-up-scope-union',
    title: 'The step-up authorization asks for the earlier scopes and the challenged ones together',
    spec: { url: `${MODERN_PAGE.flow}#step-up-authorization-flow`, level: 'SHOULD' },
    requirement: 'Determine required scopes by computing the union of the client\'s previously requested scope set and the scopes from the current challenge.',
    digest: ['AUTH-059'],
    scenario: AUTH_STEP_UP,
    revisions: only('2026-07-28'),
    faults: ['auth-step-up-scope-replaced'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const refused = v.exchanges.find((e) => e.role === 'mcp' && e.status === 403 && toolOf(e) === WRITE_TOOL);
        const before = refused && v.of('authorize').filter((a) => a.seq < refused.seq).at(-1);
        const again = refused && v.of('authorize').find((a) => a.seq > refused.seq);
        if (!refused || !before || !again) return ctx.skip('nothing-observed', 'no re-authorization after a 403 insufficient_scope');
        ctx.cite(before.seq, refused.seq, again.seq);
        const wanted = [...new Set([...scopesOf(before.query.get('scope')), ...scopesOf(challengeParams(refused).scope)])];
        const asked = scopesOf(again.query.get('scope'));
        const missing = wanted.every((s) => asked.includes(s)) ? [] : [{ text: describeScope(asked), seq: again.seq }];
        return expectNone(ctx, missing, { expected: `${describeScope(wanted)} (earlier scopes and the challenge's)`, judged: 1, note: describeScope(asked) });
      });
    },
  },

  // AUTH-059 (#step-up-authorization-flow): "Clients SHOULD implement retry limits and SHOULD
  // track scope upgrade attempts to avoid repeated failures for the same resource and operation
  // combination."
  {
    id: 'auth.step-up-bounded',
    title: 'Step-up for an operation that keeps failing stops after a few attempts',
    spec: authSpec('SHOULD', 'step-up-authorization-flow', `${MODERN_PAGE.flow}#step-up-authorization-flow`),
    requirement: 'Clients SHOULD implement retry limits and SHOULD track scope upgrade attempts to avoid repeated failures for the same resource and operation combination.',
    digest: ['AUTH-059'],
    scenario: AUTH_STEP_UP,
    revisions: since('2025-11-25'),
    faults: ['auth-step-up-unbounded'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const refusals = v.exchanges.filter((e) => e.role === 'mcp' && e.status === 403 && toolOf(e) === ADMIN_TOOL);
        const first = refusals[0];
        if (!first) return ctx.skip('not-applicable', `the client never called ${ADMIN_TOOL} (it needs a scope the AS never grants)`);
        const attempts = v.of('authorize').filter((a) => a.seq > first.seq && scopesOf(a.query.get('scope')).includes('mcp:admin'));
        const note = `${attempts.length} re-authorizations for ${ADMIN_TOOL} (${refusals.length} refusals)`;
        if (attempts.length <= MAX_STEP_UPS) return ownJudgement(ctx, { note }, WHY_COUNT);
        ctx.cite(first.seq, ...attempts.map((a) => a.seq));
        return ownJudgement(ctx, { broken: { expected: `at most ${MAX_STEP_UPS} re-authorizations for the same failing call`, actual: `${attempts.length} authorization requests for ${ADMIN_TOOL} (${refusals.length} refusals)` } }, WHY_COUNT);
      });
    },
  },

  // AUTH-060 (2025-11-25 #client-registration-approaches): "Use Client ID Metadata Documents if
  // the Authorization Server indicates if the server supports it".
  {
    id: 'auth.metadata-document-preferred',
    title: 'With client_id_metadata_document_supported, the client uses a metadata document URL instead of dynamic registration',
    spec: authSpec('SHOULD', 'client-registration-approaches', MODERN_PAGE.registration),
    requirement: 'Clients supporting all options SHOULD follow the following priority order: 1. Use pre-registered client information for the server if the client has it available 2. Use Client ID Metadata Documents if the Authorization Server indicates if the server supports it',
    digest: ['AUTH-060'],
    scenario: AUTH_CIMD,
    revisions: since('2025-11-25'),
    faults: ['auth-metadata-document-ignored'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const registrations = v.of('register').map((e) => ({ text: `dynamic registration: ${line(e)}`, seq: e.seq }));
        if (registrations.length) return expectNone(ctx, registrations, { expected: 'an https client ID (metadata document), as the AS advertises client_id_metadata_document_supported' });
        const authorization = v.of('authorize')[0];
        if (!authorization) return ctx.skip('nothing-observed', 'the client made no authorization request');
        ctx.cite(authorization.seq);
        const id = clientIdOf(authorization) ?? '';
        return expectNone(ctx, urlLike(id) ? [] : [{ text: `client_id ${JSON.stringify(id)}`, seq: authorization.seq }], { expected: 'an https client ID (metadata document)', judged: 1, note: `client_id ${id}` });
      });
    },
  },

  // AUTH-061 (2025-11-25 #implementation-requirements): "The client_id URL MUST use the "https"
  // scheme and contain a path component".
  {
    id: 'auth.metadata-document-client-id',
    title: 'A client ID metadata document URL is https and has a path',
    spec: authSpec('MUST', 'implementation-requirements', `${MODERN_PAGE.registration}#implementation-requirements`),
    requirement: 'The client_id URL MUST use the "https" scheme and contain a path component, e.g. https://example.com/client.json',
    digest: ['AUTH-061'],
    scenario: AUTH_CIMD,
    revisions: since('2025-11-25'),
    faults: ['auth-metadata-document-client-id-http'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const used = [...v.of('authorize'), ...v.of('token')].filter((e) => urlLike(clientIdOf(e) ?? ''));
        const bad = used.filter((e) => !isMetadataDocumentUrl(clientIdOf(e) ?? '')).map((e) => ({ text: `client_id ${clientIdOf(e) ?? ''}`, seq: e.seq }));
        return expectNone(ctx, bad, {
          expected: 'an https client_id URL with a path',
          judged: used.length,
          nothing: { code: 'nothing-observed', detail: 'the client used no client ID metadata document' },
        });
      });
    },
  },

  // AUTH-060 (2025-11-25 #preregistration): "MCP clients SHOULD support an option for static
  // client credentials such as those supplied by a preregistration flow."
  {
    id: 'auth.pre-registered-client',
    title: 'The client uses the pre-registered client ID and secret it was given',
    spec: authSpec('SHOULD', 'preregistration', `${MODERN_PAGE.registration}#pre-registration`),
    requirement: 'MCP clients SHOULD support an option for static client credentials such as those supplied by a preregistration flow.',
    fix: 'Accept a configured client_id/client_secret (the official suite hands them out in MCP_CONFORMANCE_CONTEXT) and use them when the AS offers no registration.',
    digest: ['AUTH-060'],
    scenario: AUTH_PRE_REGISTRATION,
    revisions: since('2025-11-25'),
    faults: ['auth-pre-registration-ignored'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        if (!v.of('as-metadata').some((e) => e.status === 200)) return ctx.skip('nothing-observed', 'the client never obtained the authorization server metadata');
        const expected = `client_id ${PRE_REGISTERED.clientId} (from MCP_CONFORMANCE_CONTEXT) in the authorization request`;
        const authorization = v.of('authorize')[0];
        if (!authorization) return ownJudgement(ctx, { broken: { expected, actual: 'no authorization request (the AS offers no registration)' } }, WHY_CREDENTIALS);
        ctx.cite(authorization.seq);
        if (clientIdOf(authorization) !== PRE_REGISTERED.clientId) return ownJudgement(ctx, { broken: { expected, actual: `client_id ${JSON.stringify(clientIdOf(authorization))}` } }, WHY_CREDENTIALS);
        const rejected = v.of('token').find((t) => t.status === 401);
        if (!rejected) return ownJudgement(ctx, { note: `client_id ${PRE_REGISTERED.clientId}, its secret accepted` }, WHY_CREDENTIALS);
        ctx.cite(rejected.seq);
        return ownJudgement(ctx, { broken: { expected: 'the token request authenticated with the pre-registered secret', actual: `${line(rejected)} was refused: invalid_client` } }, WHY_CREDENTIALS);
      });
    },
  },

  // AUTH-062 (2026-07-28 client-registration#application-type-and-redirect-uri-constraints):
  // "MCP clients MUST specify an appropriate application_type during Dynamic Client Registration."
  {
    id: 'auth.registration-application-type',
    title: 'Dynamic client registration states application_type',
    spec: { url: `${MODERN_PAGE.registration}#application-type-and-redirect-uri-constraints`, level: 'MUST' },
    requirement: 'MCP clients MUST specify an appropriate application_type during Dynamic Client Registration.',
    fix: 'Send "application_type": "native" (desktop, CLI, localhost redirects) or "web" in the registration request.',
    digest: ['AUTH-062'],
    scenario: AUTH_BASIC,
    revisions: only('2026-07-28'),
    faults: ['auth-registration-application-type-missing'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const registrations = v.of('register').filter((e) => e.method === 'POST');
        const bad = registrations
          .filter((e) => e.json?.application_type !== 'native' && e.json?.application_type !== 'web')
          .map((e) => ({ text: `application_type ${JSON.stringify(e.json?.application_type) ?? 'absent'}`, seq: e.seq }));
        return expectNone(ctx, bad, {
          expected: 'application_type "native" or "web" in the registration request',
          judged: registrations.length,
          nothing: { code: 'nothing-observed', detail: 'the client did not register dynamically' },
        });
      });
    },
  },
]);
