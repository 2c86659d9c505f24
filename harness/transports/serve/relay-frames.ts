// The framing between the stdio relay and the tool (loopback TCP). The client's bytes are
// carried exactly, and the relay also reports what a byte stream cannot: that the client
// closed stdin, or signalled the relay. Each frame is a type byte, a 4-byte big-endian length
// and the payload.

export const FRAME = {
  /** relay -> tool: bytes the client wrote to stdin; tool -> relay: bytes for stdout. */
  data: 0x44, // 'D'
  /** relay -> tool: the client closed stdin. */
  stdinEnd: 0x45, // 'E'
  /** relay -> tool: the relay got a signal (payload: its name) and exits. */
  signal: 0x53, // 'S'
  /** tool -> relay: close stdout and exit (payload: one byte, the exit code). */
  quit: 0x51, // 'Q'
} as const;

export function frame(type: number, payload: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
}

/** Splits a byte stream into frames, whatever the chunking. */
export class FrameReader {
  private buffer: Buffer = Buffer.alloc(0);

  constructor(private readonly onFrame: (type: number, payload: Buffer) => void) {}

  push(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    while (this.buffer.length >= 5) {
      const length = this.buffer.readUInt32BE(1);
      if (this.buffer.length < 5 + length) return;
      const type = this.buffer[0] as number;
      const payload = this.buffer.subarray(5, 5 + length);
      this.buffer = this.buffer.subarray(5 + length);
      this.onFrame(type, payload);
    }
  }
}
