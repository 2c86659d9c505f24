// The scripted authorization server: metadata documents (RFC 8414 / OpenID Connect Discovery)
// where the profile puts them, a headless authorization endpoint that approves at once and
// redirects straight to the client's redirect_uri with a code and the state, a token endpoint
// that verifies PKCE and binds each token to its resource (RFC 8707), dynamic registration
// (RFC 7591), and client IDs that are metadata document URLs (not fetched: they are https
// URLs the tool does not reach). A correct AS, lenient where the spec leaves it open.
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { HttpRequestRecord } from '../../transports/serve/http-endpoint.js';
import { Answerer, basicOf, formOf, jsonOf, pathOf, queryOf } from './http.js';
import { DANGEROUS_ENDPOINTS, metadataUrl, type AuthProfile, type MetadataLocation } from './profile.js';
import type { AuthTrace, RegisteredClient } from './trace.js';

/** Codes, tokens and clients one run may mint: a client looping on the AS is cut off, not fed. */
const MAX_ISSUED = 200;
const WRONG_STATE = 'mcp-conformance-not-your-state';

const random = (prefix: string) => `${prefix}${randomBytes(12).toString('base64url')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A redirect URI the AS accepts at all: https, or http on a loopback host (RFC 8252 §7.3). */
export function isLocalOrHttps(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname));
  } catch {
    return false;
  }
}

/**
 * Is `used` the registered redirect URI `registered`? Exactly, except that a loopback one may
 * name any port (OAuth 2.1 §8.4.2, RFC 8252 §7.3: native clients take an ephemeral port).
 */
export function redirectMatches(registered: string, used: string): boolean {
  if (registered === used) return true;
  try {
    const a = new URL(registered);
    const b = new URL(used);
    const loopback = (u: URL) => u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
    return loopback(a) && loopback(b) && a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search;
  } catch {
    return false;
  }
}

/** A client ID that is a metadata document URL: https with a path (2025-11-25 #implementation-requirements). */
export function isMetadataDocumentUrl(clientId: string): boolean {
  try {
    const u = new URL(clientId);
    return u.protocol === 'https:' && u.pathname !== '/' && u.pathname !== '';
  } catch {
    return false;
  }
}

export class ScriptedAuthorizationServer {
  private readonly endpoints: { authorize: string; token: string; register: string };
  private readonly documents = new Map<string, MetadataLocation>();
  /** Its issuer identifier: the origin and the issuer path. */
  readonly id: string;
  private registrations = 0;

  constructor(
    private readonly profile: AuthProfile,
    private readonly trace: AuthTrace,
    private readonly out: Answerer,
    private readonly issuerPath = profile.issuerPath,
  ) {
    this.id = `${trace.asOrigin}${issuerPath}`;
    const base = profile.endpoints === 'default' ? trace.asOrigin : `${this.id}/oauth`;
    this.endpoints = { authorize: `${base}/authorize`, token: `${base}/token`, register: `${base}/register` };
    for (const at of profile.metadata) this.documents.set(new URL(metadataUrl(trace.asOrigin, issuerPath, at)).pathname, at);
    const pre = profile.preRegistered;
    if (pre) trace.clients.set(pre.clientId, { clientId: pre.clientId, issuer: this.id, secret: pre.clientSecret, redirectUris: [], how: 'pre-registered' });
  }

  /** Answers a request to one of its URLs; false for anything else. */
  handle(req: HttpRequestRecord, res: ServerResponse): boolean {
    const path = pathOf(req.path);
    const at = this.documents.get(path);
    if (at && req.method === 'GET') {
      this.out.role(req, 'as-metadata');
      return this.out.json(req, res, 200, this.metadata(at));
    }
    const url = `${this.trace.asOrigin}${path}`;
    if (url === this.endpoints.authorize) return this.authorize(req, res);
    if (url === this.endpoints.token) return this.tokenRequest(req, res);
    if (url === this.endpoints.register) {
      this.out.role(req, 'register');
      if (!this.profile.registration.dcr || req.method !== 'POST') return this.out.text(req, res, 404, 'no registration endpoint');
      return this.register(req, res);
    }
    return false;
  }

  private get issuer(): string {
    return this.profile.metadataIssuer === 'right' ? this.id : `${this.trace.asOrigin}/impostor`;
  }

  private metadata(at: MetadataLocation): Record<string, unknown> {
    const p = this.profile;
    return {
      issuer: this.issuer,
      authorization_endpoint: p.dangerousEndpoint ? DANGEROUS_ENDPOINTS[p.dangerousEndpoint] : this.endpoints.authorize,
      token_endpoint: this.endpoints.token,
      ...(p.registration.dcr ? { registration_endpoint: this.endpoints.register } : {}),
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      ...(p.pkceMethods ? { code_challenge_methods_supported: p.pkceMethods } : {}),
      token_endpoint_auth_methods_supported: p.preRegistered ? ['client_secret_basic', 'client_secret_post'] : ['none', 'client_secret_basic', 'client_secret_post'],
      ...(p.registration.cimd ? { client_id_metadata_document_supported: true } : {}),
      authorization_response_iss_parameter_supported: p.iss.advertised,
      ...(p.prm.scopes ? { scopes_supported: [...p.prm.scopes, ...Object.values(p.toolScopes ?? {})] } : {}),
      ...(at === 'oauth-insert' ? {} : { jwks_uri: `${this.trace.asOrigin}/jwks.json`, subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'] }),
    };
  }

  /** A client this AS knows: registered here, or a metadata document URL (portable across ASes). */
  private client(clientId: string): RegisteredClient | undefined {
    const known = this.trace.clients.get(clientId);
    if (known && (known.issuer === this.id || known.how === 'metadata-document')) return known;
    if (!known && this.profile.registration.cimd && isMetadataDocumentUrl(clientId)) {
      const doc: RegisteredClient = { clientId, issuer: this.id, redirectUris: [], how: 'metadata-document' };
      this.trace.clients.set(clientId, doc);
      return doc;
    }
    return undefined;
  }

  /** Registered redirect URIs match exactly; without a list (pre-registered, metadata document) any local or https one. */
  private redirectAllowed(client: RegisteredClient, uri: string): boolean {
    return client.redirectUris.length ? client.redirectUris.some((r) => redirectMatches(r, uri)) : isLocalOrHttps(uri);
  }

  private authorize(req: HttpRequestRecord, res: ServerResponse): true {
    this.out.role(req, 'authorize');
    if (this.trace.grants.length >= MAX_ISSUED) return this.out.text(req, res, 429, 'too many authorization requests in one run');
    const q = queryOf(req.path);
    const client = this.client(q.get('client_id') ?? '');
    const redirectUri = q.get('redirect_uri') ?? '';
    // Errors about the client or the redirect URI are never redirected (RFC 6749 §4.1.2.1).
    if (!client) return this.out.text(req, res, 400, `unknown client_id ${JSON.stringify(q.get('client_id'))}`);
    if (!this.redirectAllowed(client, redirectUri)) return this.out.text(req, res, 400, `redirect_uri ${JSON.stringify(redirectUri)} is not registered for this client`);
    const back = new URL(redirectUri);
    const state = q.get('state');
    const reply = (params: Record<string, string>) => {
      for (const [k, v] of Object.entries(params)) back.searchParams.set(k, v);
      const sent = this.profile.state === 'wrong' ? WRONG_STATE : state;
      if (sent !== null) back.searchParams.set('state', sent);
      if (this.profile.iss.value !== 'none') back.searchParams.set('iss', this.profile.iss.value === 'right' ? this.id : `${this.trace.asOrigin}/impostor`);
      return this.out.redirect(req, res, back.toString());
    };
    if (q.get('response_type') !== 'code') return reply({ error: 'unsupported_response_type' });
    const challenge = q.get('code_challenge');
    const method = q.get('code_challenge_method') ?? 'plain';
    if (!challenge || (method !== 'S256' && method !== 'plain')) return reply({ error: 'invalid_request', error_description: 'PKCE code_challenge (S256) is required' });
    const asked = (q.get('scope') ?? '').split(' ').filter(Boolean);
    const never = new Set(this.profile.neverGranted ?? []);
    const code = random('mcpc-code-');
    const resource = q.get('resource');
    this.trace.grants.push({
      seq: req.seq,
      code,
      clientId: client.clientId,
      redirectUri,
      challenge,
      method,
      asked,
      granted: asked.filter((s) => !never.has(s)),
      ...(resource !== null ? { resource } : {}),
    });
    return reply({ code });
  }

  private tokenRequest(req: HttpRequestRecord, res: ServerResponse): true {
    this.out.role(req, 'token');
    const form = formOf(req.body);
    const fail = (status: number, error: string, description: string) => this.out.json(req, res, status, { error, error_description: description });
    if (req.method !== 'POST') return fail(405, 'invalid_request', 'the token endpoint takes POST');
    if (this.trace.tokens.length >= MAX_ISSUED) return fail(429, 'slow_down', 'too many token requests in one run');
    if (form.get('grant_type') !== 'authorization_code') return fail(400, 'unsupported_grant_type', 'only authorization_code is supported');
    const basic = basicOf(req.headers);
    const clientId = basic?.id ?? form.get('client_id') ?? '';
    const secret = basic?.secret ?? form.get('client_secret') ?? undefined;
    const client = this.client(clientId);
    if (!client) return fail(401, 'invalid_client', `unknown client ${JSON.stringify(clientId)}`);
    // Pre-registered clients must authenticate; a dynamically registered one only must not lie.
    const authenticates = client.how === 'pre-registered' || secret !== undefined;
    if (client.secret !== undefined && authenticates && client.secret !== secret) return fail(401, 'invalid_client', 'client authentication failed');
    const grant = this.trace.grants.find((g) => g.code === form.get('code'));
    if (!grant || grant.redeemedAt !== undefined) return fail(400, 'invalid_grant', 'unknown or used authorization code');
    if (grant.clientId !== clientId) return fail(400, 'invalid_grant', 'the code was issued to another client');
    if (form.get('redirect_uri') !== grant.redirectUri) return fail(400, 'invalid_grant', 'redirect_uri differs from the authorization request');
    const verifier = form.get('code_verifier');
    if (!verifier || (grant.method === 'S256' ? s256(verifier) : verifier) !== grant.challenge) return fail(400, 'invalid_grant', 'PKCE verification failed');
    grant.redeemedAt = req.seq;
    // RFC 8707: bind the token to the resource asked for; an AS ignoring `resource` would mint one for its only resource.
    const audience = form.get('resource') ?? grant.resource ?? this.trace.mcpUrl;
    const token = random('mcpc-at-');
    this.trace.tokens.push({ token, issuer: this.id, seq: req.seq, scopes: grant.granted, audience, clientId });
    // Never a refresh_token (AUTH-068: the AS retains discretion); the expiry profile's first token is short-lived.
    const lifetime = this.profile.expiry && this.trace.tokens.length === 1 ? 30 : 3600;
    return this.out.json(req, res, 200, { access_token: token, token_type: 'Bearer', expires_in: lifetime, ...(grant.granted.length ? { scope: grant.granted.join(' ') } : {}) });
  }

  private register(req: HttpRequestRecord, res: ServerResponse): true {
    if (this.registrations >= MAX_ISSUED) return this.out.json(req, res, 429, { error: 'slow_down', error_description: 'too many registrations in one run' });
    const body = jsonOf(req.body);
    const uris = body?.redirect_uris;
    if (!body || !Array.isArray(uris) || uris.length === 0 || !uris.every((u): u is string => typeof u === 'string' && isLocalOrHttps(u))) {
      return this.out.json(req, res, 400, { error: 'invalid_redirect_uri', error_description: 'redirect_uris must list local or https URIs' });
    }
    const method = typeof body.token_endpoint_auth_method === 'string' ? body.token_endpoint_auth_method : 'client_secret_basic';
    // Client IDs are unique across the run's ASes: another AS does not know them.
    const tag = this.issuerPath.replace(/[^a-z0-9]/gi, '') || 'as';
    const client: RegisteredClient = { clientId: `mcpc-${tag}-client-${++this.registrations}`, issuer: this.id, redirectUris: uris, how: 'dynamic', ...(method === 'none' ? {} : { secret: random('mcpc-secret-') }) };
    this.trace.clients.set(client.clientId, client);
    return this.out.json(req, res, 201, {
      ...body,
      client_id: client.clientId,
      ...(client.secret ? { client_secret: client.secret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(Date.now() / 1000),
      token_endpoint_auth_method: method,
    });
  }
}

/** A URL path only metadata discovery asks for (either well-known suffix, inserted or appended). */
export function isDiscoveryPath(path: string): boolean {
  return /\/\.well-known\/(oauth-authorization-server|openid-configuration)(\/|$)/.test(path);
}

/** After every AS declined: a discovery URL with no document gets 404 as such; anything else is left. */
export function noMetadata(out: Answerer, req: HttpRequestRecord, res: ServerResponse): boolean {
  if (!isDiscoveryPath(pathOf(req.path))) return false;
  out.role(req, 'as-metadata');
  return out.text(req, res, 404, 'no metadata here');
}
