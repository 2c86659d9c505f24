// What one wire frame says, in a few words: the JSON-RPC method and id of a request or
// notification, "result" or "error <code>" with the id of an answer, the size of a batch.
// A frame is untrusted text, possibly cut by the wire log: parse it only when small, else
// read the shape from its opening characters.

export type FrameKind = 'request' | 'notification' | 'result' | 'error' | 'other';

export interface FrameLabel {
  kind: FrameKind;
  text: string;
}

const PARSE_LIMIT = 20_000;
const HEAD = 4000;

function idOf(value: unknown): string {
  if (typeof value === 'string') return ` (id ${JSON.stringify(value)})`;
  if (typeof value === 'number' || value === null) return ` (id ${String(value)})`;
  return ' (id ?)';
}

function describe(msg: unknown): FrameLabel {
  if (Array.isArray(msg)) {
    const first = msg.length ? describe(msg[0]) : undefined;
    return { kind: first?.kind ?? 'other', text: `batch of ${msg.length}${first ? `: ${first.text}, …` : ''}` };
  }
  if (typeof msg !== 'object' || msg === null) return { kind: 'other', text: `JSON ${msg === null ? 'null' : typeof msg}` };
  const m = msg as Record<string, unknown>;
  const id = 'id' in m ? idOf(m.id) : '';
  if (typeof m.method === 'string') return { kind: id ? 'request' : 'notification', text: `${m.method}${id}` };
  if ('error' in m) {
    const code = typeof m.error === 'object' && m.error !== null ? (m.error as Record<string, unknown>).code : undefined;
    return { kind: 'error', text: `error ${typeof code === 'number' ? code : '?'}${id}` };
  }
  if ('result' in m) return { kind: 'result', text: `result${id}` };
  return { kind: 'other', text: `JSON object${id}` };
}

/** Shape from the first characters of a frame too big or too broken to parse. */
function sniff(head: string): FrameLabel | undefined {
  if (!/^\s*[[{]/.test(head)) return undefined;
  const id = /"id"\s*:\s*("(?:[^"\\]|\\.){0,40}"|-?\d{1,20}|null)/.exec(head)?.[1];
  const idText = id === undefined ? '' : ` (id ${id})`;
  const method = /"method"\s*:\s*"((?:[^"\\]|\\.){1,80})"/.exec(head)?.[1];
  if (method !== undefined) return { kind: id === undefined ? 'notification' : 'request', text: `${method}${idText}` };
  const code = /"error"\s*:\s*\{[^}]*?"code"\s*:\s*(-?\d{1,12})/.exec(head)?.[1];
  if (/"error"\s*:/.test(head)) return { kind: 'error', text: `error ${code ?? '?'}${idText}` };
  if (/"result"\s*:/.test(head)) return { kind: 'result', text: `result${idText}` };
  return undefined;
}

export function frameLabel(frame: string): FrameLabel {
  if (frame.length <= PARSE_LIMIT) {
    try {
      return describe(JSON.parse(frame));
    } catch {
      // Not JSON as a whole (cut, or broken on purpose): sniff below.
    }
  }
  const head = frame.slice(0, HEAD);
  const sniffed = sniff(head);
  // The wire log caps big frames; what was cut (often the id, written last) is not guessed.
  const cut = /… \[\d+ more characters cut\]$/.test(frame) && sniffed && !sniffed.text.includes('(id ') ? ' (frame cut)' : '';
  return sniffed ? { ...sniffed, text: sniffed.text + cut } : { kind: 'other', text: `not JSON-RPC: ${head.trim().slice(0, 60)}` };
}
