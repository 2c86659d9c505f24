// Newline framing for byte streams (stdio): splits bytes into lines, decodes UTF-8 strictly,
// parses each line as one JSON value, and records what breaks the framing rules instead of
// giving up. Pretty-printed JSON (one message over several lines) is recognised as such,
// reported, and still delivered so the rest of the run can go on.
import { isUtf8 } from 'node:buffer';
import type { Observation, ObservationLog } from '../observations.js';
import type { WireLog } from '../wire-log.js';

/**
 * After this many stdout bytes with nothing sent to the server in between, the connection is
 * treated as flooding and stops being read. Output is paced by what we send: no rule limits a
 * message's size, and a shared session that lists a 50 MB tools/list twenty times reads 1 GB in
 * answers it asked for (a total cap closed such a session as a flood, and judged the line it
 * was cut off in as junk). Twice the longest line that can be read.
 */
export const MAX_UNASKED_BYTES = 512 * 1024 * 1024;
/** More stdout lines than this that are not messages: a flood, not a slip. */
export const MAX_NOISE_LINES = 10_000;
/** A line longer than this is dropped (a flooding server cannot exhaust memory). */
const MAX_LINE_BYTES = 256 * 1024 * 1024;
/** How many unparsable lines are kept while waiting for a multi-line message to complete. */
const MAX_PENDING_LINES = 2000;


