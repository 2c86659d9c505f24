// Streamable HTTP at 2026-07-28: every POST stands alone (no session: Mcp-Session-Id and
// Last-Event-ID are ignored), headers are validated against the body (headers.ts), the answer
// is JSON or an SSE stream scoped to the request, and closing that stream cancels it.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOOLS } from '../catalog/tools.js';
import { isOn } from '../faults.js';
import { header, refuseRequest } from '../http-common.js';
import { ErrorCode, RpcError, classify, isPlainObject, notification, type Id } from '../jsonrpc.js';
import { MODERN_VERSIONS, MODERN, offeredAt } from '../revisions.js';
import { Session } from '../session.js';
import { PostChannel } from '../sse.js';
import { newConnectionMemory, type ConnectionMemory } from './connection.js';
import { refuseInitialize } from './dispatch.js';
import { checkParamHeaders, checkStandardHeaders, checkVersionHeader } from './headers.js';
import { eraMode } from './mode.js';
import { bodyVersion, hasModernMeta, parseMeta } from './meta.js';
import { MODERN_ONLY_METHODS } from './methods.js';

const KEEPALIVE_MS = 15_000;
/** Per TCP connection: what only faults remember (connection.ts). */
const connections = new WeakMap<object, ConnectionMemory>();

/** basic/versioning#compatibility-matrix on HTTP: a modern version header or modern _meta selects 2026-07-28. */
export function isModernPost(req: IncomingMessage, body: unknown): boolean {
  const mode = eraMode();
  if (mode !== 'dual') return mode === 'modern-only';
  const version = header(req, 'mcp-protocol-version');
  if (version !== undefined && MODERN_VERSIONS.includes(version)) return true;
  if (!isPlainObject(body)) return false;
  if (hasModernMeta(body.params)) return true;
  return header(req, 'mcp-session-id') === undefined && typeof body.method === 'string' && MODERN_ONLY_METHODS.has(body.method);
}

function refuse(res: ServerResponse, id: Id | null, e: RpcError): void {
  refuseRequest(res, e.httpStatus ?? 400, id, e.code, e.message, e.data);
}

export async function handleModernPost(req: IncomingMessage, res: ServerResponse, value: unknown, text: string): Promise<void> {
  if (Array.isArray(value)) return refuse(res, null, new RpcError(ErrorCode.InvalidRequest, 'Invalid Request: 2026-07-28 has no batches'));
  const msg = classify(value, text);
  // security--endpoint: the one MCP endpoint supports POST (the fault refuses it, but for a legacy initialize).
  if (isOn('modern-post-refused') && !(msg.kind === 'request' && msg.method === 'initialize' && !hasModernMeta(msg.params))) {
    res.writeHead(405).end();
    return;
  }
  if (msg.kind === 'request') {
    const params = isPlainObject(msg.params) ? msg.params : {};
    try {
      if (msg.method === 'initialize' && eraMode() === 'modern-only' && !hasModernMeta(msg.params)) throw refuseInitialize(msg.params);
      // earlier-streamable-http-revisions: Last-Event-ID is ignored (a fault refuses it).
      if (isOn('modern-http-last-event-id-refused') && header(req, 'last-event-id') !== undefined) {
        throw new RpcError(ErrorCode.InvalidRequest, 'Invalid Request: streams are not resumable (Last-Event-ID)', undefined, 400);
      }
      checkStandardHeaders(req, msg.method, params);
      const version = bodyVersion(msg.params);
      if (version !== undefined && hasValidMeta(msg.params)) checkVersionHeader(req, version);
    } catch (e) {
      if (e instanceof RpcError) return refuse(res, msg.id, e);
      throw e;
    }
  }
  const channel = new PostChannel(res, {
    headers: (): Record<string, string> => (isOn('modern-http-session-id') ? { 'Mcp-Session-Id': randomUUID() } : {}),
    ids: () => undefined,
    streamAll: () => false,
    ...(isOn('modern-http-no-accel-buffering') ? { accelBuffering: false } : {}),
  });
  const conn = connections.get(req.socket) ?? newConnectionMemory();
  connections.set(req.socket, conn);
  // One session per POST: nothing outlives the request (a notification POST gets 202 from finish).
  const session = new Session(channel, {
    conn,
    beforeHandler: (method, p) => {
      paramHeaders(req, method, p);
      // Once the request is valid: an unrelated notification on its stream (a fault).
      if (method === 'tools/call' && isOn('modern-http-unrelated-notification')) channel.send(notification('notifications/tools/list_changed'));
    },
  });
  // transports/streamable-http#cancellation: closing the stream cancels the request.
  res.on('close', () => {
    if (!channel.done && !isOn('modern-http-close-not-cancel')) session.close();
  });
  const keepAlive = setInterval(() => channel.comment('keep-alive'), KEEPALIVE_MS);
  try {
    channel.finish(await session.receive(value, text, channel));
  } finally {
    clearInterval(keepAlive);
  }
}

/** The version header is compared only once _meta itself is well formed (else -32602 answers first). */
function hasValidMeta(params: unknown): boolean {
  try {
    parseMeta(params);
    return true;
  } catch {
    return false;
  }
}

function paramHeaders(req: IncomingMessage, method: string, params: Record<string, unknown>): void {
  if (method !== 'tools/call') return;
  const tool = TOOLS.find((t) => t.name === params.name && offeredAt(t, MODERN));
  if (tool && isPlainObject(params.arguments)) checkParamHeaders(req, tool, params.arguments);
}
