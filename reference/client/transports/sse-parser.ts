// Incremental Server-Sent Events parser (the WHATWG event-stream format): fields event,
// data, id, retry; comment lines (":" prefix) carry nothing and are ignored (SHTTP-107).
import { isOn } from '../faults.js';

export interface SseEvent {
  event: string;
  data: string;
  /** The id field of this event, if it had one. */
  id?: string;
  /** A retry field (ms) sent with this event, if any. */
  retry?: number;
}

/** Bound on one event's buffered text: a peer must not make us grow without limit. */
const MAX_BUFFER = 16 * 1024 * 1024;

export class SseParser {
  private buf = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  private retry: number | undefined;
  private sawField = false;

  /** Feeds decoded text; returns the events it completed. Throws on malformed or oversized input. */
  push(text: string): SseEvent[] {
    this.buf += text;
    if (this.buf.length > MAX_BUFFER) throw new Error('SSE event too large');
    const out: SseEvent[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buf);
      // A lone \r at the very end may be the first half of \r\n: wait for more.
      if (!m || (m[0] === '\r' && m.index === this.buf.length - 1)) break;
      const line = this.buf.slice(0, m.index);
      this.buf = this.buf.slice(m.index + m[0].length);
      const ev = this.line(line);
      if (ev) out.push(ev);
    }
    return out;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      if (isOn('sse-comment-not-ignored')) throw new Error('malformed SSE line');
      return undefined;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    this.sawField = true;
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    if (!this.sawField) return undefined;
    const ev: SseEvent = { event: this.event || 'message', data: this.data.join('\n') };
    if (this.id !== undefined) ev.id = this.id;
    if (this.retry !== undefined) ev.retry = this.retry;
    this.event = '';
    this.data = [];
    this.id = undefined;
    this.retry = undefined;
    this.sawField = false;
    return ev;
  }
}