export class LineFramer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropping = false;
  /** Bytes read since the transport last sent something (asked()). */
  private unasked = 0;
  private noise = 0;
  /** Set once the stream passed the unasked-bytes cap; the transport then closes the connection. */
  flooded = false;
  /** Unparsable lines that may yet turn out to be parts of one pretty-printed message. */
  private pending: { text: string; observation: Observation }[] = [];
  /** When the first byte of the line being read arrived (performance.now()). */
  private lineStartedAt: number | undefined;
  /**
   * The message being delivered: how long it took from its first byte until it was parsed
   * (`ms`), how much of that this process spent joining, decoding and parsing it (`busyMs`),
   * and its size. An answer's time is measured to its first byte: its size is not the
   * target's pace, and neither is our own work on it.
   */
  lastRead: { ms: number; busyMs: number; bytes: number } | undefined;

  constructor(
    private readonly wire: WireLog,
    private readonly observations: ObservationLog,
    private readonly deliver: (message: unknown, seq: number) => void,
    private readonly maxUnaskedBytes = MAX_UNASKED_BYTES,
  ) {}

  /** The transport sent the server something: what comes next may be its answer. */
  asked(): void {
    this.unasked = 0;
  }

  push(chunk: Buffer): void {
    if (this.flooded) return;
    this.unasked += chunk.length;
    if (this.unasked > this.maxUnaskedBytes) {
      this.flooded = true;
      this.wire.record('event', `stdout flood: more than ${this.maxUnaskedBytes >= 1 << 20 ? `${Math.round(this.maxUnaskedBytes / (1 << 20))} MB` : `${this.maxUnaskedBytes} bytes`} with nothing asked in between; the connection is closed`);
      return;
    }
    let start = 0;
    for (let i = chunk.indexOf(0x0a); i !== -1 && !this.flooded; i = chunk.indexOf(0x0a, start)) {
      this.append(chunk.subarray(start, i));
      this.flushLine();
      start = i + 1;
    }
    if (start < chunk.length) this.append(chunk.subarray(start));
  }

  /**
   * The stream ended: a final line without a newline is still a line, unless the process was
   * killed while writing it (`cutOff`): then its end is missing because of the kill, not
   * because the server wrote something that is not a message.
   */
  end(cutOff = false): void {
    if (this.size === 0) return;
    // A flood is killed by us mid-line: that line's end is missing because of the kill too.
    if ((!cutOff && !this.flooded) || this.dropping) return this.flushLine();
    this.wire.record('event', `the last ${this.size} bytes of stdout, a line not yet ended, were cut off when the process was ended`);
    this.chunks = [];
    this.size = 0;
    this.lineStartedAt = undefined;
  }

  private append(part: Buffer): void {
    if (this.dropping) return;
    if (this.size + part.length > MAX_LINE_BYTES) {
      this.dropping = true;
      this.chunks = [];
      this.size = 0;
      const entry = this.wire.record('event', `stdout line longer than ${MAX_LINE_BYTES} bytes: dropped`);
      this.observe('not-json-line', entry.seq, 'a stdout line too long to be read');
      return;
    }
    if (part.length === 0) return;
    this.lineStartedAt ??= performance.now();
    this.chunks.push(part);
    this.size += part.length;
  }

  private flushLine(): void {
    const flushedAt = performance.now();
    const bytes = Buffer.concat(this.chunks, this.size);
    const startedAt = this.lineStartedAt ?? flushedAt;
    this.chunks = [];
    this.size = 0;
    this.lineStartedAt = undefined;
    if (this.dropping) {
      this.dropping = false;
      return;
    }
    // Checked natively, then decoded once (a strict TextDecoder costs as much again on 50 MB).
    const invalidUtf8 = !isUtf8(bytes);
    const text = bytes.toString('utf8');
    // A trailing \r is JSON whitespace: tolerated (CRLF line endings).
    if (text.trim() === '') return;
    const entry = this.wire.record('in', text);
    if (invalidUtf8) this.observe('invalid-utf8', entry.seq, 'stdout line is not valid UTF-8');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.onUnparsable(text, entry.seq);
      return;
    }
    this.pending = [];
    if (!isJsonRpcShaped(value)) {
      this.observe('not-jsonrpc', entry.seq, 'stdout line is JSON but not a JSON-RPC message object', value);
      return;
    }
    const parsedAt = performance.now();
    this.lastRead = { ms: parsedAt - startedAt, busyMs: parsedAt - flushedAt, bytes: bytes.length };
    this.deliver(value, entry.seq);
    this.lastRead = undefined;
  }

  private onUnparsable(text: string, seq: number): void {
    if (++this.noise > MAX_NOISE_LINES) {
      this.flooded = true;
      this.wire.record('event', `stdout flood: more than ${MAX_NOISE_LINES} lines that are not JSON; the connection is closed`);
      return;
    }
    const observation = this.observe('not-json-line', seq, 'stdout line is not a JSON value');
    const trimmed = text.trim();
    // Only a line opening an object or array can start a pretty-printed message; anything
    // else is plain noise (banners, logs, a flood of "y") and costs nothing more.
    if (this.pending.length === 0 && !trimmed.startsWith('{') && !trimmed.startsWith('[')) return;
    this.pending.push({ text, observation });
    if (this.pending.length > MAX_PENDING_LINES) {
      this.pending = [];
      return;
    }
    // Try to close the message only on a line that could end it.
    if (this.pending.length < 2 || !(trimmed.endsWith('}') || trimmed.endsWith(']'))) return;
    let value: unknown;
    try {
      value = JSON.parse(this.pending.map((p) => p.text).join('\n'));
    } catch {
      return;
    }
    for (const p of this.pending) p.observation.kind = 'multi-line-message';
    const first = this.pending[0];
    if (first) first.observation.detail = `one JSON message spread over ${this.pending.length} stdout lines`;
    this.pending = [];
    if (isJsonRpcShaped(value)) this.deliver(value, seq);
  }

  private observe(kind: Observation['kind'], seq: number, detail: string, message?: unknown): Observation {
    const o: Observation = { kind, seq, conn: this.wire.conn, detail, ...(message !== undefined ? { message } : {}) };
    this.observations.add(o);
    return o;
  }
}

/**
 * An object, or a non-empty array of objects (a batch). Objects with a broken envelope are
 * still delivered: the schema check judges them, and the request they answer is not lost.
 */
function isJsonRpcShaped(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => typeof v === 'object' && v !== null);
  return typeof value === 'object' && value !== null;
}
