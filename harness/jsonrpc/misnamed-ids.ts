// Which waiting request an answer with an unknown id answers, when that can be told: the one
// whose id has the same value in another JSON type ("7001" answered as 7001), else the only
// request waiting on the connection (one still owed an answer). Ids that raw text of ours
// carried are never taken for misnamed ones: their answers belong to those raw messages.
import { idKey, type JsonRpcId } from './types.js';

/** The waiting request a misnamed answer is taken for. */
export interface Claimed<P> {
  key: string;
  pending: P;
  id: JsonRpcId;
  /** The same value in another JSON type (else: the one request waiting). */
  sameValue: boolean;
}

const idOf = (key: string): JsonRpcId => (key.startsWith('s:') ? key.slice(2) : Number(key.slice(2)));

export function misnamedFor<P extends { unowed?: boolean }>(id: unknown, pending: ReadonlyMap<string, P>, rawIds: ReadonlySet<string>): Claimed<P> | undefined {
  if ((typeof id === 'string' || typeof id === 'number') && rawIds.has(idKey(id))) return undefined;
  const waiting = [...pending].filter(([, p]) => !p.unowed);
  if (typeof id === 'string' || typeof id === 'number') {
    const same = waiting.filter(([key]) => String(idOf(key)) === String(id));
    if (same.length === 1 && same[0]) return { key: same[0][0], pending: same[0][1], id: idOf(same[0][0]), sameValue: true };
  }
  if (waiting.length === 1 && waiting[0]) return { key: waiting[0][0], pending: waiting[0][1], id: idOf(waiting[0][0]), sameValue: false };
  return undefined;
}

/** The id keys raw text carries, where it parses as a message or a batch. */
export function rawIdKeys(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((m) => {
    const id = (m as { id?: unknown } | null)?.id;
    return typeof id === 'string' || typeof id === 'number' ? [idKey(id)] : [];
  });
}
