// Faults of authorization (HTTP, 2025-03-26 on): discovery, the authorization code flow with
// PKCE, state, iss and resource, scopes and step-up, registration, token use. Each breaks one
// client rule of basic/authorization and shows against the auth scenarios' scripted servers.
import { BOTH, LEGACY, MODERN, SHTTP, type FaultSpec } from './types.js';

export const AUTH_FAULTS = [
  // discovery
  { id: 'auth-origin-metadata-keeps-path', digest: 'AUTH-051', transports: SHTTP, eras: LEGACY, description: 'AUTH-051: without protected resource metadata, looks for the AS metadata under the MCP URL\'s path (RFC 8414 path insertion) instead of at the origin root (2025-03-26 authorization base URL).' },
  { id: 'auth-metadata-no-protocol-version', digest: 'AUTH-051', transports: SHTTP, eras: LEGACY, description: 'AUTH-051: AS metadata requests carry no MCP-Protocol-Version header.' },
  { id: 'auth-default-endpoints-unused', digest: 'AUTH-051', transports: SHTTP, eras: LEGACY, description: 'AUTH-051: when no AS metadata is found, gives up instead of using /authorize, /token, /register at the MCP origin.' },
  { id: 'auth-prm-challenge-ignored', digest: 'AUTH-052', transports: SHTTP, eras: BOTH, description: 'AUTH-052: ignores resource_metadata in the 401 challenge and only tries the well-known URIs.' },
  { id: 'auth-prm-root-first', digest: 'AUTH-053', transports: SHTTP, eras: BOTH, description: 'AUTH-053: tries the root well-known protected resource metadata URI before the path-suffixed one.' },
  { id: 'auth-as-metadata-openid-first', digest: 'AUTH-054', transports: SHTTP, eras: BOTH, description: 'AUTH-054: tries OpenID Connect discovery (path insertion) before RFC 8414 metadata.' },
  { id: 'auth-authorization-url-unvalidated', digest: 'AUTH-069', transports: SHTTP, eras: BOTH, description: 'AUTH-069: takes an authorization_endpoint of any scheme (javascript:, data:, file:) and opens it, saying so through the opener hook of MCP_CONFORMANCE_CONTEXT.' },
  { id: 'auth-prm-resource-unchecked', digest: 'AUTH-052', transports: SHTTP, eras: BOTH, description: 'AUTH-052 (RFC 9728 §3.3): uses protected resource metadata whose resource is not the MCP server it asked.' },
  { id: 'auth-metadata-issuer-unchecked', digest: 'AUTH-055', transports: SHTTP, eras: MODERN, description: 'AUTH-055: uses AS metadata whose issuer differs from the issuer it was fetched for.' },
  // the authorization request and response
  { id: 'auth-pkce-verifier-wrong', digest: 'AUTH-056', transports: SHTTP, eras: BOTH, description: 'AUTH-056: the token request carries a code_verifier that does not match the code_challenge.' },
  { id: 'auth-pkce-plain', digest: 'AUTH-056', transports: SHTTP, eras: BOTH, description: 'AUTH-056: uses the plain PKCE method instead of S256.' },
  { id: 'auth-pkce-support-unchecked', digest: 'AUTH-056', transports: SHTTP, eras: BOTH, description: 'AUTH-056: authorizes even when the AS metadata lacks code_challenge_methods_supported.' },
  { id: 'auth-state-missing', digest: 'AUTH-065', transports: SHTTP, eras: BOTH, description: 'AUTH-065: sends no state in authorization requests.' },
  { id: 'auth-state-unchecked', digest: 'AUTH-065', transports: SHTTP, eras: BOTH, description: 'AUTH-065: redeems the code of an authorization response whose state is not the one it sent.' },
  { id: 'auth-iss-unchecked', digest: 'AUTH-064', transports: SHTTP, eras: MODERN, description: 'AUTH-064: redeems the code of an authorization response whose iss is not the recorded issuer.' },
  { id: 'auth-resource-missing-in-token-request', digest: 'AUTH-057', transports: SHTTP, eras: BOTH, description: 'AUTH-057: sends resource in the authorization request but not in the token request.' },
  { id: 'auth-resource-origin-only', digest: 'AUTH-057', transports: SHTTP, eras: BOTH, description: 'AUTH-057: the resource indicator is the MCP server\'s origin, not its URL (less specific).' },
  { id: 'auth-scope-challenge-ignored', digest: 'AUTH-058', transports: SHTTP, eras: BOTH, description: 'AUTH-058: asks for all scopes_supported of the resource metadata even when the challenge names a scope.' },
  { id: 'auth-scope-metadata-ignored', digest: 'AUTH-058', transports: SHTTP, eras: BOTH, description: 'AUTH-058: without a challenge scope, asks for no scope instead of the resource metadata\'s scopes_supported.' },
  { id: 'auth-redirect-uri-remote', digest: 'AUTH-066', transports: SHTTP, eras: BOTH, description: 'AUTH-066: registers and uses the redirect URI http://mcp-client.example/callback (neither localhost nor https).' },
  { id: 'auth-redirect-uri-unregistered', digest: 'AUTH-066', transports: SHTTP, eras: BOTH, description: 'AUTH-066: the authorization request\'s redirect_uri has another path (/other-callback) than the one registered.' },
  // tokens and step-up
  { id: 'auth-token-missing-on-tool-call', digest: 'AUTH-050', transports: SHTTP, eras: BOTH, description: 'AUTH-050: tools/call requests go without the Authorization header.' },
  { id: 'auth-token-in-query', digest: 'AUTH-050', transports: SHTTP, eras: BOTH, description: 'AUTH-050: also puts the access token in the MCP URL\'s query (access_token=...).' },
  { id: 'auth-token-sent-to-authorization-server', digest: 'AUTH-067', transports: SHTTP, eras: BOTH, description: 'AUTH-067: sends its current access token (Authorization: Bearer) on requests to the authorization server (seen at step-up).' },
  { id: 'auth-step-up-missing', digest: 'AUTH-059', transports: SHTTP, eras: BOTH, description: 'AUTH-059: a 403 insufficient_scope fails the request; no re-authorization.' },
  { id: 'auth-step-up-scope-replaced', digest: 'AUTH-059', transports: SHTTP, eras: MODERN, description: 'AUTH-059: step-up asks only for the challenged scopes, dropping those asked for before.' },
  { id: 'auth-step-up-unbounded', digest: 'AUTH-059', transports: SHTTP, eras: BOTH, description: 'AUTH-059: retries a request refused with 401/403 after each re-authorization up to 6 times instead of once.' },
  { id: 'auth-refresh-token-assumed', digest: 'AUTH-068', transports: SHTTP, eras: MODERN, description: 'AUTH-068: when a token it holds is refused (401), sends a refresh_token grant with an empty refresh_token it was never given, and gives up when the AS refuses it instead of authorizing again.' },
  { id: 'auth-discovery-reused', digest: 'AUTH-067', transports: SHTTP, eras: BOTH, description: 'AUTH-067: a 401 to a token it holds re-authorizes with the AS found before, without discovering again (after the server moved to another AS, it sends that old AS\'s tokens).' },
  // registration
  { id: 'auth-credentials-reused-across-issuers', digest: 'AUTH-063', transports: SHTTP, eras: MODERN, description: 'AUTH-063: keeps the client ID it registered with one AS when the metadata names another AS.' },
  { id: 'auth-metadata-document-ignored', digest: 'AUTH-060', transports: SHTTP, eras: BOTH, description: 'AUTH-060: registers dynamically even when the AS supports client ID metadata documents.' },
  { id: 'auth-metadata-document-client-id-http', digest: 'AUTH-061', transports: SHTTP, eras: BOTH, description: 'AUTH-061: its client ID metadata document URL is http, not https.' },
  { id: 'auth-pre-registration-ignored', digest: 'AUTH-060', transports: SHTTP, eras: BOTH, description: 'AUTH-060: ignores the pre-registered client_id/client_secret of MCP_CONFORMANCE_CONTEXT.' },
  { id: 'auth-registration-application-type-missing', digest: 'AUTH-062', transports: SHTTP, eras: MODERN, description: 'AUTH-062: dynamic registration requests carry no application_type.' },
] as const satisfies readonly FaultSpec[];
