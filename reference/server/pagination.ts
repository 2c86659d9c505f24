// server/utilities/pagination: fixed pages of 5 with opaque base64 cursors. An invalid
// cursor is answered with -32602 (pagination#error-handling). The list handlers copy
// nextCursor into their result as it is (absent on the last page).
import { isOn } from './faults.js';
import { invalidParams } from './jsonrpc.js';

export const PAGE_SIZE = 5;

function encodeCursor(list: string, offset: number): string {
  return Buffer.from(JSON.stringify({ list, offset }), 'utf8').toString('base64');
}

function decodeCursor(list: string, cursor: string): number | null {
  const bytes = Buffer.from(cursor, 'base64');
  if (bytes.toString('base64') !== cursor) return null; // not canonical base64
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { list?: unknown; offset?: unknown };
    const { offset } = parsed;
    if (parsed.list !== list || typeof offset !== 'number' || !Number.isInteger(offset)) return null;
    return offset > 0 ? offset : null;
  } catch {
    return null;
  }
}

export interface Page<T> {
  items: T[];
  /** A string to go on; null only under the pagination-next-cursor-null fault. */
  nextCursor?: string | null;
}

/** One page of `all`, starting where `cursor` (params.cursor) points. */
export function paginate<T>(list: string, all: readonly T[], cursor: unknown, size = PAGE_SIZE): Page<T> {
  // The fault's list hands out cursors past its end, and accepts them back.
  const endless = list === 'templates' && isOn('pagination-never-ends');
  let offset = 0;
  if (cursor !== undefined) {
    const decoded = typeof cursor === 'string' ? decodeCursor(list, cursor) : null;
    const valid = decoded !== null && (decoded < all.length || endless);
    if (!valid && !isOn('pagination-invalid-cursor-accepted')) throw invalidParams('Invalid params: invalid cursor', { cursor });
    offset = valid ? decoded : 0;
  }
  const end = offset + size;
  const page: Page<T> = { items: all.slice(offset, end) };
  // The cursor that led to the second page of prompts, handed out again on it.
  if (list === 'prompts' && offset > 0 && isOn('pagination-cursor-loop')) page.nextCursor = encodeCursor(list, offset);
  else if (end < all.length || endless) page.nextCursor = encodeCursor(list, nextOffset(list, end));
  else if (list === 'tools' && isOn('pagination-next-cursor-null')) page.nextCursor = null;
  return page;
}

/** Where the next page starts: right after this one, unless a fault says otherwise. */
function nextOffset(list: string, end: number): number {
  return list === 'resources' && isOn('pagination-overlapping-pages') ? end - 1 : end;
}
