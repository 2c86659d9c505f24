// The grants, by oauth4webapi: authorization code with PKCE S256 (the user, or --oauth-open's
// command, visits the authorization URL; its redirect reaches the loopback listener), client
// credentials, and refresh. Every token request names the resource (RFC 8707), so the token is
// issued for this MCP server and no other.
import * as oauth from 'oauth4webapi';
import type { Discovered } from './discovery.js';
import { insecureOk } from './discovery.js';
import { clientAuth, type KnownClient } from './client-identity.js';
import { OAuthError, oauthReason } from './errors.js';
import type { Loopback } from './loopback.js';

/** Quoted for a POSIX shell: the command runs with shell: true. */
const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

async function visit(openCommand: string | undefined, url: string, say: (line: string) => void): Promise<void> {
  if (openCommand === undefined) {
    say(`mcp-conformance: to authorize this run, open ${url}`);
    return;
  }
  const { execa } = await import('execa');
  const command = openCommand.includes('{url}') ? openCommand.replaceAll('{url}', shellQuote(url)) : `${openCommand} ${shellQuote(url)}`;
  // Not awaited: a browser may keep running; the redirect to the listener is what counts.
  void execa(command, { shell: true, stdin: 'ignore', stdout: 'ignore', stderr: 'ignore', reject: false });
}

export interface GrantContext {
  d: Discovered;
  known: KnownClient;
  timeoutMs: number;
}

const opts = (g: GrantContext, url: string | undefined) => ({ signal: AbortSignal.timeout(g.timeoutMs), ...(url ? insecureOk(url) : {}) });

export async function authorizationCode(
  g: GrantContext,
  loopback: Loopback,
  login: { open?: string; timeoutMs: number; say: (line: string) => void },
): Promise<oauth.TokenEndpointResponse> {
  const { as } = g.d;
  if (!as.authorization_endpoint) throw new OAuthError(`--oauth: the authorization server ${as.issuer} has no authorization_endpoint`);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: g.known.client.client_id,
    redirect_uri: loopback.redirectUri,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    resource: g.d.resource,
    ...(g.d.scope ? { scope: g.d.scope } : {}),
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  await visit(login.open, url.href, login.say);
  const back = await loopback.wait(login.timeoutMs);
  if (!back) throw new OAuthError(`--oauth: the login was not completed within ${login.timeoutMs / 1000} s (no redirect reached ${loopback.redirectUri})`);
  let callback: URLSearchParams;
  try {
    callback = oauth.validateAuthResponse(as, g.known.client, back, state);
  } catch (error) {
    throw new OAuthError(`--oauth: the authorization server refused the login: ${oauthReason(error)}`);
  }
  try {
    const r = await oauth.authorizationCodeGrantRequest(as, g.known.client, clientAuth(g.known), callback, loopback.redirectUri, verifier, {
      additionalParameters: { resource: g.d.resource },
      ...opts(g, as.token_endpoint),
    });
    return await oauth.processAuthorizationCodeResponse(as, g.known.client, r);
  } catch (error) {
    throw new OAuthError(`--oauth: the token endpoint refused the authorization code: ${oauthReason(error)}`);
  }
}

export async function clientCredentials(g: GrantContext): Promise<oauth.TokenEndpointResponse> {
  const { as } = g.d;
  if (g.known.secret === undefined) throw new OAuthError('--oauth-grant client_credentials needs a confidential client: give --oauth-client-id and --oauth-client-secret, or an authorization server with dynamic registration');
  try {
    const r = await oauth.clientCredentialsGrantRequest(as, g.known.client, clientAuth(g.known), { resource: g.d.resource, ...(g.d.scope ? { scope: g.d.scope } : {}) }, opts(g, as.token_endpoint));
    return await oauth.processClientCredentialsResponse(as, g.known.client, r);
  } catch (error) {
    throw new OAuthError(`--oauth: the token endpoint refused the client credentials grant: ${oauthReason(error)}`);
  }
}

/** A new token by the refresh token; undefined when the server refused it (then: log in again). */
export async function refresh(g: GrantContext, refreshToken: string): Promise<oauth.TokenEndpointResponse | undefined> {
  try {
    const r = await oauth.refreshTokenGrantRequest(g.d.as, g.known.client, clientAuth(g.known), refreshToken, { additionalParameters: { resource: g.d.resource }, ...opts(g, g.d.as.token_endpoint) });
    return await oauth.processRefreshTokenResponse(g.d.as, g.known.client, r);
  } catch {
    return undefined;
  }
}
