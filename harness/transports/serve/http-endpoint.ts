// The tool's scripted MCP server over HTTP, on 127.0.0.1: Streamable HTTP (legacy sessions or
// the stateless 2026-07-28 endpoint) or HTTP+SSE (2024-11-05). It records every HTTP request
// with its headers, routes JSON-RPC bodies to logical connections (one per legacy session,
// one for the modern endpoint), and lets a scenario answer requests itself first (intercept).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Era } from '../../revisions.js';
import { ObservationLog } from '../../observations.js';
import { WireLog } from '../../wire-log.js';
import { HttpServerConnection, type StreamPolicy } from './http-connection.js';

/** One HTTP request the client made, as it arrived. */
export interface HttpRequestRecord {
  /** Wire log sequence number of the record (in the endpoint's own log). */
  seq: number;
  /** Milliseconds since the run started. */
  t: number;
  method: string;
  /** Path and query. */
  path: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body?: string;
  /** The status the tool answered with. */
  status?: number;
  /** The logical connection it was routed to. */
  connection?: string;
  /** That connection's wire log (the `conn` of its messages in the recording). */
  conn?: string;
  /** A POST of requests: the stream label its answer went on (POST#n). */
  stream?: string;
  /** The messages the tool sent back on this request's answer (JSON body or SSE events; at most 100). */
  answered?: unknown[];
  /** How the tool answered a POST of requests: one JSON body or an SSE stream. */
  answer?: 'json' | 'sse';
  /** The SSE answer carried comment lines. */
  comments?: boolean;
  /** The tool closed the SSE answer before its response (resumption tests). */
  cut?: { t: number; seq: number; lastEventId: string; retryMs?: number };
  /** A GET with Last-Event-ID that resumed an earlier stream: its label. */
  resumes?: string;
  /** An initialize POST: the Mcp-Session-Id its answer issued. */
  issuedSession?: string;
  /** HTTP+SSE: the GET whose stream announced this endpoint for POSTs. */
  announced?: string;
  /** The header names of the answer that `headerNameCase` respelled, as written. */
  respelled?: string[];
}

export interface HttpServingOptions {
  era: Era;
  /** 'streamable-http', or 'sse' for the 2024-11-05 HTTP+SSE shape (POST refused, GET streams). */
  transport: 'streamable-http' | 'sse';
  /** Answers as JSON, as SSE, JSON unless a message precedes the response ('auto'), by turns; or per method. */
  responses: StreamPolicy['responses'];
  /** The eras whose SSE answers carry comment lines (clients must ignore them). */
  sseComments?: readonly Era[];
  /** Resumption tests: prime and cut the SSE answer of the first such request (see StreamPolicy). */
  cutFirst?: StreamPolicy['cutFirst'];
  /** Legacy: issue Mcp-Session-Id on initialize and require it afterwards. */
  sessions: boolean;
  /** Legacy: answer GET with an SSE stream (else 405). */
  getStream: boolean;
  /** Legacy: accept DELETE of a session (else 405). */
  allowDelete: boolean;
  /** Answer a request before the JSON-RPC layer (auth, injected errors); true when answered. */
  intercept?: (req: HttpRequestRecord, res: ServerResponse) => boolean | Promise<boolean>;
  /** Cut a request's SSE stream after its n-th event (resumption scenarios). */
  cutStreamAfter?: (stream: string, index: number) => boolean;
  /**
   * How each header name of the answer to `request` is written (header names are
   * case-insensitive: SHTTP-123), given the requests before it; default: as the tool spells it.
   */
  headerNameCase?: (name: string, request: HttpRequestRecord, earlier: readonly HttpRequestRecord[]) => string;
}

const MAX_BODY = 4 * 1024 * 1024;

