// The run's OAuth tokens: found, logged in for and kept for the run (`startOAuth`), handed to
// the HTTP transports per request (BearerTokens). An expired token, or one the server refused
// with 401 invalid_token, is renewed by the refresh token, else by logging in again; one renewal
// at a time, shared by every request that waits for it. Counts go to the report's oauth section.
import type * as oauth from 'oauth4webapi';
import type { BearerTokens } from '../transports/bearer.js';
import { cachedGrant, storeGrant, type CachedGrant } from './cache.js';
import { identify, type KnownClient } from './client-identity.js';
import { discover } from './discovery.js';
import { OAuthError } from './errors.js';
import { authorizationCode, clientCredentials, refresh, type GrantContext } from './grants.js';
import { openLoopback, type Loopback } from './loopback.js';
import type { OAuthSettings, OAuthSummary } from './types.js';

interface Held {
  token: string;
  expiresAt?: number;
  refreshToken?: string;
}

/** Renew this long before the stated expiry (a quarter of a short lifetime). */
const marginMs = (lifetimeMs: number): number => Math.min(5000, lifetimeMs / 4);

export class OAuthTokens implements BearerTokens {
  private held: Held | undefined;
  private renewing: Promise<string | undefined> | undefined;
  private authorizations = 0;
  private refreshes = 0;
  private retried = 0;
  /** Why the last renewal failed (a sentence without secrets), for the report. */
  problem: string | undefined;

  private constructor(
    private readonly settings: OAuthSettings,
    private readonly g: GrantContext,
    private readonly loopback: Loopback | undefined,
    private readonly say: (line: string) => void,
  ) {}

  /** Discover, identify the client, and hold a first token (from the cache when it still serves). Throws OAuthError. */
  static async start(mcpUrl: string, settings: OAuthSettings, io: { timeoutMs: number; say: (line: string) => void }): Promise<OAuthTokens> {
    const d = await discover(mcpUrl, io.timeoutMs);
    const loopback = settings.grant === 'authorization_code' ? await openLoopback() : undefined;
    try {
      const cached = settings.cache !== undefined ? await cachedGrant(settings.cache, d.as.issuer, d.resource) : undefined;
      const usable = cached && (settings.clientId === undefined || settings.clientId === cached.clientId) ? cached : undefined;
      // A cached client was registered with an earlier listener's port: its redirect URI is gone, so only its refresh token serves.
      const known: KnownClient = usable
        ? { client: { client_id: usable.clientId, token_endpoint_auth_method: usable.clientSecret !== undefined ? 'client_secret_basic' : 'none' }, ...(usable.clientSecret !== undefined ? { secret: usable.clientSecret } : {}), identity: 'cached' }
        : await identify(d.as, settings, loopback?.redirectUri ?? 'http://127.0.0.1/callback', io.timeoutMs);
      const tokens = new OAuthTokens(settings, { d, known, timeoutMs: io.timeoutMs }, loopback, io.say);
      if (usable?.accessToken !== undefined && (usable.expiresAt === undefined || usable.expiresAt > Date.now() + 5000)) {
        tokens.held = { token: usable.accessToken, ...(usable.expiresAt !== undefined ? { expiresAt: usable.expiresAt } : {}), ...(usable.refreshToken ? { refreshToken: usable.refreshToken } : {}) };
      } else if (usable?.refreshToken !== undefined && (await tokens.byRefresh(usable.refreshToken))) {
        // renewed from the cache
      } else {
        if (usable) tokens.g.known = await identify(d.as, settings, loopback?.redirectUri ?? 'http://127.0.0.1/callback', io.timeoutMs);
        await tokens.login();
      }
      return tokens;
    } catch (error) {
      await loopback?.close();
      throw error;
    }
  }

  async token(): Promise<string | undefined> {
    if (this.renewing) return this.renewing;
    const h = this.held;
    if (h && (h.expiresAt === undefined || Date.now() < h.expiresAt)) return h.token;
    return this.renew();
  }

  async refused(token: string): Promise<string | undefined> {
    if (this.renewing) return this.renewing;
    // Another request renewed it already.
    if (this.held && this.held.token !== token) return this.held.token;
    return this.renew();
  }

  noteRetry(): void {
    this.retried++;
  }

  summary(): OAuthSummary {
    return {
      issuer: this.g.d.as.issuer,
      resource: this.g.d.resource,
      grant: this.settings.grant,
      client: this.g.known.identity,
      ...(this.g.d.scope ? { scope: this.g.d.scope } : {}),
      authorizations: this.authorizations,
      refreshes: this.refreshes,
      retried: this.retried,
      ...(this.problem ? { problem: this.problem } : {}),
    };
  }

  async close(): Promise<void> {
    await this.loopback?.close();
  }

  private renew(): Promise<string | undefined> {
    this.renewing ??= (async () => {
      try {
        const rt = this.held?.refreshToken;
        if (rt !== undefined && (await this.byRefresh(rt))) return this.held?.token;
        await this.login();
        return this.held?.token;
      } catch (error) {
        this.problem = error instanceof OAuthError ? error.message : `--oauth: renewing the token failed: ${(error as Error).message}`;
        this.held = undefined;
        return undefined;
      } finally {
        this.renewing = undefined;
      }
    })();
    return this.renewing;
  }

  private async byRefresh(refreshToken: string): Promise<boolean> {
    const answer = await refresh(this.g, refreshToken);
    if (!answer) return false;
    this.refreshes++;
    // A server that does not rotate refresh tokens keeps the old one valid.
    await this.hold(answer, refreshToken);
    return true;
  }

  private async login(): Promise<void> {
    const answer =
      this.settings.grant === 'client_credentials'
        ? await clientCredentials(this.g)
        : await authorizationCode(this.g, this.loopback as Loopback, { ...(this.settings.open !== undefined ? { open: this.settings.open } : {}), timeoutMs: this.settings.loginTimeoutMs, say: this.say });
    this.authorizations++;
    await this.hold(answer);
  }

  private async hold(answer: oauth.TokenEndpointResponse, previousRefresh?: string): Promise<void> {
    if (answer.token_type !== 'bearer') throw new OAuthError(`--oauth: the authorization server issued a ${answer.token_type} token; only Bearer tokens are supported`);
    const lifetimeMs = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : undefined;
    const refreshToken = answer.refresh_token ?? previousRefresh;
    this.held = {
      token: answer.access_token,
      ...(lifetimeMs !== undefined ? { expiresAt: Date.now() + lifetimeMs - marginMs(lifetimeMs) } : {}),
      ...(refreshToken !== undefined ? { refreshToken } : {}),
    };
    if (this.settings.cache === undefined) return;
    const known = this.g.known;
    const grant: CachedGrant = {
      clientId: known.client.client_id,
      ...(known.secret !== undefined ? { clientSecret: known.secret } : {}),
      identity: known.identity,
      accessToken: answer.access_token,
      ...(lifetimeMs !== undefined ? { expiresAt: Date.now() + lifetimeMs } : {}),
      ...(refreshToken !== undefined ? { refreshToken } : {}),
    };
    await storeGrant(this.settings.cache, this.g.d.as.issuer, this.g.d.resource, grant);
  }
}
