// basic/transports#streamable-http (2025-03-26..2025-11-25): one endpoint /mcp on
// 127.0.0.1; POST carries messages, GET opens a listening SSE stream (or resumes one with
// Last-Event-ID), DELETE ends a session. The 2024-11-05 HTTP+SSE endpoints live beside it
// (legacy-sse.ts); in protected mode every MCP endpoint wants a bearer token (auth.ts).
// --stateless-process serves each POST with a session of its own instead, POST only.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { authorize, serveAuthDocuments } from './auth.js';
import type { IssuerProtection } from './issuer-auth.js';
import { isOn } from './faults.js';
import { header, mediaTypes, readBody, refuse, refuseRequest, requestIdOf } from './http-common.js';
import { ErrorCode, isPlainObject, isResponse, parseFrame, unreadableIdError, type Id, type Outbound } from './jsonrpc.js';
import { MESSAGE_PATH, SSE_PATH, endSseSessions, handleSseGet, handleSsePost } from './legacy-sse.js';
import { handleModernPost, isModernPost } from './modern/http.js';
import { closeSubscriptions } from './modern/listen.js';
import { eraMode, servesModernVersion } from './modern/mode.js';
import { batchSplitter } from './modes/batch-as-events.js';
import { rateLimited } from './modes/rate-limit.js';
import { startFreshProcess, statelessProcess } from './modes/stateless-process.js';
import { isRevision } from './revisions.js';
import { Session, type Channel } from './session.js';
import { PostChannel, SseStream, sendJson, type StreamIds } from './sse.js';

const ENDPOINT = '/mcp';
const KEEPALIVE_MS = 15_000;
const ALLOWED_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;
const MAX_LOG = 500;

interface HttpSession {
  id: string;
  session: Session;
  listener: SseStream | null;
  /** Messages for no particular request, waiting for a stream to carry them. */
  queue: Outbound[];
  /** Streams numbered per session; event ids are `<stream>-<event>`. */
  streams: number;
  /** Sent events, in order, for resumption (2025-11-25 sessions). */
  log: { id: string; stream: number; data: string }[];
  /** Stream number -> its event ids (so a resumed stream goes on numbering). */
  ids: Map<number, StreamIds>;
  /** Stream number -> the POST channel still answering on it. */
  channels: Map<number, PostChannel>;
  /** Are its streams resumable (2025-11-25)? Not for a --stateless-process POST: nothing would replay them. */
  resumable: boolean;
}

const sessions = new Map<string, HttpSession>();
/** Ids of sessions ended by DELETE: requests with them get 404 (transports#session-management). */
const ended = new Set<string>();

/** Event ids for a new stream of a 2025-11-25 session (resumable streams); none before. */
function streamIds(hs: HttpSession): { no: number; ids: StreamIds | undefined } {
  const no = ++hs.streams;
  if (!resumesStreams(hs)) return { no, ids: undefined };
  let n = 0;
  const reused = isOn('http-event-id-reused');
  const ids: StreamIds = {
    next: () => (reused ? `${++n}` : `${no}-${n++}`),
    keep: (id, data) => {
      hs.log.push({ id, stream: no, data });
      if (hs.log.length > MAX_LOG) hs.log.shift();
    },
  };
  hs.ids.set(no, ids);
  return { no, ids };
}

/** 2025-11-25 sessions answer every request on a resumable stream, with event ids. */
function resumesStreams(hs: HttpSession): boolean {
  return hs.resumable && hs.session.revision === '2025-11-25';
}

/** A new session; `kept`: registered under its id for later requests (not a stateless POST's). */
function newSession(kept = true): HttpSession {
  const id = isOn('http-session-id-not-ascii') ? `ref ${randomUUID()}` : randomUUID();
  const hs: HttpSession = { id, session: undefined as unknown as Session, listener: null, queue: [], streams: 0, log: [], ids: new Map(), channels: new Map(), resumable: kept };
  hs.session = new Session({ send: (msg) => (hs.listener?.open ? hs.listener.send(msg) : hs.queue.push(msg)) });
  if (kept) sessions.set(hs.id, hs);
  return hs;
}

