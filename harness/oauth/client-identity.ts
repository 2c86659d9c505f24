// Who the tool is to the authorization server: a pre-registered client (--oauth-client-id,
// with --oauth-client-secret for a confidential one), a client ID metadata document URL
// (--oauth-client-metadata-url: the URL is the client_id), else a client registered on the spot
// by Dynamic Client Registration (RFC 7591) when the server advertises registration_endpoint.
import * as oauth from 'oauth4webapi';
import { insecureOk } from './discovery.js';
import { OAuthError, oauthReason } from './errors.js';
import type { ClientIdentity, OAuthSettings } from './types.js';

export interface KnownClient {
  client: oauth.Client;
  secret?: string;
  identity: ClientIdentity;
}

export function clientAuth(c: KnownClient): oauth.ClientAuth {
  return c.secret !== undefined ? oauth.ClientSecretBasic(c.secret) : oauth.None();
}

export async function identify(as: oauth.AuthorizationServer, settings: OAuthSettings, redirectUri: string, timeoutMs: number): Promise<KnownClient> {
  if (settings.clientId !== undefined) {
    const secret = settings.clientSecret;
    return { client: { client_id: settings.clientId, token_endpoint_auth_method: secret !== undefined ? 'client_secret_basic' : 'none' }, ...(secret !== undefined ? { secret } : {}), identity: 'pre-registered' };
  }
  if (settings.clientMetadataUrl !== undefined) {
    if (as.client_id_metadata_document_supported !== true) {
      throw new OAuthError(`--oauth-client-metadata-url: the authorization server ${as.issuer} does not advertise client_id_metadata_document_supported; give --oauth-client-id instead`);
    }
    return { client: { client_id: settings.clientMetadataUrl, token_endpoint_auth_method: 'none' }, identity: 'metadata-document' };
  }
  if (!as.registration_endpoint) {
    throw new OAuthError(`--oauth: the authorization server ${as.issuer} offers no dynamic client registration (no registration_endpoint): give --oauth-client-id (and --oauth-client-secret) or --oauth-client-metadata-url`);
  }
  const confidential = settings.grant === 'client_credentials';
  try {
    const r = await oauth.dynamicClientRegistrationRequest(
      as,
      {
        client_name: 'mcp-conformance',
        redirect_uris: [redirectUri],
        grant_types: confidential ? ['client_credentials'] : ['authorization_code', 'refresh_token'],
        response_types: confidential ? [] : ['code'],
        token_endpoint_auth_method: confidential ? 'client_secret_basic' : 'none',
      },
      { signal: AbortSignal.timeout(timeoutMs), ...insecureOk(as.registration_endpoint) },
    );
    const registered = await oauth.processDynamicClientRegistrationResponse(r);
    const secret = typeof registered.client_secret === 'string' ? registered.client_secret : undefined;
    return { client: { client_id: registered.client_id, token_endpoint_auth_method: secret !== undefined ? 'client_secret_basic' : 'none' }, ...(secret !== undefined ? { secret } : {}), identity: 'dynamic-registration' };
  } catch (error) {
    throw new OAuthError(`--oauth: dynamic client registration at ${as.registration_endpoint} failed: ${oauthReason(error)}`);
  }
}
