// stdio transport: the server is a child process; messages are newline-delimited JSON on
// its stdin/stdout. Every stdout line that is not exactly one JSON value is recorded as a
// framing observation and the run goes on. stderr is kept for the report.
import type { ResultPromise } from 'execa';
import { processStarts } from '../pacing/start-gate.js';
import { signalGroup, trackProcessGroup, untrackProcessGroup } from '../processes.js';
import type { Target, SendMeta, Transport, TransportEvent, TransportOptions } from '../transport.js';
import { LineFramer } from './line-framer.js';

const STDERR_CAP = 64 * 1024;
/** How long close() waits after closing stdin, and again after SIGTERM, before escalating. */
const GRACE_MS = 500;

export class StdioTransport implements Transport {
  readonly kind = 'stdio' as const;
  private child: ResultPromise | undefined;
  private messageHandlers: Array<(m: unknown, seq?: number) => void> = [];
  private eventHandlers: Array<(e: TransportEvent) => void> = [];
  private framer: LineFramer;
  private exited: Promise<void> | undefined;
  private _closed = false;
  private stderrText = '';
  private pid: number | undefined;
  /** Gives back this start's place among the process starts (once it answered, exited or closed). */
  private leaveStarts: () => void = () => undefined;
  private closeAsked = false;

  constructor(
    private readonly target: Extract<Target, { kind: 'stdio' }>,
    private readonly opts: TransportOptions,
  ) {
    this.framer = new LineFramer(opts.wire, opts.observations, (message, seq) => {
      for (const h of this.messageHandlers) h(message, seq);
    });
  }

  get closed(): boolean {
    return this._closed;
  }

  get stderr(): string {
    return this.stderrText;
  }

  get lastRead(): { ms: number; busyMs: number; bytes: number } | undefined {
    return this.framer.lastRead;
  }

  /**
   * Spawn the server, once fewer processes are starting than the machine has cores. Resolves
   * once the process is running (not once it is ready).
   */
  async open(): Promise<void> {
    const { wire } = this.opts;
    // Loaded here, not at start: an HTTP run never spawns and execa takes ~75 ms to load.
    const { execa } = await import('execa');
    this.leaveStarts = await processStarts.enter(this.opts.startHoldMs ?? this.opts.connectTimeoutMs, this.opts.startSignal);
    // Closed while it waited for its turn: nothing to start.
    if (this.closeAsked) {
      this.leaveStarts();
      this._closed = true;
      return;
    }
    wire.record('event', `spawn: ${this.target.command}`);
    const child = execa(this.target.command, {
      shell: true,
      // Its own process group, so that closing kills wrappers (npx, sh) and the real server.
      detached: true,
      cwd: this.target.cwd,
      env: this.target.env,
      extendEnv: true,
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
      buffer: false,
      reject: false,
      encoding: 'buffer',
      stripFinalNewline: false,
    });
    this.child = child;
    this.pid = child.pid;
    if (this.pid !== undefined) trackProcessGroup(this.pid);
    const stdout = child.stdout;
    stdout?.on('data', (chunk: Buffer) => {
      // It answered: it has started.
      this.leaveStarts();
      this.framer.push(chunk);
      if (this.framer.flooded) {
        if (this.pid !== undefined) signalGroup(this.pid, 'SIGKILL');
        stdout.destroy();
        return;
      }
      // Yield after each chunk so timers (request timeouts) run even while a server floods.
      stdout.pause();
      setImmediate(() => stdout.resume());
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (this.stderrText.length < STDERR_CAP) this.stderrText += text.slice(0, STDERR_CAP - this.stderrText.length);
      this.emit({ type: 'stderr', text });
    });
    // Writing to a dead process must not crash the harness.
    child.stdin?.on('error', () => undefined);
    this.exited = child.then(
      (result) => this.onExit(result.exitCode, result.signal),
      (error: unknown) => this.onExit(undefined, undefined, error),
    );
    await new Promise<void>((resolve) => {
      if (child.pid === undefined) return resolve();
      child.once('spawn', () => resolve());
      child.once('error', () => resolve());
      setTimeout(resolve, this.opts.connectTimeoutMs).unref();
    });
  }

