// A folder of the suites tree (a spec page, or a part of the spec's contents) gives its parent
// the checks it holds and the digest requirements it excludes; parents only assemble, in the
// spec's order, as h2spec's section files do.
import type { Exclusions } from './exclusion.js';

export interface PageGroup<C> {
  checks: readonly C[];
  excluded: Exclusions;
}

/** The groups of a folder, in order, as one. */
export function assemble<C>(...groups: PageGroup<C>[]): PageGroup<C> {
  return { checks: groups.flatMap((g) => g.checks), excluded: Object.assign({}, ...groups.map((g) => g.excluded)) as Exclusions };
}
