// Protected by a real issuer (--protected-by <issuer-url>): the MCP endpoints want a JWT access
// token signed by that issuer (its JWKS, ES256 or RS256, checked with node:crypto), for this
// server (aud = its own MCP URL, RFC 8707), not expired, with the scope the request needs. A
// 401 names the protected resource metadata (RFC 9728), which names the issuer. What
// `--oauth` logs in against end to end; the fixed test tokens of auth.ts play no part here.
import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const ENDPOINT = '/mcp';
const PRM_PATH = `/.well-known/oauth-protected-resource${ENDPOINT}`;
const PRM_ROOT = '/.well-known/oauth-protected-resource';
const SCOPES = ['mcp', 'mcp:listen'];

const origin = (req: IncomingMessage): string => `http://${req.headers.host ?? '127.0.0.1'}`;

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** The issuer's keys by kid, read from its metadata's jwks_uri (again when a kid is unknown). */
class IssuerKeys {
  private keys = new Map<string, { key: KeyObject; alg: string }>();
  constructor(private readonly issuer: string) {}

  /** The issuer's RFC 8414 metadata. */
  async metadata(): Promise<Record<string, unknown>> {
    const u = new URL(this.issuer);
    const path = u.pathname === '/' ? '' : u.pathname;
    return (await (await fetch(`${u.origin}/.well-known/oauth-authorization-server${path}`)).json()) as Record<string, unknown>;
  }

  private async load(): Promise<void> {
    const meta = (await this.metadata()) as { jwks_uri?: string };
    if (!meta.jwks_uri) throw new Error(`${this.issuer} advertises no jwks_uri`);
    const set = (await (await fetch(meta.jwks_uri)).json()) as { keys?: (JsonWebKey & { kid?: string; alg?: string })[] };
    this.keys = new Map((set.keys ?? []).map((k) => [k.kid ?? '', { key: createPublicKey({ key: k, format: 'jwk' }), alg: k.alg ?? (k.kty === 'EC' ? 'ES256' : 'RS256') }]));
  }

  async get(kid: string): Promise<{ key: KeyObject; alg: string } | undefined> {
    if (!this.keys.has(kid)) await this.load();
    return this.keys.get(kid);
  }
}

const b64json = (part: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
};

export class IssuerProtection {
  private readonly keys: IssuerKeys;
  constructor(readonly issuer: string) {
    this.keys = new IssuerKeys(issuer);
  }

  /**
   * The protected resource metadata; true when it answered the request. A 2025-03-26 client
   * knows no resource metadata and looks for /authorize, /token and /register at this origin
   * (basic/authorization#fallbacks-for-servers-without-metadata-discovery): they redirect to
   * the issuer's endpoints (307 keeps a POST's method and body).
   */
  async serveDocuments(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const path = url.pathname;
    if (path === PRM_PATH || path === PRM_ROOT) {
      json(res, 200, { resource: `${origin(req)}${ENDPOINT}`, authorization_servers: [this.issuer], scopes_supported: SCOPES, bearer_methods_supported: ['header'], resource_name: 'mcp-conformance reference server' });
      return true;
    }
    const field = { '/authorize': 'authorization_endpoint', '/token': 'token_endpoint', '/register': 'registration_endpoint' }[path];
    if (field === undefined) return false;
    const to = (await this.keys.metadata().catch(() => ({})) as Record<string, unknown>)[field];
    if (typeof to !== 'string') json(res, 404, { error: 'not_found' });
    else {
      res.writeHead(307, { Location: `${to}${url.search}`, 'Content-Length': 0 });
      res.end();
    }
    return true;
  }

  /** The token's claims when it is valid for this server, else why not. */
  private async claims(token: string, audience: string): Promise<Record<string, unknown> | string> {
    const [h, p, s] = token.split('.');
    const head = h ? b64json(h) : undefined;
    const claims = p ? b64json(p) : undefined;
    if (!head || !claims || !s) return 'not a JWT';
    const found = await this.keys.get(typeof head.kid === 'string' ? head.kid : '').catch(() => undefined);
    if (!found || head.alg !== found.alg) return 'not signed by a key of the issuer';
    const signed = Buffer.from(`${h}.${p}`);
    const ok = found.alg === 'ES256' ? verify('sha256', signed, { key: found.key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url')) : verify('sha256', signed, found.key, Buffer.from(s, 'base64url'));
    if (!ok) return 'bad signature';
    if (claims.iss !== this.issuer) return 'another issuer';
    const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!aud.includes(audience)) return 'issued for another resource';
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return 'expired';
    return claims;
  }

  /** Checks the bearer token of a request to an MCP endpoint; answers 401/403 itself and returns false when it may not go on. */
  async authorize(req: IncomingMessage, res: ServerResponse, needs: string): Promise<boolean> {
    const base = `Bearer resource_metadata="${origin(req)}${PRM_PATH}", scope="${SCOPES.join(' ')}"`;
    const refuse = (status: number, challenge: string, message: string): false => {
      json(res, status, { jsonrpc: '2.0', id: null, error: { code: -32001, message } }, { 'WWW-Authenticate': challenge });
      return false;
    };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    if (!match?.[1]) return refuse(401, base, 'Unauthorized: a bearer token is required');
    const claims = await this.claims(match[1], `${origin(req)}${ENDPOINT}`);
    if (typeof claims === 'string') return refuse(401, `${base}, error="invalid_token", error_description="${claims}"`, `Unauthorized: the access token is invalid (${claims})`);
    const granted = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!granted.includes(needs)) return refuse(403, `Bearer error="insufficient_scope", scope="${[...granted, needs].join(' ')}", resource_metadata="${origin(req)}${PRM_PATH}"`, `Forbidden: the token lacks the ${needs} scope`);
    return true;
  }
}
