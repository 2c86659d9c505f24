// The revision table (schema/revisions.json is the one source) and revision ranges.
import table from '../schema/revisions.json' with { type: 'json' };

export type Era = 'legacy' | 'modern';
export interface RevisionInfo {
  id: string;
  era: Era;
  dialect: string;
}

export const REVISIONS: readonly RevisionInfo[] = table.revisions.map((r) => ({ id: r.id, era: r.era as Era, dialect: r.dialect }));
export const REVISION_IDS: readonly string[] = REVISIONS.map((r) => r.id);
export const LEGACY_REVISIONS: readonly string[] = REVISIONS.filter((r) => r.era === 'legacy').map((r) => r.id);
export const NEWEST_LEGACY = LEGACY_REVISIONS[LEGACY_REVISIONS.length - 1] as string;

export function isKnownRevision(id: string): boolean {
  return REVISION_IDS.includes(id);
}

/** `2024-11-05..2025-11-25`, `2025-03-26` (one), `2025-06-18..` (open end). Dates compare as strings. */
export function inRange(revision: string, range: string): boolean {
  const [from, to] = range.includes('..') ? range.split('..') : [range, range];
  return (!from || revision >= from) && (!to || revision <= to);
}

export function revisionsIn(range: string): string[] {
  return REVISION_IDS.filter((r) => inRange(r, range));
}
