// What `--oauth` asks for, and what the report says of it afterwards (never a secret).

export type OAuthGrant = 'authorization_code' | 'client_credentials';

export interface OAuthSettings {
  grant: OAuthGrant;
  /** A pre-registered client (with its secret for a confidential one). */
  clientId?: string;
  clientSecret?: string;
  /** A client ID metadata document URL: the URL is the client_id. */
  clientMetadataUrl?: string;
  /** `<command> {url}`: run with the authorization URL instead of printing it. */
  open?: string;
  /** A file the tokens are kept in between runs (mode 0600); nowhere else. */
  cache?: string;
  /** The most time the user has to complete the login, in ms. */
  loginTimeoutMs: number;
}

export const DEFAULT_LOGIN_TIMEOUT_MS = 120_000;

/** How the client was known to the authorization server. */
export type ClientIdentity = 'pre-registered' | 'metadata-document' | 'dynamic-registration' | 'cached';

/** The report's `oauth` section: how the tokens were had, never the tokens. */
export interface OAuthSummary {
  issuer: string;
  resource: string;
  grant: OAuthGrant;
  client: ClientIdentity;
  /** Scopes asked for (space-separated), if any. */
  scope?: string;
  /** Logins (authorization code or client credentials grants) made during the run. */
  authorizations: number;
  /** Refresh token grants made during the run. */
  refreshes: number;
  /** Requests the server refused with 401 invalid_token that were sent again with a new token. */
  retried: number;
  /** Why the last renewal failed, when one did (a sentence without secrets). */
  problem?: string;
}
