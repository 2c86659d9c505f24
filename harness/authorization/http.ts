// Raw HTTP to an authorization server: deliberate requests (what a correct client would not send
// too: no PKCE, a wrong verifier, a bad redirect_uri), redirects never followed (an authorization
// response is a redirect to read, not to go to), every exchange written to the check's wire log.
import type { HttpAnswer } from '../verify/http.js';
import type { WireEntry } from '../wire-log.js';
import { capText } from '../wire-log.js';

export interface AsRequest {
  method?: 'GET' | 'POST';
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string | undefined>;
  /** A JSON body. */
  json?: unknown;
  headers?: Record<string, string>;
}

let seq = 1_000_000;
const started = performance.now();

/** Writes one exchange's two halves to `log`. */
function record(log: WireEntry[], owner: string, dir: 'out' | 'in', text: string): void {
  log.push({ seq: seq++, t: Math.round(performance.now() - started), dir, conn: 'as', text: capText(text), owner });
}

/** One request; its answer as the verifiers read it (status 0: none, with the problem). */
export async function asFetch(url: string, req: AsRequest, timeoutMs: number, log: WireEntry[], owner: string): Promise<HttpAnswer> {
  const method = req.method ?? (req.form || req.json !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  let body: string | undefined;
  if (req.form) {
    const f = new URLSearchParams();
    for (const [k, v] of Object.entries(req.form)) if (v !== undefined) f.set(k, v);
    body = f.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (req.json !== undefined) {
    body = JSON.stringify(req.json);
    headers['content-type'] = 'application/json';
  }
  record(log, owner, 'out', `${method} ${url}${body ? `\n${body}` : ''}`);
  try {
    const r = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}), redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    const text = await r.text();
    const hs: Record<string, string> = {};
    r.headers.forEach((v, k) => (hs[k] = v));
    const contentType = (hs['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    record(log, owner, 'in', `HTTP ${r.status}${hs.location ? ` Location: ${hs.location}` : ''}${text ? `\n${text}` : ''}`);
    return { status: r.status, headers: hs, ...(contentType ? { contentType } : {}), body: text, ...(json !== undefined ? { json } : {}) };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const problem = e.name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message);
    record(log, owner, 'in', `no answer (${problem})`);
    return { status: 0, problem };
  }
}
