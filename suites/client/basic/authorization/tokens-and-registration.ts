// basic/authorization, client side: tokens and registration (AUTH-050, 059..062, 067): the token only in the Authorization
// header, on every request, and to no other origin; step-up on 403 insufficient_scope; how the
// client got its client ID (metadata document, pre-registration, dynamic registration).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { isMetadataDocumentUrl } from '../../../../harness/client/auth/authorization-server.js';
import type { Exchange } from '../../../../harness/client/auth/view.js';
import { only, since } from '../../../../harness/revisions.js';
import { MODERN_PAGE, authSpec, challengeParams, describeScope, judgeFlow, line, scopesOf } from './auth-support.js';
import { AUTH_MIGRATION } from '../../scenarios/auth-discovery.js';
import { AUTH_BASIC } from '../../scenarios/auth-flow.js';
import { AUTH_CIMD, AUTH_PRE_REGISTRATION, PRE_REGISTERED } from '../../scenarios/auth-registration.js';
import { ADMIN_TOOL, AUTH_STEP_UP, WRITE_TOOL } from '../../scenarios/auth-scopes.js';

/** "no more than a few times" (#step-up-authorization-flow): more re-authorizations than this for one operation. */
const MAX_STEP_UPS = 3;

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
        const bare = v.exchanges.find((e) => e.role === 'mcp' && e.seq > first.seq && !v.trace.token(e.bearer));
        if (!bare) return ctx.pass();
        ctx.cite(bare.seq);
        return ctx.fail({ expected: 'Authorization: Bearer <the access token> on every request to the MCP server', actual: `${line(bare)} with ${bare.headers.authorization === undefined ? 'no Authorization header' : `Authorization: ${bare.headers.authorization.slice(0, 60)}`}` });
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
        const leak = v.exchanges.find((e) => e.query.has('access_token') || v.trace.tokens.some((t) => e.url.search.includes(t.token)));
        if (!leak) return ctx.pass();
        ctx.cite(leak.seq);
        return ctx.fail({ expected: 'the token only in the Authorization header', actual: `${leak.method} ${leak.url.origin}${leak.url.pathname}?… carries it in the query` });
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
        const leak = later.find((e) => tokens.some((t) => Object.values(e.headers).some((h) => h.includes(t)) || e.href.includes(t) || e.form.toString().includes(t) || JSON.stringify(e.json ?? {}).includes(t)));
        if (!leak) return ctx.pass();
        ctx.cite(leak.seq);
        return ctx.fail({ expected: `the access token only on requests to the MCP server (${new URL(v.trace.mcpUrl).origin})`, actual: `${line(leak)} carries it` });
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
        const stale = v.exchanges.find((e) => {
          const t = v.trace.token(e.bearer);
          return e.role === 'mcp' && t !== undefined && t.issuer !== v.trace.nextIssuer && t.seq > moved;
        });
        if (!stale) return ctx.pass();
        ctx.cite(stale.seq, v.trace.token(stale.bearer)?.seq ?? 0);
        return ctx.fail({ expected: `after the 401, tokens of ${v.trace.nextIssuer ?? 'the new AS'} (the AS the metadata now names)`, actual: `${line(stale)} with a token obtained from ${v.trace.token(stale.bearer)?.issuer ?? '?'} after the refusal` });
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
        if (atNext.length === 0) return ctx.skip(`the client made no authorization or token request to ${next}`);
        const foreign = atNext.find((e) => {
          const client = v.trace.clients.get(clientIdOf(e) ?? basicClientId(e) ?? '');
          return client !== undefined && client.how !== 'metadata-document' && client.issuer !== next;
        });
        if (!foreign) return ctx.pass();
        ctx.cite(foreign.seq);
        return ctx.fail({ expected: `a client registered with ${next}`, actual: `${line(foreign)} presents client_id ${clientIdOf(foreign) ?? basicClientId(foreign) ?? ''}, registered with ${v.trace.issuer}` });
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
        if (!refused) return ctx.skip(`the client never called ${WRITE_TOOL} with a token lacking its scope`);
        ctx.cite(refused.seq);
        const challenged = scopesOf(challengeParams(refused).scope);
        const again = v.of('authorize').find((a) => a.seq > refused.seq);
        if (!again) return ctx.fail({ expected: `a new authorization request with ${describeScope(challenged)} after the 403`, actual: 'none' });
        ctx.cite(again.seq);
        const asked = scopesOf(again.query.get('scope'));
        if (!challenged.every((s) => asked.includes(s))) return ctx.fail({ expected: `the new authorization asks for ${describeScope(challenged)}`, actual: describeScope(asked) });
        const retried = v.exchanges.find((e) => e.seq > again.seq && toolOf(e) === WRITE_TOOL && v.trace.token(e.bearer)?.scopes.some((s) => challenged.includes(s)));
        if (!retried) return ctx.fail({ expected: `${WRITE_TOOL} retried with the new token`, actual: 'no retry' });
        return ctx.pass();
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
        if (wanted.every((s) => asked.includes(s))) return ctx.pass();
        return ctx.fail({ expected: `${describeScope(wanted)} (earlier scopes and the challenge's)`, actual: describeScope(asked) });
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
        if (!first) return ctx.skip(`the client never called ${ADMIN_TOOL} (it needs a scope the AS never grants)`);
        const attempts = v.of('authorize').filter((a) => a.seq > first.seq && scopesOf(a.query.get('scope')).includes('mcp:admin'));
        if (attempts.length <= MAX_STEP_UPS) return ctx.pass();
        ctx.cite(first.seq, ...attempts.map((a) => a.seq));
        return ctx.fail({ expected: `at most ${MAX_STEP_UPS} re-authorizations for the same failing call`, actual: `${attempts.length} authorization requests for ${ADMIN_TOOL} (${refusals.length} refusals)` });
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
        const registration = v.of('register')[0];
        if (registration) {
          ctx.cite(registration.seq);
          return ctx.fail({ expected: 'an https client ID (metadata document), as the AS advertises client_id_metadata_document_supported', actual: `dynamic registration: ${line(registration)}` });
        }
        const authorization = v.of('authorize')[0];
        if (!authorization) return ctx.skip('nothing-observed', 'the client made no authorization request');
        ctx.cite(authorization.seq);
        const id = clientIdOf(authorization) ?? '';
        if (urlLike(id)) return ctx.pass();
        return ctx.fail({ expected: 'an https client ID (metadata document)', actual: `client_id ${JSON.stringify(id)}` });
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
        if (used.length === 0) return ctx.skip('nothing-observed', 'the client used no client ID metadata document');
        const bad = used.find((e) => !isMetadataDocumentUrl(clientIdOf(e) ?? ''));
        if (!bad) return ctx.pass();
        ctx.cite(bad.seq);
        return ctx.fail({ expected: 'an https client_id URL with a path', actual: `client_id ${clientIdOf(bad) ?? ''}` });
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
        if (!authorization) return ctx.fail({ expected, actual: 'no authorization request (the AS offers no registration)' });
        ctx.cite(authorization.seq);
        if (clientIdOf(authorization) !== PRE_REGISTERED.clientId) return ctx.fail({ expected, actual: `client_id ${JSON.stringify(clientIdOf(authorization))}` });
        const rejected = v.of('token').find((t) => t.status === 401);
        if (!rejected) return ctx.pass();
        ctx.cite(rejected.seq);
        return ctx.fail({ expected: 'the token request authenticated with the pre-registered secret', actual: `${line(rejected)} was refused: invalid_client` });
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
        if (registrations.length === 0) return ctx.skip('nothing-observed', 'the client did not register dynamically');
        const bad = registrations.find((e) => e.json?.application_type !== 'native' && e.json?.application_type !== 'web');
        if (!bad) return ctx.pass();
        ctx.cite(bad.seq);
        return ctx.fail({ expected: 'application_type "native" or "web" in the registration request', actual: `application_type ${JSON.stringify(bad.json?.application_type) ?? 'absent'}` });
      });
    },
  },
]);
