// Resolving a check's spec reference for the revision under test.
import type { Check, Level, SpecRef } from './check.js';

export const SPEC_BASE = 'https://modelcontextprotocol.io/specification';

export function specFor(check: Pick<Check, "spec">, revision: string): { url: string; level: Level } {
  const refs: SpecRef[] = Array.isArray(check.spec) ? check.spec : [check.spec];
  let chosen = refs[0] as SpecRef;
  for (const ref of refs) if (!ref.from || revision >= ref.from) chosen = ref;
  // An extension's pages live outside the revision's specification (absolute URL).
  const url = chosen.url.startsWith('https://') ? chosen.url : `${SPEC_BASE}/${revision}/${chosen.url}`;
  return { url, level: chosen.level };
}

export function areaOf(checkId: string): string {
  return checkId.split('.')[0] ?? checkId;
}
