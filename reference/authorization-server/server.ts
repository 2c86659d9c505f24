// The reference authorization server: a small, correct OAuth 2.1 AS on loopback (node:http) for
// the AS checks of suites/authorization to pass, and, under each fault of faults.ts, to fail
// exactly the check about that rule. Authorization code + PKCE (S256; the code is issued by
// redirect at once, no login), client credentials, refresh, Dynamic Client Registration
// (RFC 7591), Client ID Metadata Documents, RFC 8414 and OpenID Connect discovery metadata,
// resource indicators (RFC 8707) and the iss authorization response parameter (RFC 9207).
// Its issuer has a path (/tenant), so the discovery order for path issuers is exercised.
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign as cryptoSign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackUrl } from '../../harness/rules/loopback.js';
import { asFaults, type AsFaultId } from './faults.js';

export interface AuthorizationServerOptions {
  port?: number;
  /** The issuer's path (default /tenant; '' for an issuer without a path). */
  path?: string;
  faults?: readonly string[];
  /**
   * Sign access tokens with an ES256 key published at jwks_uri, so that a resource server can
   * verify them itself (the reference server's --protected-by). Default: HS256 with a secret key.
   */
  jwks?: boolean;
  /** The access token lifetime in seconds (default 3600); short ones exercise renewal. */
  accessTokenTtl?: number;
  /** Clients known beforehand; a loopback redirect URI of theirs matches on any port (RFC 8252 §7.3). */
  clients?: readonly { id: string; secret?: string; redirectUris?: readonly string[] }[];
  /** false: no Dynamic Client Registration (no registration_endpoint, /register is 404). */
  registration?: boolean;
}

export interface RunningAuthorizationServer {
  issuer: string;
  /** Client ID metadata documents it fetched (their URLs), in order. */
  fetched: string[];
  close(): Promise<void>;
}

interface Client {
  id: string;
  secret?: string;
  redirectUris: string[];
  /** Pre-registered: a loopback redirect URI matches whatever its port. */
  anyLoopbackPort?: boolean;
}

/** RFC 8252 §7.3: the same loopback redirect URI but for the port. */
const sameButPort = (registered: string, asked: string): boolean => {
  try {
    const a = new URL(registered);
    const b = new URL(asked);
    return isLoopbackUrl(registered) && a.protocol === b.protocol && a.hostname === b.hostname && a.pathname === b.pathname && a.search === b.search;
  } catch {
    return false;
  }
};

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge?: string;
  resource?: string;
  scope?: string;
}

const b64url = (b: Buffer | string): string => Buffer.from(b).toString('base64url');
const s256 = (verifier: string): string => b64url(createHash('sha256').update(verifier).digest());
const token = (): string => b64url(randomBytes(24));

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(text);
}

const oauthError = (res: ServerResponse, status: number, error: string, description: string): void => send(res, status, { error, error_description: description });

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Redirect URIs a client may register: https, or http on loopback (MCP: localhost or HTTPS). */
const allowedRedirect = (uri: string): boolean => {
  try {
    const u = new URL(uri);
    return !u.hash && (u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackUrl(uri)));
  } catch {
    return false;
  }
};

/** An absolute URI without a fragment (RFC 8707 §2). */
const validResource = (r: string): boolean => {
  try {
    return !new URL(r).hash && !r.includes('#');
  } catch {
    return false;
  }
};