export class HttpEndpoint {
  readonly wire = new WireLog();
  readonly requests: HttpRequestRecord[] = [];
  readonly connections: HttpServerConnection[] = [];
  private readonly server: Server;
  private readonly bySession = new Map<string, HttpServerConnection>();
  /** The modern endpoint's one connection; legacy without sessions: the last initialized one. */
  private current: HttpServerConnection | undefined;
  private port = 0;
  private readonly cutState = { done: false };
  readonly path = `/mcp/${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly opts: HttpServingOptions,
    private readonly onConnection: (c: HttpServerConnection) => void,
    readonly observations = new ObservationLog(),
  ) {
    this.server = createServer((req, res) => void this.handle(req, res).catch((e: unknown) => this.fail(res, e)));
  }

  async listen(): Promise<void> {
    await new Promise<void>((done, fail) => {
      this.server.once('error', fail);
      this.server.listen(0, '127.0.0.1', () => done());
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get url(): string {
    return `${this.origin}${this.path}`;
  }

  /** End a legacy session: requests with its id get 404 from now on. */
  expire(connection: HttpServerConnection): void {
    connection.expired = true;
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = req.method === 'POST' || req.method === 'PUT' ? await readBody(req) : undefined;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    const shown = Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('; ');
    const entry = this.wire.record('event', `${req.method} ${req.url} [${shown}]`);
    const record: HttpRequestRecord = { seq: entry.seq, t: entry.t, method: req.method ?? '', path: req.url ?? '', headers, ...(body !== undefined ? { body } : {}) };
    const respell = this.opts.headerNameCase;
    if (respell) {
      const earlier = this.requests.slice();
      respellHeaderNames(res, record, (name) => respell(name, record, earlier));
    }
    this.requests.push(record);
    res.on('finish', () => (record.status = res.statusCode));
    if (this.opts.intercept && (await this.opts.intercept(record, res))) return;
    const path = (req.url ?? '').split('?')[0];
    if (this.opts.transport === 'sse') return this.handleSse(record, req, res);
    if (path !== this.path) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not the MCP endpoint');
    if (req.method === 'POST') return this.handlePost(record, res);
    if (req.method === 'GET') return this.handleGet(record, res);
    if (req.method === 'DELETE') return this.handleDelete(record, res);
    res.writeHead(405, { Allow: 'POST' }).end();
  }

  private handlePost(record: HttpRequestRecord, res: ServerResponse): void {
    const text = record.body ?? '';
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.observations.add({ kind: 'not-json-line', seq: record.seq, conn: this.wire.conn, detail: `POST body is not JSON: ${text.slice(0, 200)}` });
      return void json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    }
    const messages = Array.isArray(value) ? value : [value];
    const isInit = messages.some((m) => (m as { method?: unknown } | null)?.method === 'initialize');
    const connection = this.route(record, res, isInit);
    if (!connection) return;
    record.connection = connection.label;
    record.conn = connection.wire.conn;
    if (isInit && this.opts.era === 'legacy' && this.opts.sessions) {
      connection.sessionId = randomUUID();
      record.issuedSession = connection.sessionId;
      this.bySession.set(connection.sessionId, connection);
      res.setHeader('Mcp-Session-Id', connection.sessionId);
    }
    connection.receive(messages, text, res, record);
  }

  /** The connection a POST belongs to, or undefined when it was answered with an HTTP error. */
  private route(record: HttpRequestRecord, res: ServerResponse, isInit: boolean): HttpServerConnection | undefined {
    if (this.opts.era === 'modern') return (this.current ??= this.open());
    if (isInit) return (this.current = this.open());
    if (!this.opts.sessions) {
      if (this.current) return this.current;
      json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad Request: initialize first' } });
      return undefined;
    }
    const sid = record.headers['mcp-session-id'];
    if (sid === undefined) {
      json(res, 400, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad Request: Mcp-Session-Id header is required' } });
      return undefined;
    }
    const connection = this.bySession.get(sid);
    if (!connection || connection.expired) {
      json(res, 404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } });
      return undefined;
    }
    return connection;
  }

  private handleGet(record: HttpRequestRecord, res: ServerResponse): void {
    if (this.opts.era === 'modern' || !this.opts.getStream) return void res.writeHead(405, { Allow: 'POST' }).end();
    const connection = this.opts.sessions ? this.bySession.get(record.headers['mcp-session-id'] ?? '') : this.current;
    if (!connection || connection.expired) return void res.writeHead(this.opts.sessions ? 404 : 400).end();
    record.connection = connection.label;
    record.conn = connection.wire.conn;
    connection.openGet(res, record.headers['last-event-id'], record);
  }

  private handleDelete(record: HttpRequestRecord, res: ServerResponse): void {
    if (this.opts.era === 'modern' || !this.opts.allowDelete) return void res.writeHead(405, { Allow: 'POST' }).end();
    const connection = this.bySession.get(record.headers['mcp-session-id'] ?? '');
    if (!connection || connection.expired) return void res.writeHead(404).end();
    record.connection = connection.label;
    record.conn = connection.wire.conn;
    connection.expired = true;
    res.writeHead(200).end();
  }

  /** HTTP+SSE (2024-11-05): GET opens the stream and names the POST endpoint; POSTs get 202. */
  private handleSse(record: HttpRequestRecord, req: IncomingMessage, res: ServerResponse): void {
    const [path, query] = (req.url ?? '').split('?');
    if (req.method === 'GET' && path === this.path) {
      const connection = this.open();
      record.connection = connection.label;
      record.conn = connection.wire.conn;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      record.announced = `${this.path}/messages?session=${connection.label}`;
      res.write(`event: endpoint\ndata: ${record.announced}\n\n`);
      connection.openLegacySse(res);
      return;
    }
    const session = new URLSearchParams(query ?? '').get('session');
    const connection = this.connections.find((c) => c.label === session);
    if (req.method !== 'POST' || path !== `${this.path}/messages` || !connection) return void res.writeHead(req.method === 'POST' ? 404 : 405).end();
    record.connection = connection.label;
    record.conn = connection.wire.conn;
    let value: unknown;
    try {
      value = JSON.parse(record.body ?? '');
    } catch {
      this.observations.add({ kind: 'not-json-line', seq: record.seq, conn: this.wire.conn, detail: `POST body is not JSON: ${(record.body ?? '').slice(0, 200)}` });
      return void res.writeHead(400).end();
    }
    res.writeHead(202).end();
    connection.receiveLegacySse(Array.isArray(value) ? value : [value], record.body ?? '');
  }

  private open(): HttpServerConnection {
    const label = `${this.wire.conn}.${this.connections.length + 1}`;
    const cut = this.opts.cutStreamAfter;
    const policy: StreamPolicy = {
      responses: this.opts.responses,
      ...(this.opts.sseComments?.includes(this.opts.era) ? { comments: true } : {}),
      ...(this.opts.cutFirst ? { cutFirst: this.opts.cutFirst } : {}),
      ...(cut ? { afterEvent: (stream: string, index: number, end: () => void) => cut(stream, index) && end() } : {}),
    };
    const connection = new HttpServerConnection(label, this.observations, policy, this.cutState);
    if (this.opts.era === 'modern') connection.statusOf = modernStatus;
    this.connections.push(connection);
    this.onConnection(connection);
    return connection;
  }

  private fail(res: ServerResponse, error: unknown): void {
    this.wire.record('event', `the tool's HTTP server failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) res.writeHead(500).end();
  }
}

