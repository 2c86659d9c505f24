// The wire log: every frame in and out of one connection, numbered and timestamped, plus
// harness events (spawn, exit, timeout, framing violations). Evidence is a slice of it.

export type WireDirection = 'out' | 'in' | 'event';

export interface WireEntry {
  /** Sequence number, unique within one run (shared counter across connections). */
  seq: number;
  /** Milliseconds since the run started. */
  t: number;
  dir: WireDirection;
  /** Which connection the frame belongs to (e.g. "c3"). */
  conn: string;
  /** The frame as text (capped), or a description of the event. */
  text: string;
  /** The check that caused the frame, when known (for excerpts on shared sessions). */
  owner?: string;
}

const MAX_FRAME_CHARS = 2000;
let nextSeq = 1;
let nextConn = 1;
const runStart = performance.now();

/** Now, on the clock of every entry's `t`: milliseconds since the run started. */
export function sinceRunStart(): number {
  return Math.round(performance.now() - runStart);
}

/** The sequence number the next wire entry will get (entries before it are older). */
export function nextWireSeq(): number {
  return nextSeq;
}

export function capText(text: string, max = MAX_FRAME_CHARS): string {
  if (text.length <= max) return text;
  // A V8 slice keeps its whole parent alive (1 MB per capped fuzz frame): flatten a copy.
  const head = (' ' + text.slice(0, max)).slice(1);
  return `${head}… [${text.length - max} more characters cut]`;
}

export class WireLog {
  readonly conn = `c${nextConn++}`;
  readonly entries: WireEntry[] = [];
  /** Entries kept per connection; a flooding server cannot grow memory without bound. */
  private static readonly MAX_ENTRIES = 5000;
  private dropped = 0;

  record(dir: WireDirection, text: string, owner?: string): WireEntry {
    const entry: WireEntry = {
      seq: nextSeq++,
      t: sinceRunStart(),
      dir,
      conn: this.conn,
      text: capText(text),
      ...(owner ? { owner } : {}),
    };
    if (this.entries.length < WireLog.MAX_ENTRIES) this.entries.push(entry);
    else this.dropped++;
    return entry;
  }

  get droppedCount(): number {
    return this.dropped;
  }
}
