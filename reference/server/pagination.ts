// server/utilities/pagination: fixed pages of 5 with opaque base64 cursors. An invalid
// cursor is answered with -32602 (pagination#error-handling).
import { invalidParams } from './jsonrpc.js';

export const PAGE_SIZE = 5;

function encodeCursor(list: string, offset: number): string {
  return Buffer.from(JSON.stringify({ list, offset }), 'utf8').toString('base64');
}

function decodeCursor(list: string, cursor: string, total: number): number | null {
  const bytes = Buffer.from(cursor, 'base64');
  if (bytes.toString('base64') !== cursor) return null; // not canonical base64
  try {
    const parsed = JSON.parse(bytes.toString('utf8')) as { list?: unknown; offset?: unknown };
    const { offset } = parsed;
    if (parsed.list !== list || typeof offset !== 'number' || !Number.isInteger(offset)) return null;
    return offset > 0 && offset < total ? offset : null;
  } catch {
    return null;
  }
}

export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/** One page of `all`, starting where `cursor` (params.cursor) points. */
export function paginate<T>(list: string, all: readonly T[], cursor: unknown): Page<T> {
  let offset = 0;
  if (cursor !== undefined) {
    const decoded = typeof cursor === 'string' ? decodeCursor(list, cursor, all.length) : null;
    if (decoded === null) throw invalidParams('Invalid params: invalid cursor', { cursor });
    offset = decoded;
  }
  const end = offset + PAGE_SIZE;
  const page: Page<T> = { items: all.slice(offset, end) };
  if (end < all.length) page.nextCursor = encodeCursor(list, end);
  return page;
}
