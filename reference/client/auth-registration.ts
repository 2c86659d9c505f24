// How the client gets a client ID, in the order of 2025-11-25 #client-registration-approaches:
// pre-registered credentials (the official suite hands them out in MCP_CONFORMANCE_CONTEXT),
// a client ID metadata document URL when the AS supports them, dynamic registration (RFC 7591)
// when the AS has a registration endpoint. Credentials are kept per AS issuer.
import type { AuthorizationServer } from './auth-discovery.js';
import type { OAuthHttp } from './auth-http.js';
import { isOn } from './faults.js';
import { Fatal, verbose } from './log.js';

export interface ClientCredentials {
  clientId: string;
  secret?: string;
  /** How the token request authenticates the client. */
  auth: 'none' | 'client_secret_basic' | 'client_secret_post';
  redirectUri: string;
}

/** Loopback, never listened on: the headless AS redirects straight back and the client reads Location. */
const REDIRECT_URI = 'http://127.0.0.1:33418/callback';
/** The reference client's metadata document (the AS does not fetch it: it only checks the form). */
const METADATA_DOCUMENT = 'https://reference-client.mcp-conformance.invalid/client-metadata.json';

function redirectUri(): string {
  return isOn('auth-redirect-uri-remote') ? 'http://mcp-client.example/callback' : REDIRECT_URI;
}

/** Pre-registered credentials from MCP_CONFORMANCE_CONTEXT ({ client_id, client_secret? }). */
function preRegistered(): { clientId: string; secret?: string } | undefined {
  if (isOn('auth-pre-registration-ignored')) return undefined;
  try {
    const ctx: unknown = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
    const { client_id: id, client_secret: secret } = (typeof ctx === 'object' && ctx !== null ? ctx : {}) as Record<string, unknown>;
    return typeof id === 'string' && id !== '' ? { clientId: id, ...(typeof secret === 'string' ? { secret } : {}) } : undefined;
  } catch {
    return undefined;
  }
}

/** client_secret_basic unless the AS lists only client_secret_post. */
function secretAuth(server: AuthorizationServer): ClientCredentials['auth'] {
  const methods = server.metadata?.token_endpoint_auth_methods_supported;
  return Array.isArray(methods) && !methods.includes('client_secret_basic') && methods.includes('client_secret_post') ? 'client_secret_post' : 'client_secret_basic';
}

export async function register(http: OAuthHttp, server: AuthorizationServer): Promise<ClientCredentials> {
  const pre = preRegistered();
  if (pre) {
    verbose(`pre-registered client ${pre.clientId}`);
    return { ...pre, auth: pre.secret === undefined ? 'none' : secretAuth(server), redirectUri: redirectUri() };
  }
  if (server.metadata?.client_id_metadata_document_supported === true && !isOn('auth-metadata-document-ignored')) {
    const id = isOn('auth-metadata-document-client-id-http') ? METADATA_DOCUMENT.replace(/^https:/, 'http:') : METADATA_DOCUMENT;
    verbose(`client ID metadata document ${id}`);
    return { clientId: id, auth: 'none', redirectUri: redirectUri() };
  }
  if (!server.register) throw new Fatal('the authorization server offers no way to register this client (no pre-registered credentials, no metadata documents, no registration endpoint)');
  const uri = redirectUri();
  const res = await http.postJson(server.register, {
    client_name: 'mcp-conformance reference client',
    redirect_uris: [uri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...(isOn('auth-registration-application-type-missing') ? {} : { application_type: 'native' }),
  });
  const id = res.json?.client_id;
  if ((res.status !== 201 && res.status !== 200) || typeof id !== 'string') {
    throw new Fatal(`dynamic client registration failed: HTTP ${res.status} ${String(res.json?.error ?? res.text.slice(0, 100))}`);
  }
  const secret = res.json?.client_secret;
  verbose(`registered as ${id}`);
  return typeof secret === 'string' ? { clientId: id, secret, auth: secretAuth(server), redirectUri: uri } : { clientId: id, auth: 'none', redirectUri: uri };
}
