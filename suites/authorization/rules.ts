// The answers the authorization-server checks expect of a token endpoint, as verifier rules, and
// the claims of a JWT access token (its audience is what as-resource.audience reads).
import { isObject, type Json } from '../../harness/rules/json.js';
import type { HttpAnswer, HttpRule } from '../../harness/verify/index.js';

export const tokenIssued = (a: HttpAnswer): boolean => a.status === 200 && isObject(a.json) && typeof a.json.access_token === 'string';
export const oauthErrorRule = (...codes: string[]): HttpRule => ({ expected: `an OAuth error ${codes.join(' or ')}`, keeps: (a) => isObject(a.json) && codes.includes(String(a.json.error)) });
export const tokenRule: HttpRule = { expected: 'HTTP 200 with an access_token and a token_type', keeps: (a) => tokenIssued(a) && isObject(a.json) && typeof a.json.token_type === 'string' };
export const refusedRule: HttpRule = { expected: 'the token request refused (HTTP 400 invalid_grant)', keeps: (a) => a.status >= 400 && a.status < 500 && !tokenIssued(a) };

/** A JWT's claims, if the token is one. */
export function jwtClaims(t: string): Json | undefined {
  const parts = t.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const c: unknown = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
    return isObject(c) ? c : undefined;
  } catch {
    return undefined;
  }
}
