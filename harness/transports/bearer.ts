// Bearer tokens that change during a run (--oauth): the HTTP transports ask for the token per
// request instead of sending a fixed Authorization header, and when the server refuses the token
// they sent with 401 invalid_token they ask for a new one and send that request again, once.
import { bearerChallenge } from './challenge.js';

export interface BearerTokens {
  /** The token to send now (renewed first when it has expired); undefined when none can be had. */
  token(): Promise<string | undefined>;
  /** The server refused `token` as invalid or expired: a new one, or undefined when none can be had. */
  refused(token: string): Promise<string | undefined>;
  /** A request refused with 401 invalid_token went again with a new token. */
  noteRetry(): void;
}

export interface CredentialTarget {
  url: string;
  headers?: Record<string, string>;
  tokens?: BearerTokens;
}

const hasAuthorization = (h: Record<string, unknown> | undefined): boolean => Object.keys(h ?? {}).some((k) => k.toLowerCase() === 'authorization');

/** Whether the target's requests carry credentials: a fixed Authorization header or tokens. */
export function withCredentials(target: CredentialTarget): boolean {
  return target.tokens !== undefined || hasAuthorization(target.headers);
}

/**
 * The token to add to one request, or undefined: none when the target has no token source, has
 * a fixed Authorization header, or the request sets (or removes) Authorization itself.
 */
export async function bearerFor(target: CredentialTarget, overrides?: Record<string, unknown>): Promise<string | undefined> {
  if (!target.tokens || hasAuthorization(target.headers) || hasAuthorization(overrides)) return undefined;
  return target.tokens.token();
}

/** A 401 whose Bearer challenge says error="invalid_token" (RFC 6750 §3.1): the token, not the request. */
export function refusedToken(status: number, wwwAuthenticate: string | string[] | undefined): boolean {
  if (status !== 401) return false;
  const value = Array.isArray(wwwAuthenticate) ? wwwAuthenticate.join(', ') : wwwAuthenticate;
  return bearerChallenge(value)?.params.error === 'invalid_token';
}
