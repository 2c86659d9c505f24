export interface Requirement {
  id: string;
  level: 'MUST' | 'SHOULD' | 'MAY';
  sides: ('server' | 'client')[];
  revisions: string[];
  rule: string;
  file: string;
}
export interface Registry {
  checks: { id: string; side: string; digest: readonly string[] }[];
  excluded: { server: Record<string, { reason: string; detail: string; at?: string }>; client: Record<string, { reason: string; detail: string; at?: string }> };
}
export interface CoverageRow extends Requirement {
  side: 'server' | 'client';
  claimants: string[];
  exclusion?: { reason: string; detail: string; at?: string };
}
export const DIGEST_DIR: string;
export function readDigest(dir?: string): Requirement[];
export function registry(): Promise<Registry>;
export function coverage(digest: Requirement[], reg: Registry): CoverageRow[];
/** Tags that claim more than their check can judge at that word (a MUST it can only warn on, a side the requirement does not bind). */
export function looseClaims(digest: Requirement[], reg: Registry): string[];
/** The exclusion of a row that holds at this revision (one with `at` only within its range). */
export function excludedAt(row: CoverageRow, rev: string): { reason: string; detail: string; at?: string } | undefined;
export function renderCoverage(rows: CoverageRow[]): string;