export async function startAuthorizationServer(opts: AuthorizationServerOptions = {}): Promise<RunningAuthorizationServer> {
  const faults = asFaults();
  const unknown = faults.enableFaults(opts.faults ?? []);
  if (unknown.length) throw new Error(`unknown authorization-server fault(s): ${unknown.join(', ')}`);
  const on = (id: AsFaultId): boolean => faults.isOn(id);
  const path = opts.path ?? '/tenant';
  const key = randomBytes(32);
  const clients = new Map<string, Client>((opts.clients ?? []).map((c) => [c.id, { id: c.id, redirectUris: [...(c.redirectUris ?? [])], anyLoopbackPort: true, ...(c.secret !== undefined ? { secret: c.secret } : {}) }]));
  const registration = opts.registration !== false;
  const ttl = opts.accessTokenTtl ?? 3600;
  const signer = opts.jwks ? generateKeyPairSync('ec', { namedCurve: 'P-256' }) : undefined;
  const kid = b64url(randomBytes(8));
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const issued = new Map<string, { aud: string; clientId: string; scope?: string; exp: number }>();
  const fetched: string[] = [];
  let issuer = '';

  const metadata = (): Record<string, unknown> => ({
    issuer: on('as-issuer-mismatch') ? `${issuer}/` : issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    ...(registration ? { registration_endpoint: `${issuer}/register` } : {}),
    ...(signer ? { jwks_uri: `${issuer}/jwks` } : {}),
    introspection_endpoint: `${issuer}/introspect`,
    revocation_endpoint: on('as-http-endpoint') ? 'http://as.example.com/revoke' : `${issuer}/revoke`,
    ...(on('as-no-response-types') ? {} : { response_types_supported: ['code'] }),
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    code_challenge_methods_supported: on('as-no-s256') ? ['plain'] : ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post', ...(on('as-auth-method-unknown') ? ['magic_secret'] : [])],
    scopes_supported: ['mcp'],
    client_id_metadata_document_supported: true,
    ...(on('as-iss-flag-missing') || on('as-no-iss') ? {} : { authorization_response_iss_parameter_supported: true }),
  });

  /** A JWT access token (HS256 with a key of this instance). */
  const accessToken = (g: Grant): string => {
    const aud = g.resource ? (on('as-resource-wrong-audience') ? 'https://other.example.com/mcp' : g.resource) : issuer;
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: issuer, sub: g.clientId, client_id: g.clientId, aud, iat: now, exp: now + ttl, jti: token(), ...(g.scope ? { scope: g.scope } : {}) };
    const header = signer ? { alg: 'ES256', typ: 'at+jwt', kid } : { alg: 'HS256', typ: 'at+jwt' };
    const head = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
    const signature = signer ? cryptoSign('sha256', Buffer.from(head), { key: signer.privateKey, dsaEncoding: 'ieee-p1363' }) : createHmac('sha256', key).update(head).digest();
    const jwt = `${head}.${b64url(signature)}`;
    issued.set(jwt, { aud, clientId: g.clientId, ...(g.scope ? { scope: g.scope } : {}), exp: claims.exp });
    return jwt;
  };

  const tokenAnswer = (res: ServerResponse, g: Grant, withRefresh: boolean): void => {
    const refresh = withRefresh ? token() : undefined;
    if (refresh) refreshTokens.set(refresh, g);
    send(res, 200, { access_token: accessToken(g), token_type: 'Bearer', expires_in: ttl, ...(refresh ? { refresh_token: refresh } : {}), ...(g.scope ? { scope: g.scope } : {}) });
  };

  /** The client named by a client_id: registered, or a metadata document at its URL (CIMD). */
  const clientOf = async (id: string): Promise<Client | string> => {
    const known = clients.get(id);
    if (known) return known;
    if (!/^https?:\/\//.test(id)) return `unknown client_id ${id}`;
    // CIMD: https URLs, and http on loopback (a local test set-up).
    if (!id.startsWith('https://') && !isLoopbackUrl(id)) return 'a URL-form client_id must be https';
    if (on('as-cimd-no-fetch')) return { id, redirectUris: [] };
    fetched.push(id);
    let doc: unknown;
    try {
      const r = await fetch(id, { redirect: 'error', signal: AbortSignal.timeout(5000) });
      if (!r.ok) return `the client ID metadata document answered HTTP ${r.status}`;
      doc = await r.json();
    } catch (e) {
      return `the client ID metadata document could not be read: ${(e as Error).message}`;
    }
    if (typeof doc !== 'object' || doc === null) return 'the client ID metadata document is no JSON object';
    const d = doc as Record<string, unknown>;
    if (d.client_id !== id && !on('as-cimd-mismatch-accepted')) return 'the document\'s client_id is not its URL';
    const uris = Array.isArray(d.redirect_uris) ? d.redirect_uris.filter((u): u is string => typeof u === 'string') : [];
    if (uris.length === 0) return 'the document has no redirect_uris';
    return { id, redirectUris: uris };
  };

  const authorize = async (url: URL, res: ServerResponse): Promise<void> => {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    const client = await clientOf(clientId);
    if (typeof client === 'string') return send(res, 400, `invalid_request: ${client}`);
    // A document not fetched has no redirect URIs to match (the fault): any is taken.
    const registeredUri = client.redirectUris.includes(redirectUri) || (client.anyLoopbackPort === true && client.redirectUris.some((u) => sameButPort(u, redirectUri)));
    if (client.redirectUris.length > 0 && !registeredUri) return send(res, 400, 'invalid_request: redirect_uri is not registered for this client');
    const back = (params: Record<string, string>): void => {
      const to = new URL(redirectUri);
      const state = q.get('state');
      for (const [k, v] of Object.entries({ ...params, ...(state !== null ? { state } : {}), ...(on('as-no-iss') ? {} : { iss: issuer }) })) to.searchParams.set(k, v);
      res.writeHead(302, { location: to.toString(), 'cache-control': 'no-store' });
      res.end();
    };
    if (q.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    const challenge = q.get('code_challenge') ?? undefined;
    if (!challenge && !on('as-pkce-optional')) return back({ error: 'invalid_request', error_description: 'code_challenge is required (PKCE)' });
    if (challenge && (q.get('code_challenge_method') ?? 'plain') !== 'S256') return back({ error: 'invalid_request', error_description: 'code_challenge_method must be S256' });
    const resource = q.get('resource') ?? undefined;
    if (resource !== undefined && !validResource(resource)) return back({ error: 'invalid_target' });
    const code = token();
    const scope = q.get('scope') ?? undefined;
    codes.set(code, { clientId: client.id, redirectUri, ...(challenge ? { challenge } : {}), ...(resource ? { resource } : {}), ...(scope ? { scope } : {}) });
    back({ code });
  };

  /** The client authenticating at the token endpoint: public (client_id), secret by Basic or post. */
  const tokenClient = (req: IncomingMessage, form: URLSearchParams): string | undefined => {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    const [id, secret] = basic ? Buffer.from(basic[1] ?? '', 'base64').toString('utf8').split(':').map(decodeURIComponent) : [form.get('client_id') ?? undefined, form.get('client_secret') ?? undefined];
    if (!id) return undefined;
    const c = clients.get(id);
    if (c?.secret !== undefined && c.secret !== secret) return undefined;
    return id;
  };

  const tokenEndpoint = (req: IncomingMessage, form: URLSearchParams, res: ServerResponse): void => {
    const clientId = tokenClient(req, form);
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const g = codes.get(form.get('code') ?? '');
      if (!g || g.clientId !== clientId) return oauthError(res, 400, 'invalid_grant', 'unknown code, or another client\'s');
      codes.delete(form.get('code') ?? '');
      if (g.redirectUri !== form.get('redirect_uri')) return oauthError(res, 400, 'invalid_grant', 'redirect_uri differs from the authorization request\'s');
      const verifier = form.get('code_verifier');
      if (g.challenge && !on('as-pkce-verifier-ignored') && (!verifier || s256(verifier) !== g.challenge)) return oauthError(res, 400, 'invalid_grant', 'code_verifier does not match the code_challenge');
      if (!g.challenge && verifier) return oauthError(res, 400, 'invalid_grant', 'code_verifier without a code_challenge (PKCE downgrade)');
      if (on('as-code-exchange-broken')) return oauthError(res, 400, 'invalid_grant', 'refused');
      const resource = form.get('resource') ?? g.resource;
      if (resource !== undefined && !validResource(resource)) return oauthError(res, 400, 'invalid_target', 'resource is no absolute URI');
      return tokenAnswer(res, { ...g, ...(resource ? { resource } : {}) }, true);
    }
    if (grantType === 'refresh_token') {
      const old = form.get('refresh_token') ?? '';
      const g = refreshTokens.get(old);
      if (!g || g.clientId !== clientId || on('as-refresh-broken')) return oauthError(res, 400, 'invalid_grant', 'unknown refresh token');
      refreshTokens.delete(old);
      return tokenAnswer(res, g, true);
    }
    if (grantType === 'client_credentials') {
      const c = clientId ? clients.get(clientId) : undefined;
      if (!c?.secret) return oauthError(res, 401, 'invalid_client', 'client_credentials needs a confidential client');
      const resource = form.get('resource') ?? undefined;
      if (resource !== undefined && !validResource(resource)) return oauthError(res, 400, 'invalid_target', 'resource is no absolute URI');
      const scope = form.get('scope') ?? undefined;
      return tokenAnswer(res, { clientId: c.id, redirectUri: '', ...(resource ? { resource } : {}), ...(scope ? { scope } : {}) }, false);
    }
    oauthError(res, 400, 'unsupported_grant_type', `grant_type ${grantType ?? '(none)'}`);
  };

  const register = (body: string, res: ServerResponse): void => {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return oauthError(res, 400, 'invalid_client_metadata', 'the body is no JSON');
    }
    const uris = Array.isArray(m.redirect_uris) ? m.redirect_uris : [];
    if (uris.length === 0 || !uris.every((u) => typeof u === 'string')) return oauthError(res, 400, 'invalid_redirect_uri', 'redirect_uris must be a non-empty array of URIs');
    const bad = (uris as string[]).find((u) => !allowedRedirect(u));
    if (bad && !on('as-dcr-http-redirect')) return oauthError(res, 400, 'invalid_redirect_uri', `${bad} is neither https nor a loopback URI`);
    const method = typeof m.token_endpoint_auth_method === 'string' ? m.token_endpoint_auth_method : 'none';
    if (!['none', 'client_secret_basic', 'client_secret_post'].includes(method)) return oauthError(res, 400, 'invalid_client_metadata', `token_endpoint_auth_method ${method} is not supported`);
    const client: Client = { id: `client-${token()}`, redirectUris: uris as string[], ...(method !== 'none' ? { secret: token() } : {}) };
    clients.set(client.id, client);
    send(res, on('as-dcr-200') ? 200 : 201, {
      ...m,
      client_id: client.id,
      client_id_issued_at: Math.floor(Date.now() / 1000),
      ...(client.secret ? { client_secret: client.secret, client_secret_expires_at: 0 } : {}),
      token_endpoint_auth_method: method,
    });
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const p = url.pathname;
      const form = req.method === 'POST' ? await bodyOf(req) : '';
      if (req.method === 'GET' && on('as-metadata-root-only')) {
        if (p === '/.well-known/oauth-authorization-server') return send(res, 200, metadata());
      } else if (req.method === 'GET' && (p === `/.well-known/oauth-authorization-server${path}` || p === `${path}/.well-known/openid-configuration` || p === `/.well-known/openid-configuration${path}`)) {
        return send(res, 200, metadata());
      }
      if (req.method === 'GET' && p === `${path}/authorize`) return await authorize(url, res);
      if (req.method === 'POST' && p === `${path}/token`) return tokenEndpoint(req, new URLSearchParams(form), res);
      if (req.method === 'POST' && p === `${path}/register` && registration) return register(form, res);
      if (req.method === 'GET' && p === `${path}/jwks` && signer) return send(res, 200, { keys: [{ ...signer.publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' }] });
      if (req.method === 'POST' && p === `${path}/introspect`) {
        const t = issued.get(new URLSearchParams(form).get('token') ?? '');
        return send(res, 200, t && t.exp * 1000 > Date.now() ? { active: true, aud: t.aud, client_id: t.clientId, exp: t.exp, iss: issuer, ...(t.scope ? { scope: t.scope } : {}) } : { active: false });
      }
      if (req.method === 'POST' && p === `${path}/revoke`) {
        const f = new URLSearchParams(form);
        issued.delete(f.get('token') ?? '');
        refreshTokens.delete(f.get('token') ?? '');
        return send(res, 200, '');
      }
      send(res, 404, { error: 'not_found' });
    })().catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'server_error', error_description: String(e) });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return {
    issuer,
    fetched,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
