// The reference client's OAuth: on 401 it discovers the authorization server, gets a client
// ID, runs the authorization code flow headlessly (GET the authorization URL, read the code
// from the redirect's Location, never following it), verifies the response (iss by RFC 9207,
// then state), redeems the code with PKCE and `resource`, and retries. On 403
// insufficient_scope it re-authorizes with the union of its scopes and the challenged ones.
// The token goes only into the Authorization header of requests to the MCP server's origin.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthContext, AuthHooks } from './auth.js';
import { Discovery, canonicalResource, type AuthorizationServer, type Discovered } from './auth-discovery.js';
import { OAuthHttp, parseChallenge } from './auth-http.js';
import { register, type ClientCredentials } from './auth-registration.js';
import { isOn } from './faults.js';
import { Fatal, describe, verbose } from './log.js';
import { NEWEST_LEGACY } from './revisions.js';

const scopesOf = (value: string | undefined): string[] => (value ?? '').split(' ').filter(Boolean);

/** The opener hook's path from MCP_CONFORMANCE_CONTEXT (`opener_report`), when the scenario hands one out. */
function openerReport(): string | undefined {
  try {
    const ctx: unknown = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
    const path = typeof ctx === 'object' && ctx !== null ? (ctx as Record<string, unknown>).opener_report : undefined;
    return typeof path === 'string' && path.startsWith('/') ? path : undefined;
  } catch {
    return undefined;
  }
}
const random = (): string => randomBytes(32).toString('base64url');

function bodyText(body: string | Uint8Array | undefined): string {
  return typeof body === 'string' ? body : body ? Buffer.from(body).toString('utf8') : '';
}

export class OAuthClient implements AuthHooks {
  private readonly http: OAuthHttp;
  private readonly discovery: Discovery;
  private readonly mcpUrl: URL;
  private token: string | undefined;
  /** The scopes of the last authorization (step-up asks for these and the challenged ones). */
  private requested: string[] = [];
  private found: Discovered | undefined;
  /** Client credentials, bound to the issuer that accepted them. */
  private client: { issuer: string; credentials: ClientCredentials } | undefined;
  /** One flow at a time: a second 401 waits for the first flow's token. */
  private queue: Promise<unknown> = Promise.resolve();
  /** The token each request went out with (a 401 to an older token just needs a retry). */
  private readonly sentWith = new WeakMap<AuthContext, string | undefined>();

  constructor(mcpUrl: URL, timeoutMs: number) {
    this.mcpUrl = new URL(mcpUrl);
    this.http = new OAuthHttp(timeoutMs);
    this.discovery = new Discovery(this.http, this.mcpUrl);
  }

  async decorate(headers: Record<string, string>, ctx: AuthContext): Promise<void> {
    await this.queue;
    this.sentWith.set(ctx, this.token);
    if (this.token === undefined || ctx.url.origin !== this.mcpUrl.origin) return;
    if (isOn('auth-token-missing-on-tool-call') && bodyText(ctx.body).includes('"tools/call"')) return;
    headers.Authorization = `Bearer ${this.token}`;
    if (isOn('auth-token-in-query')) ctx.url.searchParams.set('access_token', this.token);
  }