/** --stateless-process (modes/stateless-process.ts): the session of a fresh process, for this POST alone. */
function freshProcessSession(req: IncomingMessage, res: ServerResponse, body: unknown, id: Id | null): HttpSession | undefined {
  const hs = newSession(false);
  const refusal = startFreshProcess(hs.session, body, header(req, 'mcp-protocol-version'));
  if (refusal !== undefined) return void refuseRequest(res, 400, id, ErrorCode.InvalidRequest, refusal);
  return hs;
}

/** The session id header; names compare case-insensitively (Node lower-cases them). */
function sessionIdOf(req: IncomingMessage): string | undefined {
  if (isOn('http-header-case-sensitive')) {
    const at = req.rawHeaders.findIndex((h, i) => i % 2 === 0 && (h === 'Mcp-Session-Id' || h === 'MCP-Session-Id'));
    return at >= 0 ? req.rawHeaders[at + 1] : undefined;
  }
  return header(req, 'mcp-session-id');
}

/** transports#session-management: servers that require a session id SHOULD answer 400 without one. */
function missingSession(res: ServerResponse, id: Id | null): void {
  refuseRequest(res, isOn('http-missing-session-404') ? 404 : 400, id, ErrorCode.InvalidRequest, 'Bad Request: Mcp-Session-Id header required');
}

/**
 * Resolves the session of a request that must have one; answers 400/404 itself otherwise.
 * `id`: the request's id, when a POST carried one (GET and DELETE carry none).
 */
function existingSession(req: IncomingMessage, res: ServerResponse, id: Id | null = null): HttpSession | undefined {
  const sid = sessionIdOf(req);
  if (sid === undefined) return void missingSession(res, id);
  const hs = sessions.get(sid);
  if (!hs) {
    if (ended.has(sid)) return void refuseRequest(res, isOn('http-ended-session-400') ? 400 : 404, id, ErrorCode.InvalidRequest, 'Not Found: the session was ended');
    return void refuseRequest(res, isOn('http-unknown-session-400') ? 400 : 404, id, ErrorCode.InvalidRequest, 'Not Found: no such session');
  }
  // transports#protocol-version-header: an invalid or unsupported value gets 400; absent means the negotiated one.
  const version = header(req, 'mcp-protocol-version');
  const revision = hs.session.revision;
  if (version === undefined) {
    if (revision !== null && revision >= '2025-06-18' && isOn('http-protocol-version-required')) {
      return void refuseRequest(res, 400, id, ErrorCode.InvalidRequest, 'Bad Request: MCP-Protocol-Version header required');
    }
  } else if (!isRevision(version) && version !== hs.session.protocolVersion && !isOn('http-protocol-version-unchecked')) {
    return void refuseRequest(res, 400, id, ErrorCode.InvalidRequest, `Bad Request: unsupported MCP-Protocol-Version: ${version}`);
  }
  return hs;
}

function containsRequest(value: unknown): boolean {
  const one = (v: unknown): boolean => isPlainObject(v) && 'method' in v && 'id' in v;
  return Array.isArray(value) ? value.some(one) : one(value);
}

