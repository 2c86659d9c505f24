// stdio transport: spawns the server, one JSON-RPC message per line each way, and the
// shutdown the spec asks for: close stdin, wait, SIGTERM, wait, SIGKILL. Never leaves the
// child behind: main calls kill() on every abnormal exit path.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { isOn } from '../faults.js';
import { encode, membersOf } from '../jsonrpc.js';
import { verbose } from '../log.js';
import { ChannelClosedError, type Channel, type Sink } from './channel.js';
import { splitCommandLine } from './command-line.js';

/** A line longer than this is dropped rather than buffered without bound. */
const MAX_LINE = 16 * 1024 * 1024;
const GRACE_MS = 2000;

export class StdioChannel implements Channel {
  readonly kind = 'stdio';
  private sink: Sink | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private stopping = false;
  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.exited = new Promise((resolve) => child.once('close', () => resolve()));
    child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    // Drained so a chatty server never blocks on a full pipe; stderr is logging, not an error signal.
    child.stderr.on('data', (chunk: Buffer) => verbose(`server stderr: ${chunk.toString('utf8').trimEnd()}`));
    child.stdin.on('error', () => undefined);
    child.once('error', (e) => this.sink?.closed(`cannot start the server: ${e.message}`));
    child.once('exit', (code, signal) => {
      process.off('exit', this.reap);
      if (!this.stopping) this.sink?.closed(`the server exited (${signal ?? `code ${code}`})`);
    });
    // Whatever way this process ends (deadline, fatal error, signal), the child goes with it.
    process.on('exit', this.reap);
  }

  private readonly reap = (): void => this.kill();

  static spawn(commandLine: string): StdioChannel {
    const [file, ...args] = splitCommandLine(commandLine);
    if (!file) throw new Error('the server command line is empty');
    verbose(`spawning ${JSON.stringify([file, ...args])}`);
    return new StdioChannel(spawn(file, args, { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  setSink(sink: Sink): void {
    this.sink = sink;
  }

  async send(msg: unknown): Promise<void> {
    await this.write(`${encode(msg)}\n`);
  }

  async sendRaw(body: string | Uint8Array): Promise<void> {
    await this.write(body);
  }

  private write(data: string | Uint8Array): Promise<void> {
    const stdin = this.child.stdin;
    if (stdin.destroyed || stdin.writableEnded) return Promise.reject(new ChannelClosedError('the server stdin is closed'));
    return new Promise((resolve, reject) => stdin.write(data, (e) => (e ? reject(new ChannelClosedError(e.message)) : resolve())));
  }

  private onData(chunk: Buffer): void {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      this.pending.push(chunk.subarray(start, nl));
      const line = Buffer.concat(this.pending).toString('utf8').trim();
      this.pending = [];
      this.pendingBytes = 0;
      start = nl + 1;
      if (line) this.deliver(line);
    }
    if (start < chunk.length) {
      this.pending.push(chunk.subarray(start));
      this.pendingBytes += chunk.length - start;
      if (this.pendingBytes > MAX_LINE) {
        verbose('dropping an over-long line from the server');
        this.pending = [];
        this.pendingBytes = 0;
      }
    }
  }

  private deliver(line: string): void {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      verbose(`ignoring a non-JSON line from the server: ${line.slice(0, 120)}`);
      return;
    }
    for (const msg of membersOf(value)) this.sink?.message(msg);
  }

  private async waitExit(ms: number): Promise<boolean> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return true;
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([this.exited.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms)))]);
    clearTimeout(timer);
    return done;
  }

  /** STDIO-010: close stdin, wait for exit, then SIGTERM, wait, then SIGKILL. */
  async close(): Promise<void> {
    this.stopping = true;
    if (isOn('stdio-sigkill-immediately')) {
      this.child.stdin.end();
      this.kill();
      await this.waitExit(GRACE_MS);
      return;
    }
    if (!isOn('stdio-stdin-not-closed')) {
      this.child.stdin.end();
      if (await this.waitExit(GRACE_MS)) return;
    }
    this.child.kill('SIGTERM');
    if (await this.waitExit(GRACE_MS)) {
      this.child.stdin.end();
      return;
    }
    this.kill();
    await this.waitExit(GRACE_MS);
  }

  /** Immediate SIGKILL: for the deadline and fatal paths. */
  kill(): void {
    this.stopping = true;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}
