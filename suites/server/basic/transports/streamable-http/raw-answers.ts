// Readings of raw HTTP answers: whether one was served, its JSON-RPC message and error code,
// and a one-line rendering for evidence. Raw answers never reach the JSON-RPC peer: the
// Streamable HTTP checks judge them with these.
import type { RawResponse } from '../../../../../harness/checks/http-access.js';
import type { JsonRpcId } from '../../../../../harness/jsonrpc/types.js';

export const ok = (r: RawResponse): boolean => r.status >= 200 && r.status < 300;

/** A skip's reason when a raw request got no HTTP answer: no status is no shape to judge. */
export function unansweredHttp(what: string, r: RawResponse): string {
  return `${what} got no HTTP answer (${r.problem ?? 'nothing'}): nothing to judge, and whether the server answers at all is left to the harness's timeout handling`;
}

/** One line: status, media type, problem, start of the body. */
export function said(r: RawResponse): string {
  if (r.status === 0) return `no answer (${r.problem ?? 'nothing'})`;
  const body = r.body ? `: ${r.body.slice(0, 160)}` : '';
  return `HTTP ${r.status}${r.contentType ? ` ${r.contentType}` : ''}${r.problem ? ` (${r.problem})` : ''}${body}`;
}

/** The JSON-RPC message of a raw answer: its JSON body, or the first SSE event answering `id`. */
export function answerOf(r: RawResponse, id?: JsonRpcId): Record<string, unknown> | undefined {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(r.json)) return r.json;
  for (const e of r.events ?? []) {
    if (!e.hasData || e.data === '') continue;
    try {
      const m: unknown = JSON.parse(e.data);
      if (isObject(m) && !('method' in m) && (id === undefined || m.id === id)) return m;
    } catch {
      // not JSON: another check judges that
    }
  }
  return undefined;
}

/** The JSON-RPC error code of a raw answer, if it carries an error. */
export function errorCodeOf(r: RawResponse, id?: JsonRpcId): number | undefined {
  const e = answerOf(r, id)?.error;
  return typeof e === 'object' && e !== null && typeof (e as { code?: unknown }).code === 'number' ? (e as { code: number }).code : undefined;
}

/** Did the answer carry a result (the request was served)? */
export function served(r: RawResponse, id?: JsonRpcId): boolean {
  return ok(r) && answerOf(r, id)?.result !== undefined;
}