async function handlePost(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const accept = mediaTypes(header(req, 'accept'));
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    return refuse(res, 406, 'Not Acceptable: Accept must list application/json and text/event-stream');
  }
  if (mediaTypes(header(req, 'content-type'))[0] !== 'application/json') {
    return refuse(res, 415, 'Unsupported Media Type: Content-Type must be application/json');
  }
  const body = await readBody(req);
  if (body === 'too-large') return refuse(res, 413, 'Payload Too Large: the limit is 4 MB', { Connection: 'close' });
  const parsed = parseFrame(body);
  if (!parsed.ok) return sendJson(res, 400, unreadableIdError(parsed.reply, servesModernVersion(header(req, 'mcp-protocol-version') ?? '')));
  if (isModernPost(req, parsed.value)) return handleModernPost(req, res, parsed.value, parsed.text);

  let hs: HttpSession | undefined;
  const stateless = statelessProcess();
  const created = !stateless && sessionIdOf(req) === undefined;
  const id = requestIdOf(parsed.value);
  if (stateless) {
    hs = freshProcessSession(req, res, parsed.value, id);
    if (!hs) return;
  } else if (created) {
    if (!isPlainObject(parsed.value) || parsed.value.method !== 'initialize') return missingSession(res, id);
    hs = newSession();
  } else {
    hs = existingSession(req, res, id);
    if (!hs) return;
  }
  const session = hs;
  let stream: { no: number; ids: StreamIds | undefined } | undefined;
  // --batch-as-events (modes/batch-as-events.ts): a batch's responses one per SSE event.
  const batch = batchSplitter();
  const channel = new PostChannel(res, {
    headers: (): Record<string, string> => (created && session.session.state !== 'new' ? { 'Mcp-Session-Id': session.id } : {}),
    ids: () => {
      stream ??= streamIds(session);
      session.channels.set(stream.no, channel);
      return stream.ids;
    },
    // 2025-11-25 sessions answer every request on a resumable stream.
    streamAll: () => batch.splitting || resumesStreams(session),
  });
  const listening: Channel = {
    send: (msg) => (isResponse(msg) && session.listener?.open ? session.listener.send(msg) : channel.send(msg)),
  };
  const target = batch.wrap(isOn('http-response-on-get-stream') ? listening : channel);
  if (containsRequest(parsed.value)) for (const m of session.queue.splice(0)) channel.send(m);
  const outcome = await session.session.receive(parsed.value, parsed.text, target);
  if (created && session.session.state === 'new') sessions.delete(session.id); // initialize failed
  if (isOn('http-batch-notifications-200') && Array.isArray(parsed.value) && parsed.value.length > 0 && !outcome.hadRequests) return void res.writeHead(200).end();
  channel.finish(outcome);
  if (stream) session.channels.delete(stream.no);
}

/** transports#resumability-and-redelivery: replay what followed `lastId` on its stream. */
function resume(hs: HttpSession, lastId: string, res: ServerResponse): boolean {
  const at = hs.log.findIndex((e) => e.id === lastId);
  const from = hs.log[at];
  if (!from) return false;
  const everyStream = isOn('http-replay-other-streams');
  const later = hs.log.slice(at + 1).filter((e) => e.data !== '' && (everyStream || e.stream === from.stream));
  const out = new SseStream(res, {}, hs.ids.get(from.stream), { prime: false });
  for (const e of later) out.replay(e.id, e.data);
  const channel = hs.channels.get(from.stream);
  if (channel && !channel.done && !everyStream) channel.resumeOn(out);
  else out.end();
  return true;
}

function handleGet(req: IncomingMessage, res: ServerResponse): void {
  if (!mediaTypes(header(req, 'accept')).includes('text/event-stream')) {
    return refuse(res, 406, 'Not Acceptable: Accept must list text/event-stream');
  }
  const hs = existingSession(req, res);
  if (!hs) return;
  if (isOn('http-get-wrong-status')) return refuse(res, 400, 'Bad Request: no listening stream here');
  const last = header(req, 'last-event-id');
  if (last !== undefined && resume(hs, last, res)) return;
  if (hs.listener?.open) return refuse(res, 409, 'Conflict: this session already has a listening stream');
  const stream = new SseStream(res, {}, streamIds(hs).ids);
  if (isOn('http-sse-non-json-data')) stream.event(undefined, 'ready');
  hs.listener = stream;
  for (const m of hs.queue.splice(0)) stream.send(m);
  const timer = setInterval(() => stream.comment('keep-alive'), KEEPALIVE_MS);
  res.on('close', () => {
    clearInterval(timer);
    if (hs.listener === stream) hs.listener = null;
  });
}

function handleDelete(req: IncomingMessage, res: ServerResponse): void {
  const hs = existingSession(req, res);
  if (!hs) return;
  if (isOn('http-delete-400')) return refuse(res, 400, 'Bad Request: sessions are not ended this way');
  endSession(hs);
  ended.add(hs.id);
  if (ended.size > 10_000) ended.clear();
  res.writeHead(200).end();
}