  unauthorized(status: number, headers: IncomingHttpHeaders, ctx: AuthContext): Promise<boolean> {
    const header = headers['www-authenticate'];
    const challenge = parseChallenge(Array.isArray(header) ? header.join(', ') : header);
    const sentWith = this.sentWith.get(ctx);
    const run = this.queue.then(() => (status === 401 && this.token !== undefined && this.token !== sentWith ? true : this.handle(status, challenge, ctx)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async handle(status: number, challenge: Record<string, string>, ctx: AuthContext): Promise<boolean> {
    if (status === 403) return this.stepUp(challenge);
    if (status !== 401) return false;
    const held = this.token !== undefined;
    this.token = undefined;
    // 2026-07-28 #refresh-tokens: no refresh token was issued, so none is assumed (the fault does).
    if (held && this.found && isOn('auth-refresh-token-assumed')) await this.assumedRefresh(this.found.server);
    const protocolVersion = ctx.headers['MCP-Protocol-Version'] ?? NEWEST_LEGACY;
    // A refused token may mean the server moved to another AS: discover again.
    const found = held && this.found && isOn('auth-discovery-reused') ? this.found : await this.discovery.discover(challenge, protocolVersion);
    this.found = found;
    // 2025-11-25 #scope-selection-strategy: the challenge's scope, else all of scopes_supported.
    const fromChallenge = isOn('auth-scope-challenge-ignored') ? undefined : challenge.scope;
    const fromMetadata = isOn('auth-scope-metadata-ignored') ? undefined : found.scopesSupported?.join(' ');
    await this.authorize(scopesOf(fromChallenge ?? fromMetadata), found.server);
    return true;
  }

  /** 403 insufficient_scope: re-authorize once (the HTTP client retries the request once). */
  private async stepUp(challenge: Record<string, string>): Promise<boolean> {
    if (challenge.error !== 'insufficient_scope' || this.token === undefined || !this.found || isOn('auth-step-up-missing')) return false;
    const challenged = scopesOf(challenge.scope);
    const scopes = isOn('auth-step-up-scope-replaced') ? challenged : [...new Set([...this.requested, ...challenged])];
    try {
      await this.authorize(scopes, this.found.server);
      return true;
    } catch (e) {
      verbose(`step-up failed: ${describe(e)}`);
      return false;
    }
  }

  private async credentials(server: AuthorizationServer): Promise<ClientCredentials> {
    // Credentials are bound to the issuer that accepted them (2026-07-28 #authorization-server-binding).
    const bound = this.client?.issuer === server.issuer || (this.client !== undefined && isOn('auth-credentials-reused-across-issuers'));
    if (!bound || !this.client) this.client = { issuer: server.issuer, credentials: await register(this.http, server) };
    return this.client.credentials;
  }

  private async authorize(scopes: string[], server: AuthorizationServer): Promise<void> {
    this.checkPkceSupport(server);
    const client = await this.credentials(server);
    const verifier = random();
    const plain = isOn('auth-pkce-plain');
    const state = isOn('auth-state-missing') ? undefined : random();
    const redirectUri = isOn('auth-redirect-uri-unregistered') ? client.redirectUri.replace(/\/callback$/, '/other-callback') : client.redirectUri;
    const resource = canonicalResource(this.mcpUrl);
    const url = new URL(server.authorize);
    const params: Record<string, string | undefined> = {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: redirectUri,
      code_challenge: plain ? verifier : createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: plain ? 'plain' : 'S256',
      state,
      scope: scopes.length ? scopes.join(' ') : undefined,
      resource,
    };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
    this.http.leak = this.token;
    await this.reportOpening(url);
    // Only the fault that takes any scheme gets here with another (AUTH-069): it "opened" it, and nothing comes back.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Fatal(`opened the ${url.protocol} authorization URL: no redirect comes back to a headless client`);
    // Headless: the AS approves at once and redirects; the Location is the callback.
    const res = await this.http.get(url);
    const location = res.headers.location;
    if (res.status < 300 || res.status > 399 || !location) throw new Fatal(`the authorization endpoint answered HTTP ${res.status} without a redirect`);
    const back = new URL(location, url);
    this.verifyResponse(back, server, state);
    const code = back.searchParams.get('code');
    if (!code) throw new Fatal(`authorization refused: ${back.searchParams.get('error') ?? 'no code'}`);
    const form = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: isOn('auth-pkce-verifier-wrong') ? random() : verifier });
    if (!isOn('auth-resource-missing-in-token-request')) form.set('resource', resource);
    const headers: Record<string, string> = {};
    if (client.auth === 'client_secret_basic') {
      headers.Authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.secret ?? '')}`).toString('base64')}`;
    } else {
      form.set('client_id', client.clientId);
      if (client.auth === 'client_secret_post') form.set('client_secret', client.secret ?? '');
    }
    const answer = await this.http.postForm(server.token, form, headers);
    const token = answer.json?.access_token;
    if (answer.status !== 200 || typeof token !== 'string' || String(answer.json?.token_type).toLowerCase() !== 'bearer') {
      throw new Fatal(`the token request failed: HTTP ${answer.status} ${String(answer.json?.error ?? answer.text.slice(0, 100))}`);
    }
    this.token = token;
    this.requested = scopes;
    verbose(`authorized${scopes.length ? ` for ${scopes.join(' ')}` : ''}`);
  }

  /**
   * The opener hook (MCP_CONFORMANCE_CONTEXT `opener_report`, a path on the MCP server's
   * origin): the URL this headless client opens instead of a browser, said before it opens it.
   */
  private async reportOpening(url: URL): Promise<void> {
    const path = openerReport();
    if (path === undefined) return;
    await this.http.postJson(new URL(path, this.mcpUrl), { url: url.href }).catch((e: unknown) => verbose(`opener report failed: ${describe(e)}`));
  }

  /** The fault auth-refresh-token-assumed: a refresh_token grant with a refresh token it never got; on failure it gives up. */
  private async assumedRefresh(server: AuthorizationServer): Promise<never> {
    const form = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: '' });
    if (this.client) form.set('client_id', this.client.credentials.clientId);
    const answer = await this.http.postForm(server.token, form);
    throw new Fatal(`the token refresh failed: HTTP ${answer.status} ${String(answer.json?.error ?? '')}`);
  }

  /** 2025-11-25 #authorization-code-protection: no PKCE (S256) in the metadata, no authorization. */
  private checkPkceSupport(server: AuthorizationServer): void {
    if (!server.metadata || isOn('auth-pkce-support-unchecked')) return;
    const methods = server.metadata.code_challenge_methods_supported;
    if (!Array.isArray(methods) || !methods.includes('S256')) throw new Fatal('the authorization server does not advertise PKCE with S256 (code_challenge_methods_supported): refusing to authorize');
  }

  /** RFC 9207 §2.4 (iss against the recorded issuer, exact), then the state; a failure discards the response. */
  private verifyResponse(back: URL, server: AuthorizationServer, state: string | undefined): void {
    const iss = back.searchParams.get('iss');
    if (!isOn('auth-iss-unchecked')) {
      const advertised = server.metadata?.authorization_response_iss_parameter_supported === true;
      if (iss !== null && iss !== server.issuer) throw new Fatal(`the authorization response names issuer ${iss}, not ${server.issuer}: discarded`);
      if (iss === null && advertised) throw new Fatal('the authorization response lacks iss although the AS advertises it: discarded');
    }
    if (!isOn('auth-state-unchecked') && (back.searchParams.get('state') ?? undefined) !== state) throw new Fatal('the authorization response carries a state this client did not send: discarded');
  }
}
