// basic/transports#http-with-sse (2024-11-05), hosted next to the Streamable HTTP endpoint as
// transports#backwards-compatibility suggests: GET /sse opens the stream and names the POST
// endpoint in an `endpoint` event; POST /message?sessionId=... carries client messages (202);
// every server message is a `message` event on the stream. The stream is the session.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isOn } from './faults.js';
import { readBody, refuse } from './http-common.js';
import { encode, isResponse, parseFrame } from './jsonrpc.js';
import { Session, type Channel } from './session.js';
import { SseStream } from './sse.js';

export const SSE_PATH = '/sse';
export const MESSAGE_PATH = '/message';
const KEEPALIVE_MS = 15_000;

interface SseSession {
  session: Session;
  stream: SseStream;
  channel: Channel;
}

const sessions = new Map<string, SseSession>();

export function handleSseGet(req: IncomingMessage, res: ServerResponse): void {
  const id = randomUUID();
  const contentType = isOn('sse-wrong-content-type') ? 'text/plain' : undefined;
  const stream = new SseStream(res, {}, undefined, { prime: false, ...(contentType ? { contentType } : {}) });
  if (isOn('sse-event-before-endpoint')) stream.event('ready', '{}');
  if (isOn('sse-no-endpoint-on-reconnect') && req.headers['last-event-id'] !== undefined) return stream.end();
  stream.event('endpoint', `${MESSAGE_PATH}?sessionId=${id}`);
  if (isOn('sse-non-json-message')) stream.event('message', 'connected');
  const responseType = isOn('sse-response-event-type') ? 'response' : undefined;
  const channel: Channel = {
    send: (msg) => (responseType && isResponse(msg) ? stream.event(responseType, encode(msg)) : stream.send(msg)),
  };
  const session = new Session(channel);
  sessions.set(id, { session, stream, channel });
  const timer = setInterval(() => stream.comment('keep-alive'), KEEPALIVE_MS);
  req.on('close', () => {
    clearInterval(timer);
    session.close();
    sessions.delete(id);
  });
}

export async function handleSsePost(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const entry = sessions.get(url.searchParams.get('sessionId') ?? '');
  if (!entry) return refuse(res, 404, 'Not Found: no SSE session with this sessionId');
  const body = await readBody(req);
  if (body === 'too-large') return refuse(res, 413, 'Payload Too Large: the limit is 4 MB', { Connection: 'close' });
  const parsed = parseFrame(body);
  if (!parsed.ok) {
    // The error (a parse error, or a --strict-body refusal) goes where every server message goes: the stream.
    entry.channel.send(parsed.reply);
    const error = parsed.reply.error as { message: string };
    res.writeHead(400, { 'Content-Type': 'text/plain' }).end(error.message);
    return;
  }
  res.writeHead(202, { 'Content-Type': 'text/plain' }).end('Accepted');
  await entry.session.receive(parsed.value, parsed.text, entry.channel);
}

export function endSseSessions(): void {
  for (const { session, stream } of sessions.values()) {
    session.close();
    stream.end();
  }
  sessions.clear();
}