function endSession(hs: HttpSession): void {
  hs.session.close();
  hs.listener?.end();
  sessions.delete(hs.id);
}

export interface HttpOptions {
  /** Require a bearer token on the MCP endpoints and serve the discovery documents (auth.ts). */
  protected?: boolean;
  /** Require JWT access tokens of this issuer instead (issuer-auth.ts). */
  protectedBy?: IssuerProtection;
}

async function route(req: IncomingMessage, res: ServerResponse, opts: HttpOptions): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  // --rate-limit: a limiter in front of everything, as a deployed server has.
  if (rateLimited(req, res, path)) return;
  const mcp = path === ENDPOINT;
  const legacy = path === SSE_PATH || path === MESSAGE_PATH;
  // transports#security-warning: validate Origin (DNS rebinding); 2025-11-25: an invalid one gets 403.
  const origin = header(req, 'origin');
  if (origin !== undefined && !ALLOWED_ORIGIN.test(origin)) {
    if (mcp && !isOn('http-origin-not-validated')) return refuse(res, isOn('http-origin-rejected-400') ? 400 : 403, `Forbidden: origin ${origin} is not allowed`);
    if (legacy && !isOn('sse-origin-not-validated')) return refuse(res, 403, `Forbidden: origin ${origin} is not allowed`);
  }
  if (opts.protected) {
    if (serveAuthDocuments(req, res, path)) return;
    if ((mcp || legacy) && !authorize(req, res, mcp && req.method === 'GET' ? 'mcp:listen' : 'mcp')) return;
  } else if (opts.protectedBy) {
    if (await opts.protectedBy.serveDocuments(req, res, url)) return;
    if ((mcp || legacy) && !(await opts.protectedBy.authorize(req, res, mcp && req.method === 'GET' ? 'mcp:listen' : 'mcp'))) return;
  }
  if (path === SSE_PATH) return req.method === 'GET' ? handleSseGet(req, res) : refuse(res, 405, 'Method Not Allowed', { Allow: 'GET' });
  if (path === MESSAGE_PATH) return req.method === 'POST' ? handleSsePost(req, res, url) : refuse(res, 405, 'Method Not Allowed', { Allow: 'POST' });
  if (!mcp) return refuse(res, 404, `Not Found: the MCP endpoint is ${ENDPOINT}`);
  if (req.method === 'POST') return handlePost(req, res);
  // --stateless-process: a POST-only server (GET and DELETE get 405, Allow: POST).
  if (statelessProcess()) return refuse(res, 405, 'Method Not Allowed', { Allow: 'POST' });
  if ((req.method === 'GET' || req.method === 'DELETE') && servesLegacyStreams(req)) return req.method === 'GET' ? handleGet(req, res) : handleDelete(req, res);
  const allow = eraMode() === 'modern-only' ? 'POST' : 'GET, POST, DELETE';
  // 2026-07-28 transports#earlier-streamable-http-revisions: GET and DELETE SHOULD get 405.
  const status = (req.method === 'GET' || req.method === 'DELETE') && isOn('modern-http-get-allowed') ? 400 : 405;
  return refuse(res, status, 'Method Not Allowed', { Allow: allow });
}

/** GET and DELETE belong to legacy sessions: always when --legacy-only, with a session id when dual-era. */
function servesLegacyStreams(req: IncomingMessage): boolean {
  const mode = eraMode();
  return mode === 'legacy-only' || (mode === 'dual' && sessionIdOf(req) !== undefined);
}

/** Starts listening; resolves with the port and a function that shuts everything down. */
export function runHttp(port: number, opts: HttpOptions = {}): Promise<{ port: number; close(): void }> {
  const server = createServer((req, res) => {
    route(req, res, opts).catch((e: unknown) => {
      process.stderr.write(`reference server: ${(e as Error).stack ?? String(e)}\n`);
      if (!res.headersSent) refuse(res, 500, 'Internal Server Error');
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({
        port: actual,
        close: () => {
          closeSubscriptions();
          for (const hs of [...sessions.values()]) endSession(hs);
          endSseSessions();
          server.close();
          server.closeAllConnections();
        },
      });
    });
  });
}
