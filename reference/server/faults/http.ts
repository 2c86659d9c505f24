// Faults for Streamable HTTP, legacy HTTP+SSE, authorization. Each entry: { id, description };
// guard it once with isOn('<id>'). `mode` says how the reference must run for the fault to
// matter (test/self-proof.test.ts starts it so): `http` Streamable HTTP, `sse` HTTP+SSE,
// `protected` with authorization and the full token, `protected-limited` with the limited
// token; `revision`, when set, is the revision the fault shows at (JSON answers before
// 2025-11-25, SSE answers at 2025-11-25, GET streams and session ids only in the legacy era).
export type HttpFaultMode = 'http' | 'sse' | 'protected' | 'protected-limited';

export const HTTP_FAULTS = [
  // Streamable HTTP (reference/server/http.ts)
  { id: 'http-json-wrong-content-type', mode: 'http', revision: '2025-06-18', description: 'JSON answers to requests carry Content-Type "text/plain".' },
  { id: 'http-notification-200', mode: 'http', description: 'A POST of notifications or responses only is answered 200 with an empty body instead of 202.' },
  { id: 'http-session-id-not-ascii', mode: 'http', description: 'Session ids contain a space (outside visible ASCII 0x21-0x7E).' },
  { id: 'http-missing-session-404', mode: 'http', description: 'A non-initialize POST without Mcp-Session-Id gets 404 instead of 400.' },
  { id: 'http-ended-session-400', mode: 'http', description: 'A request with the id of a session ended by DELETE gets 400 instead of 404.' },
  { id: 'http-unknown-session-400', mode: 'http', description: 'A request with a session id that was never issued gets 400 instead of 404.' },
  { id: 'http-delete-400', mode: 'http', description: 'DELETE of a live session is answered 400 (neither ended nor 405).' },
  { id: 'http-get-wrong-status', mode: 'http', description: 'GET with Accept: text/event-stream is answered 400 instead of an SSE stream or 405.' },
  {
    id: 'http-response-on-get-stream',
    mode: 'http',
    revision: '2025-06-18',
    description: 'While a GET stream is open, responses to POSTed requests are sent on it instead of on the POST.',
  },
  { id: 'http-sse-non-json-data', mode: 'http', revision: '2025-11-25', description: 'Every GET stream starts with an event whose data is "ready" (not JSON).' },
  { id: 'http-protocol-version-unchecked', mode: 'http', description: 'An unsupported MCP-Protocol-Version header is ignored instead of answered 400.' },
  {
    id: 'http-protocol-version-required',
    mode: 'http',
    description: 'After an initialize at 2025-06-18 or later, requests without MCP-Protocol-Version get 400.',
  },
  { id: 'http-origin-not-validated', mode: 'http', description: 'Any Origin header is accepted (no DNS-rebinding defence).' },
  { id: 'http-origin-rejected-400', mode: 'http', description: 'A foreign Origin is rejected with 400 instead of 403.' },
  {
    id: 'http-header-case-sensitive',
    mode: 'http',
    revision: '2025-11-25',
    description: 'The session id header is only recognised spelled exactly Mcp-Session-Id or MCP-Session-Id.',
  },
  { id: 'http-no-priming-event', mode: 'http', description: '(2025-11-25) SSE answers do not start with an event carrying an id and empty data.' },
  { id: 'http-event-id-reused', mode: 'http', description: '(2025-11-25) Every SSE stream numbers its events from 1: ids repeat across streams.' },
  {
    id: 'http-replay-other-streams',
    mode: 'http',
    description: 'A GET with Last-Event-ID replays the later events of every stream of the session, not only of that stream.',
  },
  { id: 'http-sse-stream-left-open', mode: 'http', description: '(2025-11-25, 2026-07-28) SSE answers to POSTs stay open for 30 s after their response.' },
  {
    id: 'http-error-id-null',
    mode: 'http',
    description: 'HTTP refusals of requests the server read (session, version and header errors) carry id null instead of the request\'s id.',
  },
  // HTTP+SSE (reference/server/legacy-sse.ts)
  { id: 'sse-wrong-content-type', mode: 'sse', description: 'The SSE endpoint answers with Content-Type "text/plain" (the body is still SSE).' },
  { id: 'sse-event-before-endpoint', mode: 'sse', description: 'A "ready" event precedes the endpoint event.' },
  { id: 'sse-response-event-type', mode: 'sse', description: 'Responses are sent as "response" events instead of "message" events.' },
  { id: 'sse-non-json-message', mode: 'sse', description: 'A "message" event with data "connected" (not JSON) follows the endpoint event.' },
  { id: 'sse-origin-not-validated', mode: 'sse', description: 'Any Origin header is accepted on the SSE endpoint.' },
  // Authorization (reference/server/auth.ts)
  { id: 'auth-missing-token-403', mode: 'protected', description: 'A request without a token gets 403 instead of 401.' },
  { id: 'auth-no-challenge', mode: 'protected', description: 'A 401 carries no WWW-Authenticate header.' },
  {
    id: 'auth-challenge-no-resource-metadata',
    mode: 'protected',
    description: 'The 401 challenge has no resource_metadata parameter (the well-known documents remain).',
  },
  { id: 'auth-challenge-no-scope', mode: 'protected', description: 'The 401 challenge has no scope parameter.' },
  {
    id: 'auth-prm-undiscoverable',
    mode: 'protected',
    description: 'No resource_metadata in the challenge and no protected resource metadata at the well-known URIs.',
  },
  { id: 'auth-prm-no-authorization-servers', mode: 'protected', description: 'The protected resource metadata lists no authorization server.' },
  { id: 'auth-prm-wrong-resource', mode: 'protected', description: 'The protected resource metadata names another resource (http://resource.invalid/mcp).' },
  { id: 'auth-as-metadata-missing', mode: 'protected', description: 'The authorization server metadata documents answer 404.' },
  {
    id: 'auth-as-endpoint-http',
    mode: 'protected',
    description: 'The authorization server metadata names a token_endpoint on another host over plain HTTP (http://auth.example.com/token).',
  },
  { id: 'auth-as-no-s256', mode: 'protected', description: 'The authorization server metadata offers only the "plain" PKCE method.' },
  {
    id: 'auth-no-metadata-no-fallback',
    mode: 'protected',
    description: '(2025-03-26) Neither authorization server metadata nor the default /authorize and /token endpoints exist.',
  },
  { id: 'auth-invalid-token-accepted', mode: 'protected', description: 'Any bearer token is accepted, valid or not.' },
  {
    id: 'auth-audience-unchecked',
    mode: 'protected',
    description: 'A token the authorization server issued for another resource (FOREIGN_TOKEN) is accepted as if it were the full token.',
  },
  { id: 'auth-session-authenticates', mode: 'protected', description: 'A request without a token is served when it carries an Mcp-Session-Id (the session stands in for credentials).' },
  {
    id: 'auth-insufficient-scope-bare-403',
    mode: 'protected-limited',
    description: 'A token without the needed scope gets 403 without a WWW-Authenticate insufficient_scope challenge.',
  },
] as const satisfies readonly { id: string; description: string; mode: HttpFaultMode; revision?: string }[];
