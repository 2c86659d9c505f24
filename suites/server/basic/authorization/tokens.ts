// basic/authorization (2025-03-26..2026-07-28): which tokens a protected server accepts. An
// invalid token, a session id without the token, and (2025-06-18 on) a token issued for another
// resource are all refused with 401. The tool cannot mint a token for another resource, so the
// user lends one (--foreign-token); without it that check skips. The token goes only to the MCP
// server's own origin, as the user's own token does.
import { randomUUID } from 'node:crypto';
import { defineChecks } from '../../../../harness/checks/define.js';
import { between, since } from '../../../../harness/revisions.js';
import { initializeParams } from '../../../../harness/sessions/legacy.js';
import { underOptionalAuthorization, withinOptionalAuthorization } from './optional.js';
import { expectHttp, httpExchange, httpLine, status, succeeded } from '../../../../harness/verify/http.js';
import { openingRequest, protectedProbe } from './unauthenticated-probe.js';

/**
 * The level of a wrong answer to a request that must be refused: serving it breaks the MUST; a
 * refusal with another status is a doubt (it refused, only not with the status the table gives).
 */
const servedFails = (r: { status: number }, served: string, refused: string) => (succeeded(r) ? { reason: served } : { doubt: refused });

export const tokenChecks = defineChecks({ page: 'basic/authorization', transports: ['streamable-http'], needs: ['connection', 'raw-http'] }, [
  // AUTH-018: "Invalid or expired tokens MUST receive a HTTP 401 response."
  {
    id: 'auth.invalid-token-401',
    title: 'A request with an invalid bearer token gets 401 Unauthorized',
    spec: underOptionalAuthorization({ url: '#token-handling', level: 'MUST' }),
    requirement: withinOptionalAuthorization('Invalid or expired tokens MUST receive a HTTP 401 response.'),
    digest: ['AUTH-018'],
    revisions: since('2025-03-26'),
    faults: ['auth-invalid-token-accepted'],
    async run(ctx) {
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      const r = await openingRequest(ctx, p.door, { Authorization: `Bearer mcp-conformance-invalid-${randomUUID()}` });
      return expectHttp(ctx, httpExchange('the opening request with an invalid bearer token', r), status(401));
    },
  },

  // Error Handling (2025-03-26 on): "Servers MUST return appropriate HTTP status codes for
  // authorization errors: 401 Unauthorized: Authorization required or token invalid; ... 400 Bad
  // Request: Malformed authorization request". Credentials of another scheme (Basic, bogus) are
  // no bearer token: authorization is still required (401), or the request is malformed (400).
  // Serving it fails; another refusal (a 403 names a lack of scope) is a warning.
  {
    id: 'auth.other-scheme-refused',
    title: 'A request whose Authorization header uses another scheme (Basic) gets 401 or 400',
    spec: underOptionalAuthorization({ url: '#error-handling', level: 'MUST' }),
    requirement: withinOptionalAuthorization(
      'Servers MUST return appropriate HTTP status codes for authorization errors: 401 Unauthorized (Authorization required or token invalid); 400 Bad Request (Malformed authorization request).',
    ),
    fix: 'Accept only Authorization: Bearer <token> on the MCP endpoint and answer any other scheme with 401 and the Bearer challenge',
    digest: ['AUTH-021'],
    revisions: since('2025-03-26'),
    faults: ['auth-other-scheme-accepted'],
    async run(ctx) {
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      // "mcp-conformance:invalid", base64: bogus Basic credentials no server can hold.
      const r = await openingRequest(ctx, p.door, { Authorization: 'Basic bWNwLWNvbmZvcm1hbmNlOmludmFsaWQ=' });
      const ex = httpExchange('the opening request with Authorization: Basic <bogus credentials>', r);
      return expectHttp(ctx, ex, status(401, 400), servedFails(r, 'the server served a request that carried no bearer token, only bogus credentials of another scheme', 'refused, but not with the 401 (authorization required) or 400 (malformed) the status table gives'));
    },
  },

  // Token requirements: "authorization MUST be included in every HTTP request from client to
  // server, even if they are part of the same logical session"; a request without it has not
  // proven authorization, and "servers MUST respond with HTTP 401" (auth.unauthenticated-401).
  // So a session id the user's credentials opened is no credential of its own.
  {
    id: 'auth.session-needs-credentials',
    title: 'A request in a session the credentials opened, sent without them, gets 401 (a session id is no credential)',
    spec: underOptionalAuthorization({ url: '#token-requirements', level: 'MUST' }),
    requirement: withinOptionalAuthorization(
      'Note that authorization MUST be included in every HTTP request from client to server, even if they are part of the same logical session. When authorization is required and not yet proven by the client, servers MUST respond with HTTP 401 Unauthorized.',
    ),
    digest: ['AUTH-010'],
    revisions: between('2025-03-26', '2025-11-25'),
    faults: ['auth-session-authenticates'],
    async run(ctx) {
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      const json = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
      const opened = await p.door.raw({
        method: 'POST',
        headers: json,
        body: JSON.stringify({ jsonrpc: '2.0', id: 'auth-session', method: 'initialize', params: initializeParams(ctx.revision) }),
        sseWindowMs: 200,
      });
      const sid = opened.headers['mcp-session-id'];
      if (!succeeded(opened)) return ctx.skip(opened.status === 0 ? 'no-answer' : 'cannot-set-up', `an initialize with the user's credentials got ${httpLine(opened)}: no session to test`);
      if (!sid) return ctx.skip('not-offered', 'the server issues no session id (sessions are optional): nothing to stand in for credentials');
      const inSession = { 'Mcp-Session-Id': sid, ...(ctx.rev.protocolVersionHeader ? { 'MCP-Protocol-Version': ctx.revision } : {}) };
      try {
        await p.door.raw({ method: 'POST', headers: { ...json, ...inSession }, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
        const r = await p.door.raw({ method: 'POST', headers: { ...json, ...inSession, Authorization: null }, body: JSON.stringify({ jsonrpc: '2.0', id: 'auth-session-ping', method: 'ping' }), sseWindowMs: 200 });
        const ex = httpExchange('a ping with the session id but without the Authorization header', r);
        return expectHttp(ctx, ex, status(401), servedFails(r, 'the session id stood in for the credentials', 'refused, but not with the 401 that asks for credentials'));
      } finally {
        await p.door.raw({ method: 'DELETE', headers: inSession });
      }
    },
  },

  // Token Handling (2025-06-18, 2025-11-25): "MCP servers MUST validate that access tokens were
  // issued specifically for them as the intended audience, according to RFC 8707 Section 2."
  // Access Token Privilege Restriction: "MCP servers MUST only accept tokens specifically
  // intended for themselves and MUST reject tokens that do not include them in the audience
  // claim" (2026-07-28: the same two sentences, Token Handling and Security Considerations).
  // 2025-03-26 says no word of audiences. A server that accepts any token at all
  // accepts this one too (auth-invalid-token-accepted).
  {
    id: 'auth.token-audience-validated',
    title: 'A token issued for another resource (--foreign-token) is refused with 401',
    spec: underOptionalAuthorization({ url: '#token-handling', level: 'MUST' }),
    requirement: withinOptionalAuthorization('MCP servers MUST validate that access tokens were issued specifically for them as the intended audience, according to RFC 8707 Section 2.'),
    fix: "Check the token's audience (aud claim, or the resource it was issued for) against the server's canonical URI, and answer 401 when it names another resource",
    digest: ['AUTH-019'],
    revisions: since('2025-06-18'),
    faults: ['auth-audience-unchecked', 'auth-invalid-token-accepted'],
    async run(ctx) {
      const foreign = ctx.settings.foreignToken;
      if (!foreign) return ctx.skip('not-allowed', 'no --foreign-token given: the tool cannot mint a token for another resource');
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      const r = await openingRequest(ctx, p.door, { Authorization: `Bearer ${foreign}` });
      const ex = httpExchange('the opening request with the token issued for another resource (--foreign-token)', r);
      return expectHttp(ctx, ex, status(401, 403), servedFails(r, 'the server served a request carrying a token issued for another resource', 'refused, but not with the 401 that says the token is not valid here'));
    },
  },
]);
