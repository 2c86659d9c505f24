// Small HTTP helpers shared by the Streamable HTTP and the HTTP+SSE endpoints.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isOn } from './faults.js';
import { ErrorCode, errorResponse, isPlainObject, isValidId, type Id } from './jsonrpc.js';
import { sendJson, type Headers } from './sse.js';

const MAX_BODY = 4 * 1024 * 1024;
/** Bodies declared larger than this are refused without reading them. */
const MAX_DRAIN = 64 * 1024 * 1024;

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

export function mediaTypes(value: string | undefined): string[] {
  return (value ?? '').split(',').map((p) => (p.split(';')[0] ?? '').trim().toLowerCase());
}

/** An HTTP-level refusal before any request was read; the body is a JSON-RPC error with id null. */
export function refuse(res: ServerResponse, status: number, message: string, headers: Headers = {}): void {
  sendJson(res, status, errorResponse(null, ErrorCode.InvalidRequest, message), headers);
}

/**
 * The refusal of a request the server read: its error carries the request's id (basic#error-
 * responses: "Error responses MUST include the same ID as the request they correspond to").
 */
export function refuseRequest(res: ServerResponse, status: number, id: Id | null, code: number, message: string, data?: unknown, headers: Headers = {}): void {
  sendJson(res, status, errorResponse(isOn('http-error-id-null') ? null : id, code, message, data), headers);
}

/** The id of a single request in a POST body (null for a batch, a notification or garbage). */
export function requestIdOf(body: unknown): Id | null {
  return isPlainObject(body) && 'method' in body && isValidId(body.id) ? body.id : null;
}

export function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    if (Number(header(req, 'content-length') ?? 0) > MAX_DRAIN) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(size > MAX_BODY ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
