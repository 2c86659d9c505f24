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
  excluded: { server: Record<string, { reason: string; detail: string }>; client: Record<string, { reason: string; detail: string }> };
}
export interface CoverageRow extends Requirement {
  side: 'server' | 'client';
  claimants: string[];
  exclusion?: { reason: string; detail: string };
}
export const DIGEST_DIR: string;
export function readDigest(dir?: string): Requirement[];
export function registry(): Promise<Registry>;
export function coverage(digest: Requirement[], reg: Registry): CoverageRow[];
/** Tags that claim more than their check can judge at that word (a MUST it can only warn on, a side the requirement does not bind). */
export function looseClaims(digest: Requirement[], reg: Registry): string[];
export function renderCoverage(rows: CoverageRow[]): string;
