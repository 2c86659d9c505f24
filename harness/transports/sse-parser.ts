// An incremental Server-Sent Events parser (WHATWG "event stream interpretation"), fed raw
// bytes in chunks that may split anywhere: inside a UTF-8 sequence, a line, or a CRLF pair.
// Shared by the Streamable HTTP and the legacy HTTP+SSE transports.

export interface SseEvent {
  /** The `data:` lines joined by "\n" ("" when the event had none). */
  data: string;
  /** True when at least one `data:` field was present (a priming event has none). */
  hasData: boolean;
  /** The `event:` field, "message" when absent. */
  event: string;
  /** The `id:` field of this event, when it had one. */
  id?: string;
  /** The stream's last event id so far (persists across events, as the spec says). */
  lastEventId: string;
  /** The `retry:` field of this event, when it had a valid one. */
  retry?: number;
}

export interface SseParserOptions {
  /** Largest event (data plus the pending line) in characters; beyond it the parser stops. */
  maxEventChars: number;
  /** Called once when an event grows beyond the limit; nothing is parsed afterwards. */
  onOverflow?: (chars: number) => void;
  /** Called once when the stream is not valid UTF-8 (decoding goes on, leniently). */
  onInvalidUtf8?: () => void;
}

export class SseParser {
  private decoder = new TextDecoder('utf-8', { fatal: true });
  private line = '';
  private skipLf = false;
  private started = false;
  private dead = false;
  private data: string[] = [];
  private dataChars = 0;
  private eventType = '';
  private eventId: string | undefined;
  private retry: number | undefined;
  private sawField = false;
  private lastEventId = '';

  constructor(
    private readonly onEvent: (event: SseEvent) => void,
    private readonly opts: SseParserOptions = { maxEventChars: 16 * 1024 * 1024 },
  ) {}

  /** Feed a chunk; returns false once the parser gave up (event too large). */
  push(chunk: Uint8Array | string): boolean {
    if (this.dead) return false;
    let text = typeof chunk === 'string' ? chunk : this.decode(chunk);
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      // The LF of a CRLF pair whose CR ended the previous line (possibly in the last chunk).
      if (c === 10 && this.skipLf && i === start && this.line === '') {
        this.skipLf = false;
        start = i + 1;
        continue;
      }
      const line = this.line + text.slice(start, i);
      this.line = '';
      this.skipLf = c === 13;
      start = i + 1;
      this.processLine(line);
      if (this.dead) return false;
    }
    if (start < text.length) {
      this.skipLf = false;
      this.line += text.slice(start);
    }
    return this.checkSize();
  }

  /** End of stream: an event not terminated by a blank line is discarded (spec). */
  end(): void {
    if (!this.dead) this.push(this.decode(undefined));
    this.dead = true;
  }

  private decode(chunk: Uint8Array | undefined): string {
    try {
      return this.decoder.decode(chunk, { stream: chunk !== undefined });
    } catch {
      // Report once, then go on leniently (invalid bytes become U+FFFD).
      this.decoder = new TextDecoder('utf-8');
      this.opts.onInvalidUtf8?.();
      return this.decoder.decode(chunk, { stream: chunk !== undefined });
    }
  }

  private processLine(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return; // comment (keep-alive)
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'data':
        this.sawField = true;
        this.data.push(value);
        this.dataChars += value.length + 1;
        this.checkSize();
        return;
      case 'event':
        this.sawField = true;
        this.eventType = value;
        return;
      case 'id':
        this.sawField = true;
        if (!value.includes('\0')) this.eventId = this.lastEventId = value;
        return;
      case 'retry':
        this.sawField = true;
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        return;
      default:
        return; // unknown fields are ignored
    }
  }

  private dispatch(): void {
    if (this.sawField) {
      const event: SseEvent = {
        data: this.data.join('\n'),
        hasData: this.data.length > 0,
        event: this.eventType || 'message',
        lastEventId: this.lastEventId,
        ...(this.eventId !== undefined ? { id: this.eventId } : {}),
        ...(this.retry !== undefined ? { retry: this.retry } : {}),
      };
      this.onEvent(event);
    }
    this.data = [];
    this.dataChars = 0;
    this.eventType = '';
    this.eventId = undefined;
    this.retry = undefined;
    this.sawField = false;
  }

  private checkSize(): boolean {
    const chars = this.dataChars + this.line.length;
    if (chars > this.opts.maxEventChars && !this.dead) {
      this.dead = true;
      this.opts.onOverflow?.(chars);
    }
    return !this.dead;
  }
}
