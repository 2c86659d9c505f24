// What the AS checks share in one run: the metadata found at each revision's discovery order, a
// client of the tool's own (pre-registered, registered by DCR, or a hosted metadata document),
// and the OAuth exchanges the checks judge, each made once per run whichever check asks first.
// Codes come only from an AS that issues them by redirect without a login: a page instead (a
// login form, most likely) is never scraped, and the checks that need a code skip saying so.
import { createHash, randomBytes } from 'node:crypto';
import { inRange } from '../revisions.js';
import { isObject, type Json } from '../rules/json.js';
import type { HttpAnswer } from '../verify/http.js';
import type { WireEntry } from '../wire-log.js';
import { asFetch, type AsRequest } from './http.js';
import type { LoopbackHost } from './loopback.js';

export interface AsRunOptions {
  issuer: string;
  timeoutMs: number;
  /** The resource (RFC 8707) tokens are asked for. */
  resource: string;
  /** A client the user registered with the AS beforehand. */
  clientId?: string;
  clientSecret?: string;
  /** Its redirect URI (default: the tool's loopback callback). */
  redirectUri?: string;
}

/** A metadata location tried, and what answered. */
export interface Probe {
  url: string;
  kind: 'oauth' | 'openid';
  answer: HttpAnswer;
}

export interface Discovered {
  probes: Probe[];
  /** The first location that answered a JSON object, in the revision's order. */
  found?: { url: string; kind: 'oauth' | 'openid'; doc: Json };
}

export interface AsClient {
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
  /** How the tool got it, in words. */
  how: string;
}

/** What came back to an authorization request: the redirect's parameters, when it redirected to the client. */
export interface AuthorizationOutcome {
  answer: HttpAnswer;
  /** The query of the redirect to the redirect URI (code, state, iss, error). */
  params?: URLSearchParams;
  code?: string;
  verifier?: string;
}

/** An exchange recorded once: what the checks judge, and its frames. */
export interface Recorded<T> {
  value: T;
  wire: WireEntry[];
}

export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
export const newVerifier = (): string => randomBytes(32).toString('base64url');

/** The metadata locations a client of this revision tries, in its order (RFC 8414 §3.1; MCP 2025-11-25's order). */
export function discoveryOrder(issuer: string, revision: string): { url: string; kind: 'oauth' | 'openid' }[] {
  const u = new URL(issuer);
  const path = u.pathname === '/' ? '' : u.pathname.replace(/\/$/, '');
  const oauth = { url: `${u.origin}/.well-known/oauth-authorization-server${path}`, kind: 'oauth' as const };
  if (!inRange(revision, '2025-11-25..')) return [oauth];
  if (!path) return [oauth, { url: `${u.origin}/.well-known/openid-configuration`, kind: 'openid' }];
  return [oauth, { url: `${u.origin}/.well-known/openid-configuration${path}`, kind: 'openid' }, { url: `${u.origin}${path}/.well-known/openid-configuration`, kind: 'openid' }];
}

const str = (doc: Json | undefined, key: string): string | undefined => (doc && typeof doc[key] === 'string' ? doc[key] : undefined);

export class AsRun {
  private readonly cache = new Map<string, Promise<Recorded<unknown>>>();

  constructor(
    readonly opts: AsRunOptions,
    readonly loopback: LoopbackHost,
  ) {}

  get issuer(): string {
    return this.opts.issuer;
  }

  /** `make` once per run under `key`; every caller gets its value and frames. */
  once<T>(key: string, make: (log: WireEntry[]) => Promise<T>): Promise<Recorded<T>> {
    let p = this.cache.get(key);
    if (!p) {
      const wire: WireEntry[] = [];
      p = make(wire).then((value) => ({ value, wire }));
      this.cache.set(key, p);
    }
    return p as Promise<Recorded<T>>;
  }

  fetch(url: string, req: AsRequest, log: WireEntry[]): Promise<HttpAnswer> {
    return asFetch(url, req, this.opts.timeoutMs, log, 'authorization');
  }

  /** The revision's discovery: each location in its order until one answers a JSON object. */
  discover(revision: string): Promise<Recorded<Discovered>> {
    const order = discoveryOrder(this.issuer, revision);
    return this.once(`discover ${order.map((o) => o.url).join(' ')}`, async (log) => {
      const probes: Probe[] = [];
      for (const o of order) {
        const answer = await this.fetch(o.url, {}, log);
        probes.push({ ...o, answer });
        if (answer.status === 200 && isObject(answer.json)) return { probes, found: { url: o.url, kind: o.kind, doc: answer.json } };
      }
      return { probes };
    });
  }

