// The faults of the reference authorization server. Each breaks exactly one rule that one check
// of suites/authorization judges, and is honoured in one place behind `faults.isOn('<id>')`.
// Unlike the reference server's process-wide registry, each AS instance has its own, so that a
// test can run the clean AS and every fault side by side in one process. Ids are frozen: checks name them.
import { FaultRegistry } from '../fault-registry.js';

export const AS_FAULTS = [
  { id: 'as-metadata-root-only', description: 'The metadata is served only at /.well-known/oauth-authorization-server, ignoring the issuer\'s path (and no OpenID Connect discovery document).' },
  { id: 'as-issuer-mismatch', description: 'The metadata\'s issuer is the issuer with a trailing slash, not the issuer identifier itself.' },
  { id: 'as-no-response-types', description: 'The metadata lacks response_types_supported (REQUIRED by RFC 8414).' },
  { id: 'as-http-endpoint', description: 'The metadata advertises a revocation_endpoint on plain http at a non-loopback host.' },
  { id: 'as-no-s256', description: 'The metadata advertises code_challenge_methods_supported ["plain"] only (S256 still works).' },
  { id: 'as-pkce-verifier-ignored', description: 'The token endpoint issues a token whatever code_verifier comes with the code.' },
  { id: 'as-pkce-optional', description: 'An authorization request without code_challenge is given a code.' },
  { id: 'as-code-exchange-broken', description: 'The token endpoint refuses a code with its correct code_verifier (invalid_grant).' },
  { id: 'as-resource-wrong-audience', description: 'A token requested with resource carries an aud of another resource.' },
  { id: 'as-dcr-200', description: 'Dynamic Client Registration answers 200 instead of 201 Created.' },
  { id: 'as-dcr-http-redirect', description: 'Dynamic Client Registration accepts an http redirect URI at a non-loopback host.' },
  { id: 'as-cimd-no-fetch', description: 'A URL-form client_id is accepted without fetching its metadata document.' },
  { id: 'as-cimd-mismatch-accepted', description: 'A client ID metadata document whose client_id differs from its URL is accepted.' },
  { id: 'as-auth-method-unknown', description: 'token_endpoint_auth_methods_supported lists a method OAuth does not define ("magic_secret").' },
  { id: 'as-refresh-broken', description: 'A refresh token it issued is refused by the refresh_token grant (invalid_grant).' },
  { id: 'as-no-iss', description: 'The authorization response carries no iss parameter (RFC 9207), and the metadata does not claim it does.' },
  { id: 'as-iss-flag-missing', description: 'The authorization response carries iss, but the metadata lacks authorization_response_iss_parameter_supported.' },
] as const;

export type AsFaultId = (typeof AS_FAULTS)[number]['id'];

/** A fresh registry for one AS instance. */
export const asFaults = (): FaultRegistry<AsFaultId> => new FaultRegistry<AsFaultId>(AS_FAULTS);
