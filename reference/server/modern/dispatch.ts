// The 2026-07-28 era over any transport: which requests are modern, their validation
// (per-request _meta, version, method) and the era's view of a request (logging by the
// request's own logLevel, decorated results). The feature handlers are the legacy ones.
import { isOn } from '../faults.js';
import { ErrorCode, RpcError, isPlainObject, isResponse, type Outbound } from '../jsonrpc.js';
import { LOG_LEVELS, type LogLevel } from '../handlers/logging.js';
import { SERVER_NAME } from '../handlers/lifecycle.js';
import { MODERN, isRevision } from '../revisions.js';
import type { Channel, ExecOptions, ModernInfo, Request, RequestContext, RequestHandler, Session } from '../session.js';
import type { ConnectionMemory } from './connection.js';
import { decorate } from './decorate.js';
import { methodNotFound, unsupportedVersion } from './errors.js';
import { broadcastToListeners } from './listen.js';
import { eraMode, servesModernVersion } from './mode.js';
import { hasModernMeta, parseMeta, type RequestMeta } from './meta.js';
import { MODERN_METHODS, MODERN_ONLY_METHODS } from './methods.js';
import { checkInputResponses } from './mrtr.js';

/** basic/versioning#compatibility-matrix: modern _meta (or a method only this era has) selects 2026-07-28. */
export function isModernRequest(req: Request): boolean {
  const mode = eraMode();
  if (mode !== 'dual') return mode === 'modern-only';
  return hasModernMeta(req.params) || MODERN_ONLY_METHODS.has(req.method);
}

export interface ModernOptions {
  conn: ConnectionMemory;
  /** Transport checks that need the validated request (HTTP: Mcp-Param-* headers). Throws to refuse. */
  beforeHandler?(method: string, params: Record<string, unknown>): void;
}

/** basic/versioning#backward-compatibility: a modern-only server names its versions to a legacy initialize. */
export function refuseInitialize(params: unknown): RpcError {
  if (isOn('modern-only-initialize-unnamed')) return new RpcError(ErrorCode.MethodNotFound, 'Method not found: initialize');
  const requested = isPlainObject(params) && typeof params.protocolVersion === 'string' ? params.protocolVersion : '';
  return unsupportedVersion(requested, 'This server speaks only the stateless protocol, without initialize; unsupported protocol version');
}

export async function serveModern(session: Session, req: Request, channel: Channel, opts: ModernOptions): Promise<void> {
  const decorated = (result: unknown): unknown => decorate(req.method, req.params, result);
  let prepared: { handler: RequestHandler; info: ModernInfo };
  try {
    prepared = prepare(req, opts);
  } catch (e) {
    if (!(e instanceof RpcError)) throw e;
    if (e.code === ErrorCode.MethodNotFound) return session.unknownMethod(req, channel, e, decorated);
    return session.fail(req, channel, e);
  }
  const { handler, info } = prepared;
  const exec: ExecOptions = {
    revision: MODERN,
    modern: info,
    log: (ctx, level, data) => modernLog(ctx, info.meta, level, data),
    decorate: decorated,
  };
  // A listen's own channel is where the faults below deliver: it must not redirect again.
  await session.execute(req, req.method === 'subscriptions/listen' ? channel : scoped(channel), handler, exec);
  remember(opts.conn, req.method);
}

/** Validation in the order the rules apply: _meta, version, method (then the transport's own checks). */
function prepare(req: Request, opts: ModernOptions): { handler: RequestHandler; info: ModernInfo } {
  if (req.method === 'initialize' && eraMode() === 'modern-only' && !hasModernMeta(req.params)) throw refuseInitialize(req.params);
  const meta = parseMeta(req.params);
  if (isOn('modern-capabilities-remembered')) {
    opts.conn.capabilities = { ...opts.conn.capabilities, ...meta.capabilities };
    meta.capabilities = opts.conn.capabilities;
  }
  // A fault (VER-014): 2026-07-28 is not served, yet server/discover at it is still answered.
  const unserved = isOn('modern-discover-answers-unserved') && req.method !== 'server/discover';
  if ((unserved || !servesModernVersion(meta.version)) && !isOn('modern-unsupported-version-served')) {
    const legacy = isRevision(meta.version) && eraMode() === 'dual';
    throw unsupportedVersion(meta.version, legacy ? 'Legacy versions are served after an initialize handshake only' : undefined);
  }
  if (isOn('modern-requires-discover-first') && !opts.conn.discovered && req.method !== 'server/discover') {
    throw new RpcError(ErrorCode.InvalidRequest, 'Invalid Request: call server/discover first');
  }
  const handler = Object.hasOwn(MODERN_METHODS, req.method) ? MODERN_METHODS[req.method] : undefined;
  const hidden = req.method === 'server/discover' && isOn('modern-discover-missing');
  if (!handler || hidden) throw methodNotFound(req.method);
  checkInputResponses(req.params);
  opts.beforeHandler?.(req.method, isPlainObject(req.params) ? req.params : {});
  return { handler, info: { method: req.method, meta, conn: opts.conn } };
}

/** What the connection remembers of a served request: only faults read it (connection.ts). */
function remember(conn: ConnectionMemory, method: string): void {
  if (method === 'server/discover') conn.discovered = true;
  if (method === 'resources/read') conn.sawRead = true;
  if (method === 'tools/call') conn.sawCall = true;
}

/** server/utilities/logging#per-request-log-level: only at the request's logLevel, on its own stream, before its response. */
function modernLog(ctx: RequestContext, meta: RequestMeta, level: LogLevel, data: unknown): void {
  const min = meta.logLevel ?? (isOn('modern-log-without-level') ? 'debug' : null);
  if (min === null) return;
  if (LOG_LEVELS.indexOf(level) < LOG_LEVELS.indexOf(min) && !isOn('modern-log-below-level')) return;
  const send = (): void => ctx.notify('notifications/message', { level, logger: SERVER_NAME, data });
  if (isOn('modern-log-after-response')) ctx.after(send);
  else send();
}

/** Request-scoped notifications stay on the request's stream (faults send them to the listen streams). */
function scoped(channel: Channel): Channel {
  return {
    send: (msg: Outbound, info) => {
      const method = !isResponse(msg) && !Array.isArray(msg) ? msg.method : undefined;
      if (method === 'notifications/progress' && isOn('modern-progress-on-listen')) return broadcastToListeners(msg as Record<string, unknown>);
      if (method === 'notifications/message' && isOn('modern-log-on-listen')) return broadcastToListeners(msg as Record<string, unknown>);
      channel.send(msg, info);
    },
  };
}
