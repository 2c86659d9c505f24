// Reaching the server and detecting its era (2026-07-28 basic/versioning#backward-compatibility):
// probe with a modern request; a DiscoverResult or a recognized modern error means modern;
// anything else (any error code, or silence) means legacy, then initialize. On HTTP a
// 400/404/405 to initialize falls back once more, to HTTP+SSE.
import { NO_AUTH, type AuthHooks } from './auth.js';
import { isOn } from './faults.js';
import { Code, MODERN_ERROR_CODES, RpcError } from './jsonrpc.js';
import { Fatal, describe, verbose } from './log.js';
import { Peer } from './peer.js';
import { MODERN, NEWEST_LEGACY, isLegacy, newestShared, type LegacyRevision, type Offer } from './revisions.js';
import { LegacySession, httpStatus } from './session-legacy.js';
import { ModernSession, VersionRejectedError } from './session-modern.js';
import type { Session } from './session.js';
import { AuthRequiredError, ChannelClosedError, type Channel } from './transports/channel.js';
import { HttpClient } from './transports/http-client.js';
import { StreamableHttpChannel } from './transports/http.js';
import { LegacySseChannel } from './transports/legacy-sse.js';
import { StdioChannel } from './transports/stdio.js';

export interface ConnectOptions {
  offer: Offer;
  timeoutMs: number;
  /** How long a tools/call may take (default: timeoutMs). */
  callTimeoutMs?: number;
  auth?: AuthHooks;
}

export interface Connection {
  session: Session;
  peer: Peer;
  channel: Channel;
  /** The session's own ending, then the transport's (stdio: close stdin, wait, signals). */
  close(): Promise<void>;
}

/** A modern server answers with these; a legacy one never does (VER-032, SSE-021). */
function isModernError(e: unknown): boolean {
  if (!(e instanceof RpcError)) return false;
  return MODERN_ERROR_CODES.includes(e.code) || (e.status === 404 && e.code === Code.MethodNotFound);
}

/** Errors that say the server cannot be reached or used at all: no fallback helps. */
function isUnreachable(e: unknown): boolean {
  const code = typeof e === 'object' && e !== null ? (e as { code?: unknown }).code : undefined;
  return e instanceof ChannelClosedError || e instanceof Fatal || code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH';
}

/** The probe: a modern session, or the legacy version to initialize with. */
async function probe(peer: Peer, opts: ConnectOptions, authFallsThrough: boolean): Promise<ModernSession | LegacyRevision> {
  const modern = new ModernSession(peer, opts.offer);
  const fallBackOnModernError = isOn('modern-error-falls-back');
  try {
    await modern.discover(!fallBackOnModernError);
    verbose('modern server');
    return modern;
  } catch (e) {
    if (e instanceof VersionRejectedError) {
      // Use a version the server listed: a legacy one means initialize; none means no common ground.
      const v = newestShared(e.supported);
      if (isLegacy(v)) return v;
      throw new Fatal(v === MODERN ? `the server keeps rejecting protocol version ${MODERN}` : e.message);
    }
    if (isModernError(e)) {
      if (fallBackOnModernError) return NEWEST_LEGACY;
      modern.assumeModern();
      return modern;
    }
    if (e instanceof AuthRequiredError && !authFallsThrough) throw e;
    if (isUnreachable(e)) throw e;
    // VER-031: any other error, or no answer, means a legacy server: never keyed on one code.
    if (isOn('probe-fallback-only-on-method-not-found') && !(e instanceof RpcError && e.code === Code.MethodNotFound)) {
      throw new Fatal(`the server is not a modern MCP server (${describe(e)})`);
    }
    verbose(`legacy server (the probe got: ${describe(e)})`);
    return NEWEST_LEGACY;
  }
}

async function openModern(session: ModernSession, peer: Peer, opts: ConnectOptions): Promise<Connection> {
  await session.startListen(opts.timeoutMs);
  return { session, peer, channel: peer.channel, close: () => closeAll(session, peer) };
}

async function closeAll(session: Session, peer: Peer): Promise<void> {
  verbose('closing');
  // What is still being sent (a timed-out request's cancellation) goes out before the end.
  await peer.drain();
  await session.close();
  await peer.channel.close();
  verbose('closed');
}

async function openLegacy(peer: Peer, ask: LegacyRevision, opts: ConnectOptions): Promise<Connection> {
  const session = new LegacySession(peer, { ask, offer: opts.offer, timeoutMs: opts.timeoutMs });
  await session.open();
  return { session, peer, channel: peer.channel, close: () => closeAll(session, peer) };
}

/** Wraps connection failures into one-line fatal errors, closing what was opened. */
async function failing<T>(channel: Channel, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    await channel.close().catch(() => undefined);
    if (e instanceof Fatal || e instanceof AuthRequiredError) throw e;
    throw new Fatal(`cannot connect: ${describe(e)}`);
  }
}

/** The patience with a stdio server's first answer, in request timeouts: it includes the server's start. */
const STDIO_STARTUP_TIMEOUTS = 3;

export async function connectStdio(commandLine: string, opts: ConnectOptions): Promise<Connection> {
  const channel = StdioChannel.spawn(commandLine);
  const peer = new Peer(channel, opts.timeoutMs, opts.callTimeoutMs);
  peer.startupMs = STDIO_STARTUP_TIMEOUTS * opts.timeoutMs;
  return failing(channel, async () => {
    // VER-030: a dual-era client probes with server/discover before anything else.
    if (isOn('stdio-request-before-probe')) await new ModernSession(peer, opts.offer).request('tools/list', {}).catch(() => undefined);
    const found = isOn('stdio-no-discover-probe') ? NEWEST_LEGACY : await probe(peer, opts, false);
    return found instanceof ModernSession ? openModern(found, peer, opts) : openLegacy(peer, found, opts);
  });
}

export async function connectHttp(url: URL, opts: ConnectOptions): Promise<Connection> {
  const http = new HttpClient(opts.auth ?? NO_AUTH);
  const channel = new StreamableHttpChannel(url, http, opts.timeoutMs);
  const peer = new Peer(channel, opts.timeoutMs, opts.callTimeoutMs);
  const authFallsThrough = isOn('sse-fallback-on-401');
  const found = await failing(channel, () => probe(peer, opts, authFallsThrough));
  if (found instanceof ModernSession) return failing(channel, () => openModern(found, peer, opts));
  channel.era = 'legacy';
  try {
    return await openLegacy(peer, found, opts);
  } catch (e) {
    const status = e instanceof AuthRequiredError ? 401 : httpStatus(e);
    // SSE-020: 400, 404 or 405 to initialize: try the 2024-11-05 HTTP+SSE transport.
    const fallback = status === 400 || status === 404 || status === 405 || (status === 401 && authFallsThrough);
    if (!fallback || isOn('sse-fallback-missing')) return failing(channel, () => Promise.reject(e));
    verbose(`initialize got HTTP ${status}: trying HTTP+SSE`);
    await channel.close();
  }
  const sse = await failing(channel, () => LegacySseChannel.connect(url, http, opts.timeoutMs));
  return failing(sse, () => openLegacy(new Peer(sse, opts.timeoutMs, opts.callTimeoutMs, Number(peer.nextId())), found, opts));
}