/** 2026-07-28 streamable-http: the status of an error answer (#protocol-version-header, basic#meta). */
function modernStatus(message: Record<string, unknown>): number {
  const error = message.error as { code?: unknown; message?: unknown } | undefined;
  if (error?.code === -32601) return 404;
  // A request missing its per-request _meta is malformed: 400 (other -32602 errors are not).
  const malformed = error?.code === -32602 && String(error.message).includes('_meta');
  return error?.code === -32020 || error?.code === -32021 || error?.code === -32022 || malformed ? 400 : 200;
}

/** Every header name `res` writes goes through `respell` (Node writes names as given); changed ones are noted in `record`. */
function respellHeaderNames(res: ServerResponse, record: HttpRequestRecord, respell: (name: string) => string): void {
  const as = (name: string): string => {
    // Already respelled: Node's writeHead passes its headers through setHeader when some were set before.
    if (record.respelled?.includes(name)) return name;
    const written = respell(name);
    if (written !== name && !(record.respelled ??= []).includes(written)) record.respelled.push(written);
    return written;
  };
  const setHeader = res.setHeader.bind(res);
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.setHeader = ((name: string, value: number | string | readonly string[]) => setHeader(as(name), value)) as ServerResponse['setHeader'];
  // writeHead(status, [message,] headers): the headers object is the one argument that is a plain object.
  const renamed = (arg: unknown): unknown => (typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? Object.fromEntries(Object.entries(arg).map(([k, v]) => [as(k), v])) : arg);
  res.writeHead = ((...args: unknown[]) => writeHead(...args.map(renamed))) as ServerResponse['writeHead'];
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) break;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