  /** A valid registration (RFC 7591) of a public client with the tool's loopback redirect URI. */
  register(endpoint: string): Promise<Recorded<HttpAnswer>> {
    return this.once('register', (log) =>
      this.fetch(endpoint, { json: { client_name: 'mcp-conformance', redirect_uris: [`${this.loopback.origin}/callback`], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', application_type: 'native' } }, log),
    );
  }

  /** The tool's client: the user's, else one registered by DCR, else a hosted metadata document, else an unregistered id tried as is. */
  client(meta: Json): Promise<Recorded<AsClient | { failed: string }>> {
    return this.once(`client ${JSON.stringify(meta).length}`, async (log) => {
      const redirectUri = this.opts.redirectUri ?? `${this.loopback.origin}/callback`;
      if (this.opts.clientId) return { clientId: this.opts.clientId, ...(this.opts.clientSecret ? { clientSecret: this.opts.clientSecret } : {}), redirectUri, how: 'the client given with --client-id' };
      const reg = str(meta, 'registration_endpoint');
      if (reg) {
        const r = await this.register(reg);
        log.push(...r.wire);
        const id = isObject(r.value.json) ? r.value.json.client_id : undefined;
        if (r.value.status >= 200 && r.value.status < 300 && typeof id === 'string') {
          const secret = isObject(r.value.json) && typeof r.value.json.client_secret === 'string' ? r.value.json.client_secret : undefined;
          return { clientId: id, ...(secret ? { clientSecret: secret } : {}), redirectUri: `${this.loopback.origin}/callback`, how: 'a client registered by Dynamic Client Registration' };
        }
      }
      if (meta.client_id_metadata_document_supported === true) {
        const url = this.loopback.host('/clients/mcp-conformance.json', (u) => ({ client_id: u, client_name: 'mcp-conformance', redirect_uris: [`${this.loopback.origin}/callback`], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }));
        return { clientId: url, redirectUri: `${this.loopback.origin}/callback`, how: 'a client ID metadata document the tool hosts on loopback' };
      }
      return { clientId: 'mcp-conformance', redirectUri, how: 'the client_id "mcp-conformance", not registered (the AS offers no registration; an AS that accepts any client, as test servers do, issues codes to it)' };
    });
  }

  /** One authorization request; the code when the AS redirected to the client with one. */
  async authorize(meta: Json, client: AsClient, params: Record<string, string | undefined>, log: WireEntry[]): Promise<AuthorizationOutcome> {
    const endpoint = str(meta, 'authorization_endpoint') ?? '';
    const url = new URL(endpoint);
    const all: Record<string, string | undefined> = { response_type: 'code', client_id: client.clientId, redirect_uri: client.redirectUri, state: randomBytes(8).toString('hex'), ...params };
    for (const [k, v] of Object.entries(all)) if (v !== undefined) url.searchParams.set(k, v);
    const answer = await this.fetch(url.toString(), {}, log);
    const location = answer.headers?.location;
    if (answer.status < 300 || answer.status >= 400 || !location) return { answer };
    let to: URL;
    try {
      to = new URL(location, endpoint);
    } catch {
      return { answer };
    }
    if (!`${to.origin}${to.pathname}`.startsWith(client.redirectUri.split('?')[0] ?? client.redirectUri)) return { answer };
    const code = to.searchParams.get('code') ?? undefined;
    return { answer, params: to.searchParams, ...(code ? { code } : {}) };
  }

  /** A token request at the token endpoint, authenticating as the client does. */
  token(meta: Json, client: AsClient, form: Record<string, string | undefined>, log: WireEntry[]): Promise<HttpAnswer> {
    const basic = client.clientSecret ? { authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}` } : undefined;
    return this.fetch(str(meta, 'token_endpoint') ?? '', { form: { ...(basic ? {} : { client_id: client.clientId }), ...form }, ...(basic ? { headers: basic } : {}) }, log);
  }

  /** A code issued for an S256 challenge (and the verifier), with these extra parameters. */
  async code(meta: Json, client: AsClient, extra: Record<string, string | undefined>, log: WireEntry[]): Promise<AuthorizationOutcome> {
    const verifier = newVerifier();
    const out = await this.authorize(meta, client, { code_challenge: s256(verifier), code_challenge_method: 'S256', ...extra }, log);
    return { ...out, verifier };
  }
}

/** Why no code came, in one sentence (for a cannot-set-up skip). */
export function noCode(out: AuthorizationOutcome, client: AsClient): string {
  const a = out.answer;
  if (a.status === 0) return `the authorization request got no HTTP answer (${a.problem ?? 'nothing'})`;
  const error = out.params?.get('error');
  if (error) return `the authorization request for ${client.how} was refused: error=${error}${out.params?.get('error_description') ? ` (${out.params.get('error_description')})` : ''}`;
  if (a.status === 200 && /html/.test(a.contentType ?? '')) return `the authorization endpoint answered a page (a login, most likely), and the tool never scrapes a login page: no code can be had from this AS without a user`;
  return `the authorization request for ${client.how} got HTTP ${a.status}${a.headers?.location ? ` to ${a.headers.location}` : ''}, not a redirect to the client with a code`;
}
