// Every SSE stream of one Streamable HTTP connection, watched by label (POST#n, GET#n), and
// small helpers to read JSON-RPC messages out of SSE events.
import type { SseEvent } from './sse-parser.js';
import type { StreamableHttpTransport } from './streamable-http.js';

export interface WatchedStream {
  events: SseEvent[];
  ended: boolean;
  /** When the stream ended (performance.now()). */
  endedAt?: number;
}

/** Every SSE stream of one Streamable HTTP connection, by label (POST#n, GET#n). */
export class StreamWatch {
  readonly streams = new Map<string, WatchedStream>();
  private waiters: (() => void)[] = [];

  constructor(t: StreamableHttpTransport) {
    t.onSseEvent((e) => {
      const s = this.stream(e.stream);
      if (e.kind === 'event') s.events.push(e.event);
      else {
        s.ended = true;
        s.endedAt = performance.now();
      }
      for (const w of this.waiters.splice(0)) w();
    });
  }

  stream(label: string): WatchedStream {
    let s = this.streams.get(label);
    if (!s) this.streams.set(label, (s = { events: [], ended: false }));
    return s;
  }

  /** Wait until `test` holds (re-checked on every stream event) or `ms` pass. */
  async until(test: () => boolean, ms: number): Promise<boolean> {
    const end = performance.now() + ms;
    while (!test()) {
      const left = end - performance.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return true;
  }
}

const watches = new WeakMap<StreamableHttpTransport, StreamWatch>();

export function watchStreams(t: StreamableHttpTransport): StreamWatch {
  let w = watches.get(t);
  if (!w) watches.set(t, (w = new StreamWatch(t)));
  return w;
}

/** The JSON-RPC message of an SSE event, if its data is one. */
export function messageOf(e: SseEvent): Record<string, unknown> | undefined {
  if (!e.hasData || e.data === '') return undefined;
  try {
    const v: unknown = JSON.parse(e.data);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function isResponseTo(m: unknown, id: unknown): boolean {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false;
  const r = m as Record<string, unknown>;
  return r.id === id && !('method' in r) && ('result' in r || 'error' in r);
}

