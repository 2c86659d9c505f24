// basic/transports#streamable-http (2025-03-26..2025-11-25): one endpoint /mcp on
// 127.0.0.1; POST carries messages, GET opens a listening SSE stream, DELETE ends a session.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ErrorCode, errorResponse, isPlainObject, parseFrame, type Outbound } from './jsonrpc.js';
import { isRevision } from './revisions.js';
import { Session } from './session.js';
import { PostChannel, SseStream, sendJson, type Headers } from './sse.js';

const ENDPOINT = '/mcp';
const MAX_BODY = 4 * 1024 * 1024;
/** Bodies declared larger than this are refused without reading them. */
const MAX_DRAIN = 64 * 1024 * 1024;
const KEEPALIVE_MS = 15_000;
const ALLOWED_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;

interface HttpSession {
  id: string;
  session: Session;
  listener: SseStream | null;
  /** Messages for no particular request, waiting for a stream to carry them. */
  queue: Outbound[];
  events: number;
}

const sessions = new Map<string, HttpSession>();

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function mediaTypes(value: string | undefined): string[] {
  return (value ?? '').split(',').map((p) => (p.split(';')[0] ?? '').trim().toLowerCase());
}

/** An HTTP-level refusal; the body is a JSON-RPC error with id null. */
function refuse(res: ServerResponse, status: number, message: string, headers: Headers = {}): void {
  sendJson(res, status, errorResponse(null, ErrorCode.InvalidRequest, message), headers);
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
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

function nextEventId(hs: HttpSession): string | undefined {
  return hs.session.revision === '2025-11-25' ? `${hs.id}-${++hs.events}` : undefined;
}

function newSession(): HttpSession {
  const hs: HttpSession = { id: randomUUID(), session: undefined as unknown as Session, listener: null, queue: [], events: 0 };
  hs.session = new Session({ send: (msg) => (hs.listener?.open ? hs.listener.send(msg) : hs.queue.push(msg)) });
  sessions.set(hs.id, hs);
  return hs;
}

/** Resolves the session of a request that must have one; answers 400/404 itself otherwise. */
function existingSession(req: IncomingMessage, res: ServerResponse): HttpSession | undefined {
  const sid = header(req, 'mcp-session-id');
  if (sid === undefined) return void refuse(res, 400, 'Bad Request: Mcp-Session-Id header required');
  const hs = sessions.get(sid);
  if (!hs) return void refuse(res, 404, 'Session not found');
  // transports#protocol-version-header: an invalid or unsupported value gets 400; absent means the negotiated one.
  const version = header(req, 'mcp-protocol-version');
  if (version !== undefined && !isRevision(version) && version !== hs.session.protocolVersion) {
    return void refuse(res, 400, `Bad Request: unsupported MCP-Protocol-Version: ${version}`);
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
  if (!parsed.ok) return sendJson(res, 400, parsed.reply);

  let hs: HttpSession | undefined;
  const created = header(req, 'mcp-session-id') === undefined;
  if (created) {
    if (!isPlainObject(parsed.value) || parsed.value.method !== 'initialize') {
      return refuse(res, 400, 'Bad Request: Mcp-Session-Id header required');
    }
    hs = newSession();
  } else {
    hs = existingSession(req, res);
    if (!hs) return;
  }
  const session = hs;
  const channel = new PostChannel(res, {
    headers: (): Headers => (created && session.session.state !== 'new' ? { 'Mcp-Session-Id': session.id } : {}),
    primeEventId: () => nextEventId(session),
  });
  if (containsRequest(parsed.value)) for (const m of session.queue.splice(0)) channel.send(m);
  const outcome = await session.session.receive(parsed.value, parsed.text, channel);
  if (created && session.session.state === 'new') sessions.delete(session.id); // initialize failed
  channel.finish(outcome);
}

function handleGet(req: IncomingMessage, res: ServerResponse): void {
  if (!mediaTypes(header(req, 'accept')).includes('text/event-stream')) {
    return refuse(res, 406, 'Not Acceptable: Accept must list text/event-stream');
  }
  const hs = existingSession(req, res);
  if (!hs) return;
  if (hs.listener?.open) return refuse(res, 409, 'Conflict: this session already has a listening stream');
  const stream = new SseStream(res, {}, nextEventId(hs));
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
  endSession(hs);
  res.writeHead(200).end();
}

function endSession(hs: HttpSession): void {
  hs.session.close();
  hs.listener?.end();
  sessions.delete(hs.id);
}

async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
  // transports#security-warning: validate Origin (DNS rebinding); an invalid one gets 403.
  const origin = header(req, 'origin');
  if (origin !== undefined && !ALLOWED_ORIGIN.test(origin)) return refuse(res, 403, `Forbidden: origin ${origin} is not allowed`);
  const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
  if (path !== ENDPOINT) return refuse(res, 404, `Not Found: the MCP endpoint is ${ENDPOINT}`);
  switch (req.method) {
    case 'POST':
      return handlePost(req, res);
    case 'GET':
      return handleGet(req, res);
    case 'DELETE':
      return handleDelete(req, res);
    default:
      return refuse(res, 405, 'Method Not Allowed', { Allow: 'GET, POST, DELETE' });
  }
}

/** Starts listening; resolves with the port and a function that shuts everything down. */
export function runHttp(port: number): Promise<{ port: number; close(): void }> {
  const server = createServer((req, res) => {
    route(req, res).catch((e: unknown) => {
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
          for (const hs of [...sessions.values()]) endSession(hs);
          server.close();
          server.closeAllConnections();
        },
      });
    });
  });
}
