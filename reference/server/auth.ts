// Protected mode (basic/authorization, 2025-03-26..2026-07-28): the MCP endpoints want a
// bearer token; the server is its own minimal authorization server on the same loopback
// origin, so every discovery document a client looks for is here: RFC 9728 protected
// resource metadata (path-suffixed and root), RFC 8414 metadata at the origin (also the
// 2025-03-26 authorization base URL), and /authorize, /token and /register endpoints that
// exist (they refuse every grant and registration: no flow is needed, the test token is fixed;
// no authorization response is ever issued, so advertising iss in them costs nothing).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isOn } from './faults.js';

/** Every scope; the limited token lacks `mcp:listen` (needed for the GET listening stream). */
export const FULL_TOKEN = 'mcp-conformance-reference-token';
export const LIMITED_TOKEN = 'mcp-conformance-reference-limited';
/** A token "the authorization server issued for another resource": refused like an invalid one. */
export const FOREIGN_TOKEN = 'mcp-conformance-reference-foreign';
const SCOPES: Record<string, string[]> = { [FULL_TOKEN]: ['mcp', 'mcp:listen'], [LIMITED_TOKEN]: ['mcp'] };
const ENDPOINT = '/mcp';
const PRM_PATH = `/.well-known/oauth-protected-resource${ENDPOINT}`;
const PRM_ROOT = '/.well-known/oauth-protected-resource';

function origin(req: IncomingMessage): string {
  return `http://${req.headers.host ?? '127.0.0.1'}`;
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function prm(req: IncomingMessage): Record<string, unknown> {
  const base = origin(req);
  return {
    resource: isOn('auth-prm-wrong-resource') ? 'http://resource.invalid/mcp' : `${base}${ENDPOINT}`,
    authorization_servers: isOn('auth-prm-no-authorization-servers') ? [] : [base],
    scopes_supported: isOn('auth-offline-access-scope') ? ['mcp', 'mcp:listen', 'offline_access'] : ['mcp', 'mcp:listen'],
    bearer_methods_supported: ['header'],
    resource_name: 'mcp-conformance reference server',
  };
}

function asMetadata(req: IncomingMessage): Record<string, unknown> {
  const base = origin(req);
  return {
    issuer: base,
    authorization_endpoint: `${base}/authorize`,
    token_endpoint: isOn('auth-as-endpoint-http') ? 'http://auth.example.com/token' : `${base}/token`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code'],
    code_challenge_methods_supported: isOn('auth-as-no-s256') ? ['plain'] : ['S256'],
    ...(isOn('auth-as-no-registration') ? {} : { registration_endpoint: `${base}/register` }),
    ...(isOn('auth-as-no-iss-flag') ? {} : { authorization_response_iss_parameter_supported: true }),
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: ['mcp', 'mcp:listen'],
  };
}

/** Whether protected resource metadata can be discovered at all (header parameter, well-known URIs). */
function prmDiscoverable(): boolean {
  return !isOn('auth-prm-undiscoverable');
}

/** The documents and endpoints of the authorization side; true when it answered the request. */
export function serveAuthDocuments(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path === PRM_PATH || path === PRM_ROOT) {
    if (!prmDiscoverable()) json(res, 404, { error: 'not_found' });
    else json(res, 200, prm(req));
    return true;
  }
  const noFallback = isOn('auth-no-metadata-no-fallback');
  if (path === '/.well-known/oauth-authorization-server' || path === '/.well-known/openid-configuration') {
    // OpenID discovery is not offered: RFC 8414 metadata is enough.
    if (isOn('auth-as-metadata-missing') || noFallback || path.endsWith('openid-configuration')) json(res, 404, { error: 'not_found' });
    else json(res, 200, asMetadata(req));
    return true;
  }
  if (path === '/authorize' || path === '/token' || path === '/register') {
    if (noFallback) json(res, 404, { error: 'not_found' });
    else json(res, 400, { error: 'invalid_request', error_description: 'this reference server issues no tokens: use its fixed test token' });
    return true;
  }
  return false;
}

function challenge(req: IncomingMessage, extra: string[]): string {
  const params = [...extra];
  const hideMetadata = isOn('auth-challenge-no-resource-metadata') || !prmDiscoverable();
  if (!hideMetadata) params.push(`resource_metadata="${origin(req)}${PRM_PATH}"`);
  if (!isOn('auth-challenge-no-scope') && !extra.some((p) => p.startsWith('scope='))) params.push('scope="mcp"');
  return `Bearer ${params.join(', ')}`;
}

/**
 * Checks the bearer token of a request to an MCP endpoint; answers 401/403 itself and returns
 * false when the request may not go on. `needs` is the scope the request requires.
 */
export function authorize(req: IncomingMessage, res: ServerResponse, needs: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const refuse = (status: number, params: string[], description: string): false => {
    const headers: Record<string, string> = {};
    if (!isOn('auth-no-challenge')) headers['WWW-Authenticate'] = challenge(req, params);
    json(res, status, { jsonrpc: '2.0', id: null, error: { code: -32001, message: description } }, headers);
    return false;
  };
  if (!match?.[1]) {
    if (isOn('auth-other-scheme-accepted') && header !== '') return true;
    if (isOn('auth-session-authenticates') && req.headers['mcp-session-id'] !== undefined) return true;
    if (isOn('auth-missing-token-403')) return refuse(403, [], 'Forbidden: no access token');
    return refuse(401, [], 'Unauthorized: a bearer token is required');
  }
  // The audience check: a token issued for another resource is no token for this one.
  const token = match[1] === FOREIGN_TOKEN && isOn('auth-audience-unchecked') ? FULL_TOKEN : match[1];
  const scopes = SCOPES[token];
  if (!scopes) {
    if (isOn('auth-invalid-token-accepted')) return true;
    return refuse(401, ['error="invalid_token"'], 'Unauthorized: the access token is invalid');
  }
  if (!scopes.includes(needs)) {
    if (isOn('auth-insufficient-scope-bare-403')) {
      json(res, 403, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Forbidden' } });
      return false;
    }
    return refuse(403, ['error="insufficient_scope"', `scope="${[...scopes, needs].join(' ')}"`], `Forbidden: the token lacks the ${needs} scope`);
  }
  return true;
}
