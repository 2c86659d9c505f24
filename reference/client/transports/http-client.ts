// One HTTP exchange over node:http(s), with the auth seam: every request is decorated, a
// 401/403 goes to the auth handler (one retry when it says so), an unanswered 401 ends the run.
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { NO_AUTH, type AuthHooks } from '../auth.js';
import { isOn } from '../faults.js';
import { AuthRequiredError } from './channel.js';
import { SseParser, type SseEvent } from './sse-parser.js';

export interface HttpRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: URL;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
  /** Bound on waiting for the response headers (the body is the caller's to bound). */
  headersTimeoutMs?: number;
}

export interface HttpResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

/** The media type of a Content-Type value, lower-cased, without parameters. */
export function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

export class HttpClient {
  private readonly open = new Set<http.ClientRequest>();

  constructor(private readonly auth: AuthHooks = NO_AUTH) {}

  async fetch(req: HttpRequest): Promise<HttpResponse> {
    const ctx = { method: req.method, url: req.url, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) };
    // One retry after the credentials changed (a few, under the fault): a bounded step-up.
    const retries = isOn('auth-step-up-unbounded') ? 6 : 1;
    for (let attempt = 0; ; attempt++) {
      const headers = { ...req.headers };
      await this.auth.decorate(headers, ctx);
      const res = await this.once(req, headers);
      if ((res.status === 401 || res.status === 403) && attempt < retries) {
        if (await this.auth.unauthorized(res.status, res.headers, ctx)) {
          res.body.resume();
          continue;
        }
      }
      if (res.status === 401) {
        res.body.resume();
        throw new AuthRequiredError(401);
      }
      return res;
    }
  }

  private once(req: HttpRequest, headers: Record<string, string>): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      if (req.signal?.aborted) return reject(new Error('aborted'));
      const lib = req.url.protocol === 'https:' ? https : http;
      if (req.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(req.body));
      const cr = lib.request(req.url, { method: req.method, headers });
      this.open.add(cr);
      let timer: NodeJS.Timeout | undefined;
      const onAbort = (): void => void cr.destroy(new Error('aborted'));
      req.signal?.addEventListener('abort', onAbort, { once: true });
      cr.once('close', () => {
        this.open.delete(cr);
        req.signal?.removeEventListener('abort', onAbort);
      });
      if (req.headersTimeoutMs) timer = setTimeout(() => cr.destroy(new Error(`no HTTP response within ${req.headersTimeoutMs} ms`)), req.headersTimeoutMs);
      cr.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      cr.once('response', (res) => {
        clearTimeout(timer);
        res.on('error', () => undefined);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: res });
      });
      cr.end(req.body);
    });
  }

  /** Closes every connection still open (shutdown). */
  abortAll(): void {
    for (const cr of this.open) cr.destroy();
    this.open.clear();
  }
}

/** Reads a whole body as text, bounded in size and time; drops the rest. */
export async function readText(res: IncomingMessage, limit = 8 * 1024 * 1024, timeoutMs = 10_000): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(() => res.destroy(), timeoutMs);
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        res.destroy();
        break;
      }
      chunks.push(chunk);
    }
  } catch {
    // a reset mid-body leaves what was read
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The events of an SSE body, in order; ends when the stream ends or breaks. */
export async function* sseEvents(res: IncomingMessage): AsyncGenerator<SseEvent> {
  const parser = new SseParser();
  const decoder = new TextDecoder();
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      for (const ev of parser.push(decoder.decode(chunk, { stream: true }))) yield ev;
    }
  } catch {
    // a reset or a malformed stream ends it, like a close
  } finally {
    res.destroy();
  }
}
