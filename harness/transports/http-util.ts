// Small HTTP helpers shared by the Streamable HTTP and legacy HTTP+SSE transports.
import type { Dispatcher } from 'undici';

export interface HttpResponseInfo {
  status: number;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The media type only, lower-cased ("" when absent): parameters such as charset dropped. */
  contentType: string;
  /** The body text (capped) once read; absent for SSE streams. */
  body?: string;
  /** The transport's name for the request (e.g. "POST#3"): SSE stream events carry it. */
  label?: string;
}

export function responseInfo(res: Dispatcher.ResponseData): HttpResponseInfo {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  const contentType = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  return { status: res.statusCode, headers, contentType };
}

/**
 * Read a whole body, at most `maxBytes` and `timeoutMs`; past either it calls `abort` and
 * returns what went wrong instead of the bytes.
 */
export async function readCappedBody(
  body: AsyncIterable<unknown>,
  opts: { maxBytes: number; timeoutMs: number; abort: () => void },
): Promise<{ bytes: Buffer; problem?: undefined } | { bytes?: undefined; problem: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let problem: string | undefined;
  const timer = setTimeout(() => {
    problem = `body not complete within ${opts.timeoutMs} ms; cut off`;
    opts.abort();
  }, opts.timeoutMs);
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      size += buf.length;
      if (size > opts.maxBytes) {
        problem = `body over ${opts.maxBytes} bytes; cut off`;
        opts.abort();
        break;
      }
      chunks.push(buf);
    }
  } catch (err) {
    problem ??= `body broke off: ${(err as Error)?.message ?? String(err)}`;
  } finally {
    clearTimeout(timer);
  }
  return problem !== undefined ? { problem } : { bytes: Buffer.concat(chunks) };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decode UTF-8, saying whether the bytes were valid (invalid ones become U+FFFD). */
export function decodeUtf8(bytes: Buffer): { text: string; valid: boolean } {
  try {
    return { text: strictUtf8.decode(bytes), valid: true };
  } catch {
    return { text: bytes.toString('utf8'), valid: false };
  }
}

/** Whether a POST body holds an `initialize` request (alone or in a batch). */
export function isInitialize(body: string): boolean {
  const isInit = (m: unknown) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'initialize';
  try {
    const v: unknown = JSON.parse(body);
    return Array.isArray(v) ? v.some(isInit) : isInit(v);
  } catch {
    return false;
  }
}

/** An object, or a non-empty array of objects (same rule as the stdio framer). */
export function isJsonRpcShaped(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => typeof v === 'object' && v !== null);
  return typeof value === 'object' && value !== null;
}

/** An error body worth delivering: JSON objects that say `jsonrpc` (not an HTML error page). */
export function looksJsonRpc(text: string): boolean {
  const one = (m: unknown) => typeof m === 'object' && m !== null && 'jsonrpc' in m;
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.length > 0 && v.every(one) : one(v);
  } catch {
    return false;
  }
}

/** The system error code of a failed request (undici wraps some of them). */
export function errorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown }; errors?: { code?: unknown }[] } | undefined;
  const code = e?.code ?? e?.cause?.code ?? e?.errors?.[0]?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Failures after which nothing more can arrive from the target. */
export const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_NONAME', 'EHOSTUNREACH', 'ENETUNREACH']);

/** One sentence a user understands. */
export function describeError(code: string | undefined, err: unknown, url: string): string {
  const host = new URL(url).host;
  switch (code) {
    case 'ECONNREFUSED':
      return `Connection refused by ${host}: is the server running?`;
    case 'ENOTFOUND':
    case 'EAI_NONAME':
      return `Host ${host} not found (DNS).`;
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return `The connection to ${host} was reset before response headers arrived.`;
    case 'UND_ERR_CONNECT_TIMEOUT':
      return `Connecting to ${host} timed out.`;
    default:
      return `Request to ${host} failed: ${(err as Error)?.message ?? String(err)}${code ? ` (${code})` : ''}.`;
  }
}

/** Wait for p, but at most ms; the timer is cleared so it holds nothing open. */
export async function withTimeout(p: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([p, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Feed a response body to an SSE parser until it ends, the parser refuses more (overflow),
 * or the connection breaks. Returns why it broke off, or undefined when it simply ended.
 */
export async function pumpSse(
  body: AsyncIterable<unknown>,
  parser: { push(chunk: Buffer): boolean; end(): void },
  closeRequested: () => boolean,
): Promise<string | undefined> {
  try {
    for await (const chunk of body) {
      if (!parser.push(chunk as Buffer)) break;
    }
    parser.end();
    return undefined;
  } catch (err) {
    return closeRequested() ? 'closed by the harness' : `broke off: ${(err as Error).message}`;
  }
}
