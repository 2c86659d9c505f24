// Finding the authorization server, for every revision at once (the client learns the
// revision only after it is authorized): the protected resource metadata named by the
// challenge, else the well-known URIs (path-suffixed, then root); its first authorization
// server's metadata by RFC 8414 and OpenID Connect discovery in the spec's order. Without any
// protected resource metadata, the 2025-03-26 way: RFC 8414 at the MCP origin's root, else the
// default endpoints there.
import type { OAuthHttp } from './auth-http.js';
import { isOn } from './faults.js';
import type { Json } from './jsonrpc.js';
import { Fatal, verbose } from './log.js';

export interface AuthorizationServer {
  /** The issuer the metadata was looked up for (recorded for RFC 9207 iss validation). */
  issuer: string;
  /** The validated metadata; undefined when the default endpoints are used. */
  metadata: Json | undefined;
  authorize: URL;
  token: URL;
  register: URL | undefined;
}

export interface Discovered {
  server: AuthorizationServer;
  /** scopes_supported of the protected resource metadata. */
  scopesSupported: string[] | undefined;
}

/** The MCP server URL as a resource indicator: no fragment, no query (RFC 8707 §2). */
export function canonicalResource(mcpUrl: URL): string {
  return isOn('auth-resource-origin-only') ? mcpUrl.origin : `${mcpUrl.origin}${mcpUrl.pathname}`;
}

function url(value: unknown, base?: string): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const u = new URL(value, base);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u : undefined;
  } catch {
    return undefined;
  }
}

/** A URL of any scheme (only the fault that opens any authorization URL takes one). */
function anyUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Does protected resource metadata for `resource` cover the MCP URL (RFC 9728 §3.3, the URL or an ancestor)? */
function resourceMatches(resource: unknown, mcpUrl: URL): boolean {
  const r = url(resource);
  if (!r || r.origin !== mcpUrl.origin || r.search || r.hash) return false;
  const path = r.pathname.replace(/\/$/, '');
  return path === '' || mcpUrl.pathname === path || mcpUrl.pathname.startsWith(`${path}/`);
}

/** The AS metadata URLs of an issuer, in the 2025-11-25 priority order (RFC 8414 first). */
export function metadataUrls(issuer: URL): URL[] {
  const path = issuer.pathname.replace(/\/$/, '');
  const oauth = new URL(`/.well-known/oauth-authorization-server${path}`, issuer.origin);
  const oidcInsert = new URL(`/.well-known/openid-configuration${path}`, issuer.origin);
  const oidcAppend = new URL(`${path}/.well-known/openid-configuration`, issuer.origin);
  const order = path ? [oauth, oidcInsert, oidcAppend] : [oauth, oidcInsert];
  return isOn('auth-as-metadata-openid-first') ? [oidcInsert, ...order.filter((u) => u !== oidcInsert)] : order;
}

export class Discovery {
  constructor(
    private readonly http: OAuthHttp,
    private readonly mcpUrl: URL,
  ) {}

  async discover(challenge: Record<string, string>, protocolVersion: string): Promise<Discovered> {
    const prm = await this.resourceMetadata(challenge);
    if (!prm) return { server: await this.atOrigin(protocolVersion), scopesSupported: undefined };
    if (!isOn('auth-prm-resource-unchecked') && !resourceMatches(prm.resource, this.mcpUrl)) {
      throw new Fatal(`the protected resource metadata is for ${JSON.stringify(prm.resource)}, not ${this.mcpUrl.href}`);
    }
    const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers : [];
    const issuer = url(servers[0]);
    if (!issuer) throw new Fatal('the protected resource metadata lists no authorization server');
    const scopes = Array.isArray(prm.scopes_supported) ? prm.scopes_supported.filter((s): s is string => typeof s === 'string') : undefined;
    return { server: await this.fromMetadata(servers[0] as string, metadataUrls(issuer), protocolVersion), scopesSupported: scopes };
  }

  /** RFC 9728: the challenge's resource_metadata, else the well-known URIs in order. */
  private async resourceMetadata(challenge: Record<string, string>): Promise<Json | undefined> {
    const named = isOn('auth-prm-challenge-ignored') ? undefined : url(challenge.resource_metadata);
    const path = this.mcpUrl.pathname.replace(/\/$/, '');
    const wellKnown = [new URL(`/.well-known/oauth-protected-resource${path}`, this.mcpUrl.origin), new URL('/.well-known/oauth-protected-resource', this.mcpUrl.origin)];
    if (!path) wellKnown.shift();
    if (isOn('auth-prm-root-first')) wellKnown.reverse();
    for (const candidate of named ? [named] : wellKnown) {
      const res = await this.http.get(candidate);
      verbose(`protected resource metadata ${candidate.href}: HTTP ${res.status}`);
      if (res.status === 200 && res.json) return res.json;
    }
    return undefined;
  }

  /** Tries the metadata URLs in order; the first valid document is used. */
  private async fromMetadata(id: string, urls: URL[], protocolVersion: string): Promise<AuthorizationServer> {
    for (const candidate of urls) {
      const headers: Record<string, string> = isOn('auth-metadata-no-protocol-version') ? {} : { 'MCP-Protocol-Version': protocolVersion };
      const res = await this.http.get(candidate, headers);
      verbose(`authorization server metadata ${candidate.href}: HTTP ${res.status}`);
      if (res.status !== 200 || !res.json) continue;
      const metadata = res.json;
      // RFC 8414 §3.3: the issuer must be the one the URL was built from, else the document is not used.
      if (!isOn('auth-metadata-issuer-unchecked') && metadata.issuer !== id) throw new Fatal(`the authorization server metadata states issuer ${JSON.stringify(metadata.issuer)}, not ${id}`);
      // Security best practices #oauth-authorization-url-validation: only http(s) authorization URLs.
      const authorize = url(metadata.authorization_endpoint) ?? (isOn('auth-authorization-url-unvalidated') ? anyUrl(metadata.authorization_endpoint) : undefined);
      const token = url(metadata.token_endpoint);
      if (!authorize && anyUrl(metadata.authorization_endpoint)) throw new Fatal(`the authorization_endpoint ${JSON.stringify(metadata.authorization_endpoint)} is not an http(s) URL: refused`);
      if (!authorize || !token) throw new Fatal('the authorization server metadata lacks authorization_endpoint or token_endpoint');
      return { issuer: typeof metadata.issuer === 'string' ? metadata.issuer : id, metadata, authorize, token, register: url(metadata.registration_endpoint) };
    }
    return Promise.reject(new Fatal(`no authorization server metadata for ${id}`));
  }

  /** 2025-03-26: the authorization base URL is the MCP URL without its path. */
  private async atOrigin(protocolVersion: string): Promise<AuthorizationServer> {
    const base = isOn('auth-origin-metadata-keeps-path') ? `${this.mcpUrl.origin}${this.mcpUrl.pathname}` : this.mcpUrl.origin;
    try {
      return await this.fromMetadata(base, [metadataUrls(new URL(base))[0] as URL], protocolVersion);
    } catch (e) {
      if (!(e instanceof Fatal) || !e.message.startsWith('no authorization server metadata') || isOn('auth-default-endpoints-unused')) throw e;
    }
    verbose('no authorization server metadata: the default endpoints');
    const origin = this.mcpUrl.origin;
    return { issuer: origin, metadata: undefined, authorize: new URL('/authorize', origin), token: new URL('/token', origin), register: new URL('/register', origin) };
  }
}
