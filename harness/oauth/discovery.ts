// Finding the authorization server of a protected MCP server: the 401's WWW-Authenticate names
// its protected resource metadata (RFC 9728), else the well-known URIs (path-suffixed, then
// root); that document names the authorization server, whose metadata is read by RFC 8414, then
// OpenID Connect discovery (oauth4webapi). Before 2025-06-18 a server had no resource metadata:
// then its origin is the authorization server (the 2025-03-26 fallback).
import * as oauth from 'oauth4webapi';
import { bearerChallenge } from '../transports/challenge.js';
import { OAuthError } from './errors.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/** oauth4webapi refuses http: allowed for loopback hosts only (local test set-ups). */
export function insecureOk(url: string): Record<symbol, boolean> {
  const u = new URL(url);
  return u.protocol === 'http:' && LOOPBACK.test(u.hostname) ? { [oauth.allowInsecureRequests]: true } : {};
}

export interface Discovered {
  as: oauth.AuthorizationServer;
  /** The resource indicator sent with every authorization and token request (RFC 8707). */
  resource: string;
  /** Scopes to ask for: the challenge's, else the resource metadata's scopes_supported. */
  scope?: string;
}

const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-conformance', version: '0' } } });

async function getJson(url: string, timeoutMs: number): Promise<Record<string, unknown> | undefined> {
  try {
    const r = await fetch(url, { redirect: 'error', headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    if (!r.ok) return undefined;
    const body: unknown = await r.json();
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The challenge of an unauthenticated request: where the metadata is, and the scope it wants. */
async function challengeOf(url: string, timeoutMs: number): Promise<{ metadata?: string; scope?: string }> {
  try {
    const r = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: INITIALIZE,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await r.body?.cancel();
    if (r.status !== 401) return {};
    const c = bearerChallenge(r.headers.get('www-authenticate') ?? undefined);
    return { ...(c?.params.resource_metadata ? { metadata: c.params.resource_metadata } : {}), ...(c?.params.scope ? { scope: c.params.scope } : {}) };
  } catch (error) {
    throw new OAuthError(`--oauth: the MCP server at ${url} could not be reached: ${(error as Error).message}`);
  }
}

async function authorizationServer(issuer: string, timeoutMs: number): Promise<oauth.AuthorizationServer | undefined> {
  const issuerUrl = new URL(issuer);
  for (const algorithm of ['oauth2', 'oidc'] as const) {
    try {
      const r = await oauth.discoveryRequest(issuerUrl, { algorithm, signal: AbortSignal.timeout(timeoutMs), ...insecureOk(issuer) });
      return await oauth.processDiscoveryResponse(issuerUrl, r);
    } catch {
      // not there, or not valid for this issuer: the next way, then the sentence of discover()
    }
  }
  return undefined;
}

export async function discover(mcpUrl: string, timeoutMs: number): Promise<Discovered> {
  const challenge = await challengeOf(mcpUrl, timeoutMs);
  const u = new URL(mcpUrl);
  const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
  const candidates = [
    ...(challenge.metadata ? [challenge.metadata] : []),
    `${u.origin}/.well-known/oauth-protected-resource${path}`,
    `${u.origin}/.well-known/oauth-protected-resource`,
  ];
  let prm: Record<string, unknown> | undefined;
  for (const c of candidates) if ((prm = await getJson(c, timeoutMs))) break;
  const servers = Array.isArray(prm?.authorization_servers) ? prm.authorization_servers.filter((s): s is string => typeof s === 'string') : [];
  const issuer = servers[0] ?? u.origin;
  const as = await authorizationServer(issuer, timeoutMs);
  if (!as) {
    throw new OAuthError(
      prm
        ? `--oauth: the authorization server ${issuer} named by the protected resource metadata of ${mcpUrl} has no metadata (RFC 8414 or OpenID Connect discovery)`
        : `--oauth: ${mcpUrl} has no protected resource metadata (none named by a 401's WWW-Authenticate, none at /.well-known/oauth-protected-resource) and its origin serves no authorization server metadata`,
    );
  }
  const resource = typeof prm?.resource === 'string' ? prm.resource : mcpUrl;
  const supported = Array.isArray(prm?.scopes_supported) ? prm.scopes_supported.filter((s): s is string => typeof s === 'string').join(' ') : '';
  const scope = challenge.scope ?? (supported || undefined);
  return { as, resource, ...(scope ? { scope } : {}) };
}
