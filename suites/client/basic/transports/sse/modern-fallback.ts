// The 2026-07-28 client's way to the HTTP+SSE transport (SSE-021): it falls back to the SSE GET
// only when the refusal of its POST is not a recognized modern JSON-RPC error. The scripted
// 2026-07-28 server rejects the first request with UnsupportedProtocolVersion (HTTP 400): a modern server, so no GET
// for an SSE stream should follow. Spec: basic/transports/streamable-http#httpsse-transport-2024-11-05.
import { defineClientChecks } from '../../../../../harness/checks/define.js';
import { RANGE } from '../../../../../harness/revisions.js';
import { VERSION_REJECTED } from '../../../scenarios/version-rejected.js';
import type { HttpRecord } from '../../../support/http.js';
import { codeLabel, ErrorCode } from '../../../../../harness/rules/error-codes.js';
import { ownJudgement } from '../../../../../harness/verify/index.js';

/** Codes only a modern server answers with; MethodNotFound counts with 404 (the modern unknown method). */
const MODERN_CODES = new Set<number>([ErrorCode.HeaderMismatch, ErrorCode.MissingRequiredClientCapability, ErrorCode.UnsupportedProtocolVersion]);
const REFUSED = new Set([400, 404, 405]);

/** The refused POST answered with a recognized modern JSON-RPC error, if this is one. */
function modernRefusal(r: HttpRecord): number | undefined {
  if (r.method !== 'POST' || !REFUSED.has(r.status ?? 0)) return undefined;
  for (const m of r.answered ?? []) {
    const code = (m as { error?: { code?: unknown } } | null)?.error?.code;
    if (typeof code === 'number' && (MODERN_CODES.has(code) || (r.status === 404 && code === ErrorCode.MethodNotFound))) return code;
  }
  return undefined;
}

const pathOf = (r: HttpRecord): string => r.path.split('?')[0] ?? r.path;

export const modernFallbackChecks = defineClientChecks({ page: 'basic/transports/sse', transports: ['streamable-http'] }, [
  {
    id: 'http.no-sse-fallback-after-modern-error',
    title: 'After a recognized modern JSON-RPC error (2026-07-28), the client does not fall back to the HTTP+SSE GET',
    spec: { url: 'basic/transports/streamable-http#httpsse-transport-2024-11-05', level: 'SHOULD' },
    requirement:
      'Clients wanting to support older servers should: [...] If it fails with HTTP status code 400 Bad Request, 404 Not Found, or 405 Method Not Allowed and the response body is not a recognized modern JSON-RPC error (a modern server returns one for unsupported version, unknown method, or header-validation failure): Issue a GET request to the server URL, expecting that this will open an SSE stream.',
    digest: ['SSE-021'],
    scenario: VERSION_REJECTED,
    revisions: RANGE.modern,
    faults: ['modern-error-falls-back'],
    async run(ctx) {
      const http = ctx.recording.http;
      const i = http.findIndex((r) => modernRefusal(r) !== undefined);
      const refused = http[i];
      if (!refused) return ctx.skip('nothing-observed', 'no POST was refused with a recognized modern JSON-RPC error');
      const get = http.slice(i + 1).find((r) => r.method === 'GET' && pathOf(r) === pathOf(refused));
      ctx.cite(refused.seq, ...(get ? [get.seq] : []));
      const broken = get && {
        expected: 'no GET for an HTTP+SSE stream: the refusal identified a modern server',
        actual: `after HTTP ${refused.status ?? '?'} with error ${codeLabel(modernRefusal(refused))}, the client sent GET ${get.path}`,
        reason: 'the text says clients "should" fall back only on a refusal that is not a modern JSON-RPC error (lower case): a warning',
      };
      return ownJudgement(ctx, broken ? { broken } : {}, 'a GET after a refused POST: an order of HTTP requests');
    },
  },
]);
