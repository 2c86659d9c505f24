// The tool's side of the stdio relay: a loopback TCP listener. Each relay that connects (one
// per time the client starts its "server") becomes a connection: a Transport for a JSON-RPC
// peer in the server role. The client's stdin bytes go through the same line framing as a
// server's stdout, so framing problems become observations the client checks judge.
import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ObservationLog } from '../../observations.js';
import { projectRoot } from '../../schema.js';
import type { SendMeta, Transport, TransportEvent } from '../../transport.js';
import { WireLog } from '../../wire-log.js';
import { LineFramer } from '../line-framer.js';
import { FRAME, FrameReader, frame } from './relay-frames.js';

/** How the client ended its side of one relay connection. */
export type StdinEnd = 'closed-stdin' | `signal:${string}` | 'connection-lost';

export class RelayConnection implements Transport {
  readonly kind = 'stdio' as const;
  readonly wire = new WireLog();
  /** How (and when, ms since the run started) the client ended its side, once it did. */
  ended: { how: StdinEnd; at: number } | undefined;
  private messageHandlers: ((m: unknown, seq?: number) => void)[] = [];
  private eventHandlers: ((e: TransportEvent) => void)[] = [];
  private readonly framer: LineFramer;
  private isClosed = false;

  constructor(
    private readonly socket: Socket,
    readonly observations: ObservationLog,
  ) {
    this.framer = new LineFramer(this.wire, observations, (message, seq) => {
      for (const h of this.messageHandlers) h(message, seq);
    });
    const reader = new FrameReader((type, payload) => this.onFrame(type, payload));
    socket.on('data', (chunk: Buffer) => reader.push(chunk));
    socket.on('close', () => {
      this.framer.end();
      if (!this.ended) this.end('connection-lost');
      this.markClosed('the client ended the stdio server (the relay connection closed)');
    });
    socket.on('error', () => undefined);
  }

  get closed(): boolean {
    return this.isClosed;
  }

  onMessage(handler: (message: unknown, seq?: number) => void): void {
    this.messageHandlers.push(handler);
  }

  onEvent(handler: (event: TransportEvent) => void): void {
    this.eventHandlers.push(handler);
  }

  async send(message: unknown, opts: SendMeta = {}): Promise<void> {
    await this.sendRaw(JSON.stringify(message), opts);
  }

  async sendRaw(text: string, opts?: { owner?: string; noNewline?: boolean }): Promise<void> {
    this.wire.record('out', text, opts?.owner);
    this.framer.asked();
    if (!this.socket.destroyed) this.socket.write(frame(FRAME.data, Buffer.from(opts?.noNewline ? text : `${text}\n`, 'utf8')));
  }

  /** End the "server process": stdout closes and the relay exits with `code`. */
  async close(code = 0): Promise<void> {
    if (!this.socket.destroyed) {
      this.socket.write(frame(FRAME.quit, Buffer.from([code])));
      this.socket.end();
    }
    this.markClosed('closed by the tool');
  }

  private onFrame(type: number, payload: Buffer): void {
    if (type === FRAME.data) this.framer.push(payload);
    else if (type === FRAME.stdinEnd) this.end('closed-stdin');
    else if (type === FRAME.signal) this.end(`signal:${payload.toString('utf8')}`);
  }

  private end(how: StdinEnd): void {
    this.framer.end();
    const entry = this.wire.record('event', how === 'closed-stdin' ? 'the client closed stdin' : how === 'connection-lost' ? 'the relay went away without stdin being closed (killed?)' : `the client sent ${how.slice('signal:'.length)} to its server`);
    this.ended = { how, at: entry.t };
    for (const h of this.eventHandlers) h({ type: 'closed', reason: `stdin: ${how}` });
  }

  private markClosed(reason: string): void {
    if (this.isClosed) return;
    this.isClosed = true;
    for (const h of this.eventHandlers) h({ type: 'closed', reason });
  }
}

/** The compiled relay program: this file's sibling in dist/ (also when this file runs from sources, in tests). */
export const RELAY_SCRIPT = ((): string => {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return import.meta.url.endsWith('.ts') ? resolve(projectRoot(), 'dist', relative(projectRoot(), here), 'relay.js') : resolve(here, 'relay.js');
})();

export class RelayEndpoint {
  private readonly server: Server;
  private readonly token = randomUUID();
  private readonly connections: RelayConnection[] = [];
  private port = 0;

  constructor(
    private readonly onConnection: (c: RelayConnection) => void,
    readonly observations = new ObservationLog(),
  ) {
    // Frames are small and each waits on an answer: Nagle's delay would stall every exchange.
    this.server = createServer({ noDelay: true }, (socket) => this.accept(socket));
  }

  async listen(): Promise<void> {
    await new Promise<void>((done, fail) => {
      this.server.once('error', fail);
      this.server.listen(0, '127.0.0.1', () => done());
    });
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  /** The command line `{server}` becomes: this Node running the relay. */
  get command(): string {
    return `"${process.execPath}" "${RELAY_SCRIPT}" ${this.port} ${this.token}`;
  }

  get all(): readonly RelayConnection[] {
    return this.connections;
  }

  async close(): Promise<void> {
    await Promise.all(this.connections.map((c) => c.close()));
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  /** The first line must be our token: anything else is not our relay. */
  private accept(socket: Socket): void {
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const nl = head.indexOf('\n');
      if (nl === -1) {
        if (head.length > 100) socket.destroy();
        return;
      }
      socket.off('data', onData);
      if (head.slice(0, nl) !== this.token) return void socket.destroy();
      const connection = new RelayConnection(socket, this.observations);
      this.connections.push(connection);
      this.onConnection(connection);
      const rest = Buffer.from(head.slice(nl + 1), 'latin1');
      if (rest.length > 0) socket.emit('data', rest);
    };
    socket.on('data', onData);
    socket.on('error', () => undefined);
  }
}