  private onExit(code: number | undefined, signal: string | undefined, error?: unknown): void {
    this.leaveStarts();
    // Ended at our close (stdin closed, then SIGTERM, then SIGKILL): a line it was still
    // writing is cut off by us, not malformed, whether a signal killed it or a handler of the
    // signal exited with a code (a wrapper that forwards SIGTERM does).
    this.framer.end(this.closeAsked);
    if (this.pid !== undefined) untrackProcessGroup(this.pid);
    const how = error instanceof Error ? error.message.split('\n')[0] : signal ? `killed by ${signal}` : `exited with code ${code ?? '?'}`;
    const tail = this.stderrText.trim().split('\n').slice(-1)[0]?.slice(0, 200);
    const reason = this.framer.flooded
      ? 'server flooded stdout (far more output than any MCP exchange) and was killed'
      : `server ${how}${code === 127 && tail ? ` (${tail})` : ''}`;
    this.opts.wire.record('event', reason);
    this._closed = true;
    this.emit({ type: 'closed', reason });
  }

  private emit(event: TransportEvent): void {
    for (const h of this.eventHandlers) h(event);
  }

  async send(message: unknown, opts: SendMeta = {}): Promise<void> {
    const owner = opts.owner;
    await this.write(JSON.stringify(message), owner, false);
  }

  async sendRaw(text: string, opts?: { owner?: string; noNewline?: boolean }): Promise<void> {
    await this.write(text, opts?.owner, opts?.noNewline ?? false);
  }

  async sendBytes(bytes: Buffer, opts?: { owner?: string }): Promise<void> {
    const turn = this.turn();
    if (turn) await turn;
    // The log shows undecodable bytes as U+FFFD, and says so.
    this.opts.wire.record('out', `${bytes.toString('utf8')} [raw bytes; invalid UTF-8 shown as U+FFFD]`, opts?.owner);
    const stdin = this.child?.stdin;
    if (!stdin || this._closed || stdin.destroyed) return;
    this.framer.asked();
    await new Promise<void>((resolve) => {
      stdin.write(bytes, () => resolve());
    });
  }

  /**
   * --max-rate: each message waits for its slot in the run's request gate (pacing/rate-gate.ts),
   * in the order sent. Without a cap nothing waits: a message is written as it is sent.
   */
  private turn(): Promise<void> | undefined {
    return this.opts.gate?.maxRate !== undefined ? this.opts.gate.turn().catch(() => undefined) : undefined;
  }

  private async write(text: string, owner: string | undefined, noNewline: boolean): Promise<void> {
    const turn = this.turn();
    if (turn) await turn;
    this.opts.wire.record('out', text, owner);
    const stdin = this.child?.stdin;
    if (!stdin || this._closed || stdin.destroyed) return;
    this.framer.asked();
    await new Promise<void>((resolve) => {
      stdin.write(noNewline ? text : `${text}\n`, () => resolve());
    });
  }

  onMessage(handler: (message: unknown, seq?: number) => void): void {
    this.messageHandlers.push(handler);
  }

  onEvent(handler: (event: TransportEvent) => void): void {
    this.eventHandlers.push(handler);
  }

  /** Close stdin, wait, SIGTERM the group, wait, SIGKILL the group. Never hangs. */
  async close(): Promise<void> {
    this.closeAsked = true;
    this.leaveStarts();
    const child = this.child;
    if (!child || this.pid === undefined) return;
    const pid = this.pid;
    const exited = this.exited ?? Promise.resolve();
    const waitExit = (ms: number) =>
      Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms).unref())]);
    child.stdin?.end();
    if (!this._closed && !(await waitExit(GRACE_MS))) {
      signalGroup(pid, 'SIGTERM');
      if (!(await waitExit(GRACE_MS))) {
        signalGroup(pid, 'SIGKILL');
        await waitExit(GRACE_MS);
      }
    }
    // The leader may have exited while children of the group live on.
    signalGroup(pid, 'SIGKILL');
    untrackProcessGroup(pid);
    this._closed = true;
  }
}
