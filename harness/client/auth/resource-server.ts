// The scripted MCP server as an OAuth resource server, in front of the JSON-RPC layer: the
// protected resource metadata (RFC 9728) where the profile puts it, 401 with a Bearer
// challenge to any request without a valid token (RFC 6750 §3), 401 invalid_token for a
// token that is unknown or bound to another resource (RFC 8707), and 403 insufficient_scope
// for a tool whose scope the token lacks (step-up). Valid requests go on to the MCP server.
import type { ServerResponse } from 'node:http';
import type { HttpRequestRecord } from '../../transports/serve/http-endpoint.js';
import { noMetadata, type ScriptedAuthorizationServer } from './authorization-server.js';
import { Answerer, bearerChallenge, bearerOf, jsonOf, pathOf } from './http.js';
import { OPENER_REPORT_PATH, prmUrl, type AuthProfile } from './profile.js';
import type { AuthTrace } from './trace.js';

const FOREIGN_RESOURCE = 'https://elsewhere.mcp-conformance.invalid/mcp';

/** Does a token for `audience` cover the MCP endpoint `mcpUrl` (the same URL, or an ancestor on its origin)? */
export function audienceCovers(audience: string, mcpUrl: string): boolean {
  try {
    const a = new URL(audience);
    const m = new URL(mcpUrl);
    if (a.origin !== m.origin || a.search || a.hash) return false;
    const path = a.pathname.replace(/\/$/, '');
    return path === '' || m.pathname === path || m.pathname.startsWith(`${path}/`);
  } catch {
    return false;
  }
}

export class ScriptedResourceServer {
  private readonly mcpPath: string;
  private readonly prmPath: string | undefined;
  /** Authorized requests served (migration counts them), and whether it moved to the second AS. */
  private served = 0;
  private moved = false;
  /** Authorized requests served with the first token (the expiry profile). */
  private usedFirst = 0;

  constructor(
    private readonly profile: AuthProfile,
    private readonly trace: AuthTrace,
    private readonly out: Answerer,
    /** The AS when it shares the MCP server's origin (2025-03-26). */
    private readonly sameOriginAs?: ScriptedAuthorizationServer,
  ) {
    this.mcpPath = new URL(trace.mcpUrl).pathname;
    this.prmPath = profile.prm.at === 'none' ? undefined : new URL(prmUrl(trace.mcpUrl, profile.prm.at)).pathname;
  }

  private get prmLocation(): string | undefined {
    return this.profile.prm.at === 'none' ? undefined : prmUrl(this.trace.mcpUrl, this.profile.prm.at);
  }

  /** True when answered here; false lets the MCP endpoint handle the request. */
  handle(req: HttpRequestRecord, res: ServerResponse): boolean {
    const path = pathOf(req.path);
    if (path !== this.mcpPath) {
      req.connection ??= 'authorization';
      if (path === this.prmPath && req.method === 'GET') {
        this.out.role(req, 'prm');
        return this.out.json(req, res, 200, this.metadata());
      }
      if (path === OPENER_REPORT_PATH && req.method === 'POST') {
        this.out.role(req, 'opened');
        return this.out.text(req, res, 204, '');
      }
      if (path.startsWith('/.well-known/oauth-protected-resource') || path.startsWith('/resource-metadata')) {
        this.out.role(req, 'prm');
        return this.out.text(req, res, 404, 'no protected resource metadata here');
      }
      if (this.sameOriginAs?.handle(req, res) || noMetadata(this.out, req, res)) return true;
      this.out.role(req, 'other');
      return false;
    }
    this.out.role(req, 'mcp');
    const token = bearerOf(req.headers);
    if (token === undefined) return this.challenge(req, res, 401, {});
    const issued = this.trace.token(token);
    if (!issued || !audienceCovers(issued.audience, this.trace.mcpUrl)) {
      return this.challenge(req, res, 401, { error: 'invalid_token', error_description: issued ? `the token is for ${issued.audience}` : 'unknown token' });
    }
    if (this.profile.expiry && issued === this.trace.tokens[0] && ++this.usedFirst > this.profile.expiry.after) {
      this.trace.expiredAt ??= req.seq;
      return this.challenge(req, res, 401, { error: 'invalid_token', error_description: 'the access token expired' });
    }
    const migration = this.profile.migration;
    if (migration && !this.moved && ++this.served > migration.after) this.moved = true;
    if (this.moved && issued.issuer !== this.trace.nextIssuer) {
      this.trace.migratedAt ??= req.seq;
      return this.challenge(req, res, 401, { error: 'invalid_token', error_description: 'issued by an authorization server this resource no longer uses' });
    }
    const needed = this.scopeNeeded(req);
    if (needed && !issued.scopes.includes(needed)) {
      const scope = this.profile.stepUpChallenge === 'operation' ? needed : [...new Set([...issued.scopes, needed])].join(' ');
      return this.challenge(req, res, 403, { error: 'insufficient_scope', scope, error_description: `this tool needs ${needed}` });
    }
    return false;
  }

  private metadata(): Record<string, unknown> {
    const p = this.profile.prm;
    return {
      resource: p.resource === 'foreign' ? FOREIGN_RESOURCE : this.trace.mcpUrl,
      authorization_servers: [this.moved && this.trace.nextIssuer ? this.trace.nextIssuer : this.trace.issuer],
      ...(p.scopes ? { scopes_supported: p.scopes } : {}),
      bearer_methods_supported: ['header'],
    };
  }

  /** The scope a tools/call needs (step-up scenarios), from the POSTed message. */
  private scopeNeeded(req: HttpRequestRecord): string | undefined {
    if (req.method !== 'POST' || !this.profile.toolScopes) return undefined;
    const msg = jsonOf(req.body);
    const params = msg?.params as { name?: unknown } | undefined;
    return msg?.method === 'tools/call' && typeof params?.name === 'string' ? this.profile.toolScopes[params.name] : undefined;
  }

  private challenge(req: HttpRequestRecord, res: ServerResponse, status: 401 | 403, params: Record<string, string | undefined>): true {
    const p = this.profile;
    const header = bearerChallenge({
      ...params,
      ...(status === 401 && !params.error && p.challengeScope ? { scope: p.challengeScope } : {}),
      ...(p.prm.inChallenge || status === 403 ? { resource_metadata: this.prmLocation } : {}),
    });
    const body = { error: params.error ?? 'unauthorized', error_description: params.error_description ?? 'authorization required' };
    return this.out.json(req, res, status, body, { 'WWW-Authenticate': header });
  }
}
