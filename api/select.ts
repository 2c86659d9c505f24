// Choosing checks and revisions from --suite, --check and --spec, with clear usage errors.
import type { CheckMeta } from '../harness/checks/check.js';
import { areaOf } from '../harness/checks/spec-ref.js';
import { REVISION_IDS, isKnownRevision } from '../harness/revisions.js';
import { UsageError } from './usage-error.js';

const splitList = (value: string) => value.split(',').map((s) => s.trim()).filter(Boolean);

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
}

export function selectChecks<C extends CheckMeta>(all: readonly C[], suite?: string, check?: string): C[] {
  let chosen = [...all];
  if (suite) {
    const areas = splitList(suite);
    const known = new Set(all.map((c) => areaOf(c.id)));
    const unknown = areas.filter((a) => !known.has(a));
    if (unknown.length) throw new UsageError(`unknown suite "${unknown[0]}"; known suites: ${[...known].join(', ')}`);
    chosen = chosen.filter((c) => areas.includes(areaOf(c.id)));
  }
  if (check) {
    const patterns = splitList(check).map((p) => ({ p, re: globToRegExp(p) }));
    const unmatched = patterns.filter(({ re }) => !all.some((c) => re.test(c.id)));
    if (unmatched.length) throw new UsageError(`no check matches "${unmatched[0]?.p}" (see --list)`);
    chosen = chosen.filter((c) => patterns.some(({ re }) => re.test(c.id)));
  }
  return chosen;
}

export function selectRevisions(spec?: string): string[] | undefined {
  if (!spec) return undefined;
  const revisions = splitList(spec);
  const unknown = revisions.filter((r) => !isKnownRevision(r));
  if (unknown.length) throw new UsageError(`unknown spec revision "${unknown[0]}"; known: ${REVISION_IDS.join(', ')}`);
  return revisions;
}
