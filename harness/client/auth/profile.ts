// The shape of one scripted protected MCP server and its authorization server, as data: where
// each metadata document lives, what the challenges say, what the authorization server offers
// and how it answers. Each auth scenario is the revision's base profile plus a few overrides.
import { inRange, since, type RevisionInfo } from '../../revisions.js';

/** Where an AS metadata document is served, relative to the issuer (RFC 8414 §3.1, OIDC Discovery). */
export type MetadataLocation = 'oauth-insert' | 'oidc-insert' | 'oidc-append';

/** Where the protected resource metadata (RFC 9728) is served. */
export type PrmLocation = 'custom' | 'path-well-known' | 'root-well-known';

export interface AuthProfile {
  /** At the MCP server's origin (2025-03-26: the MCP server is its own AS), or a separate origin. */
  authorizationServer: 'mcp-origin' | 'own-origin';
  /** The issuer's path ('' for an issuer at its origin's root). */
  issuerPath: string;
  /** The metadata documents the AS serves (none: every discovery URL answers 404). */
  metadata: readonly MetadataLocation[];
  /** 'default': /authorize, /token, /register at the AS origin (2025-03-26 fallback); 'issuer': under the issuer path. */
  endpoints: 'default' | 'issuer';
  /** Protected resource metadata: where (none: not served), and whether the 401 names it. */
  prm: { at: PrmLocation | 'none'; inChallenge: boolean; scopes?: readonly string[]; resource?: 'mcp-url' | 'foreign' };
  /** `scope` of the 401 challenge. */
  challengeScope?: string;
  /** `code_challenge_methods_supported`; null leaves it out. */
  pkceMethods: readonly string[] | null;
  /** What the AS offers for registration: dynamic registration, client ID metadata documents. */
  registration: { dcr: boolean; cimd: boolean };
  /** A client registered beforehand (handed out in MCP_CONFORMANCE_CONTEXT). */
  preRegistered?: { clientId: string; clientSecret: string };
  /** The `issuer` the metadata states: the issuer it was fetched for, or another one. */
  metadataIssuer: 'right' | 'wrong';
  /** RFC 9207: whether the metadata advertises `iss` in authorization responses, and what is sent. */
  iss: { advertised: boolean; value: 'right' | 'wrong' | 'none' };
  /** The `state` the authorization response carries back. */
  state: 'echo' | 'wrong';
  /** Scopes a tool needs (step-up); tools not listed need none. */
  toolScopes?: Readonly<Record<string, string>>;
  /** Scopes the AS never grants, whatever is asked. */
  neverGranted?: readonly string[];
  /** 403 insufficient_scope: only the operation's scopes (2026-07-28), or with the token's scopes too. */
  stepUpChallenge: 'operation' | 'cumulative';
  /**
   * The server moves to a second AS (issuer path on the same origin) once it has served this
   * many authorized requests: the metadata then names it, and the first AS's tokens get 401.
   */
  migration?: { after: number; issuerPath: string };
  /**
   * The authorization_endpoint the metadata names instead of the AS's own (AUTH-069): a URL of
   * a scheme no client may open. The AS still serves its real endpoint, unnamed.
   */
  dangerousEndpoint?: DangerousScheme;
  /**
   * The first access token is short-lived (AUTH-068): after this many authorized requests the
   * resource server answers it 401 invalid_token (expired). No refresh_token is ever issued.
   */
  expiry?: { after: number };
}

/** Schemes of authorization URLs a client must reject (security best practices #oauth-authorization-url-validation). */
export type DangerousScheme = 'javascript' | 'data' | 'file';

export const DANGEROUS_ENDPOINTS: Readonly<Record<DangerousScheme, string>> = {
  javascript: 'javascript:alert(document.domain)//',
  data: 'data:text/html,<script>alert(document.domain)</script>',
  file: 'file:///etc/passwd',
};

/**
 * The opener hook of the auth scenarios that hand it out (MCP_CONFORMANCE_CONTEXT
 * `opener_report`): a headless client that supports it POSTs {"url": ...} to this path on the
 * MCP server's origin for every URL it would open in a browser, before opening it.
 */
export const OPENER_REPORT_PATH = '/mcp-conformance/opened';

export const SCOPES = { basic: 'mcp:basic', extra: 'mcp:extra', write: 'mcp:write', admin: 'mcp:admin' } as const;

/** What a correct server and AS of the revision look like, before a scenario's overrides. */
export function baseProfile(rev: RevisionInfo): AuthProfile {
  const scoped = inRange(rev.id, since('2025-11-25'));
  const common = {
    pkceMethods: ['S256'],
    registration: { dcr: true, cimd: false },
    metadataIssuer: 'right',
    iss: { advertised: true, value: 'right' },
    state: 'echo',
    stepUpChallenge: inRange(rev.id, since('2026-07-28')) ? 'operation' : 'cumulative',
  } as const;
  if (rev.authorizationServerFrom === 'origin') {
    // 2025-03-26: the AS is found at the MCP server's origin (RFC 8414 at the root).
    return { ...common, authorizationServer: 'mcp-origin', issuerPath: '', metadata: ['oauth-insert'], endpoints: 'issuer', prm: { at: 'none', inChallenge: false } };
  }
  return {
    ...common,
    authorizationServer: 'own-origin',
    issuerPath: '/tenant1',
    metadata: ['oauth-insert'],
    endpoints: 'issuer',
    prm: { at: 'custom', inChallenge: true, scopes: [SCOPES.basic, SCOPES.extra] },
    ...(scoped ? { challengeScope: SCOPES.basic } : {}),
  };
}

/** The URL of a metadata document of the issuer at `origin` + `path`. */
export function metadataUrl(origin: string, issuerPath: string, at: MetadataLocation): string {
  switch (at) {
    case 'oauth-insert':
      return `${origin}/.well-known/oauth-authorization-server${issuerPath}`;
    case 'oidc-insert':
      return `${origin}/.well-known/openid-configuration${issuerPath}`;
    case 'oidc-append':
      return `${origin}${issuerPath}/.well-known/openid-configuration`;
  }
}

/** The discovery URLs a client of the revision tries for the issuer, in the spec's order. */
export function metadataOrder(rev: RevisionInfo, origin: string, issuerPath: string): string[] {
  const order: MetadataLocation[] = rev.authorizationMetadata === 'oauth' ? ['oauth-insert'] : issuerPath ? ['oauth-insert', 'oidc-insert', 'oidc-append'] : ['oauth-insert', 'oidc-insert'];
  return order.map((at) => metadataUrl(origin, issuerPath, at));
}

/** The protected resource metadata URL for the MCP endpoint `mcpUrl` (RFC 9728 §3.1). */
export function prmUrl(mcpUrl: string, at: PrmLocation): string {
  const u = new URL(mcpUrl);
  switch (at) {
    case 'custom':
      return `${u.origin}/resource-metadata${u.pathname}`;
    case 'path-well-known':
      return `${u.origin}/.well-known/oauth-protected-resource${u.pathname}`;
    case 'root-well-known':
      return `${u.origin}/.well-known/oauth-protected-resource`;
  }
}
