// The OAuth module's own HTTP requests (metadata, authorization, token, registration): plain,
// never decorated with the MCP access token, redirects not followed, bodies bounded in size and
// time. Whatever comes back is untrusted: JSON is parsed defensively.
import { isOn } from './faults.js';
import { isObject, type Json } from './jsonrpc.js';
import { HttpClient, readText } from './transports/http-client.js';

const MAX_BODY = 256 * 1024;

export interface OAuthResponse {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  /** The body as a JSON object, when it is one. */
  json?: Json;
}

export class OAuthHttp {
  private readonly http = new HttpClient();
  /** The MCP access token (only for the fault that leaks it to the authorization server). */
  leak: string | undefined;

  constructor(private readonly timeoutMs: number) {}

  get(url: URL, headers: Record<string, string> = {}): Promise<OAuthResponse> {
    return this.send('GET', url, { Accept: 'application/json', ...headers });
  }

  postForm(url: URL, form: URLSearchParams, headers: Record<string, string> = {}): Promise<OAuthResponse> {
    return this.send('POST', url, { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, form.toString());
  }

  postJson(url: URL, body: Json): Promise<OAuthResponse> {
    return this.send('POST', url, { Accept: 'application/json', 'Content-Type': 'application/json' }, JSON.stringify(body));
  }

  close(): void {
    this.http.abortAll();
  }

  private async send(method: 'GET' | 'POST', url: URL, headers: Record<string, string>, body?: string): Promise<OAuthResponse> {
    if (isOn('auth-token-sent-to-authorization-server') && this.leak && headers.Authorization === undefined) headers.Authorization = `Bearer ${this.leak}`;
    const res = await this.http.fetch({ method, url, headers, ...(body !== undefined ? { body } : {}), headersTimeoutMs: this.timeoutMs });
    const text = await readText(res.body, MAX_BODY, this.timeoutMs);
    let json: Json | undefined;
    try {
      const v: unknown = JSON.parse(text);
      if (isObject(v)) json = v;
    } catch {
      // not JSON: callers look at the status
    }
    const flat: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(res.headers)) flat[k] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.status, headers: flat, text, ...(json ? { json } : {}) };
  }
}

/** `Bearer a="b", c=d` → { scheme: 'bearer', a: 'b', c: 'd' } (RFC 9110 §11.6.1 auth-params). */
export function parseChallenge(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  const scheme = /^\s*([A-Za-z][\w!#$%&'*+.^`|~-]*)/.exec(header);
  if (!scheme?.[1] || scheme[1].toLowerCase() !== 'bearer') return out;
  out.scheme = 'bearer';
  const params = /([\w!#$%&'*+.^`|~-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  for (const m of header.slice(scheme[0].length).matchAll(params)) {
    const key = (m[1] as string).toLowerCase();
    out[key] ??= m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '');
  }
  return out;
}
