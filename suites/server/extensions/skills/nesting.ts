// Nested skills: a skill whose root lies inside another skill's root is an ordinary entry of
// the flat listing, and its files are supporting files of the enclosing skill as well, so the
// enclosing skill's array manifest lists each of them. Judged on the recorded listing (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { expectNoneOrDoubt, type MaybeViolation } from '../../../../harness/verify/index.js';
import { listedLook, SKILLS_NEEDS, SKILLS_PAGE, type ListedSkill } from './look.js';
import { skillPath } from './rules.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

/** Each pair of listed skills where the inner one's root lies below the outer one's. */
function nestedPairs(skills: readonly ListedSkill[]): { outer: ListedSkill; inner: ListedSkill }[] {
  const rooted = skills.flatMap((s) => {
    const path = skillPath(s.uri);
    return path ? [{ s, root: path.root }] : [];
  });
  return rooted.flatMap((o) => rooted.filter((i) => i.root.startsWith(`${o.root}/`)).map((i) => ({ outer: o.s, inner: i.s })));
}

export const nestingChecks = defineChecks(PAGE, [
  // resources: "Completeness extends to nested skills. From the enclosing skill's perspective
  // their files are supporting files (Nested Skills), so the enclosing skill's resources lists
  // them too, and the same file may appear in both the enclosing and the nested skill's
  // entries." A "dynamic" side has no list to compare. The same file under two digests may be
  // the file changing between the two pages that listed them: that only warns.
  {
    id: 'skills.nested-files-in-enclosing-manifest',
    title: "Every file of a nested skill's manifest is also in the enclosing skill's manifest",
    spec: { url: `${SKILLS_PAGE}#resources`, level: 'MUST' },
    requirement: "Completeness extends to nested skills. From the enclosing skill's perspective their files are supporting files (Nested Skills), so the enclosing skill's `resources` lists them too, and the same file may appear in both the enclosing and the nested skill's entries.",
    digest: ['SKILL-040'],
    faults: ['skills-nested-files-omitted'],
    judgesDeclared: true,
    async run(ctx) {
      const listing = await listedLook(ctx);
      if ('code' in listing) return ctx.skip(listing.code, listing.detail);
      const { skills } = listing;
      const pairs = nestedPairs(skills);
      if (pairs.length === 0) return ctx.skip('not-offered', `none of the ${skills.length} listed skill(s) is nested in another`);
      const judged = pairs.filter((p) => p.outer.items && p.inner.items);
      if (judged.length === 0) return ctx.skip('not-offered', `${pairs.length} nested pair(s), each with a "dynamic" side: no two lists to compare`);
      const bad: MaybeViolation[] = judged.flatMap(({ outer, inner }) => {
        const at = outer.seen.seq !== undefined ? { seq: outer.seen.seq } : {};
        return [...(inner.items ?? new Map()).entries()].flatMap(([uri, item]) => {
          const there = outer.items?.get(uri);
          if (!there) return [{ text: `${outer.uri} does not list ${uri}, a file of the nested ${inner.uri}`, ...at }];
          if (there.digest === item.digest) return [];
          return [{ text: `${uri}: digest ${ctx.brief(there.digest)} in ${outer.uri}, ${ctx.brief(item.digest)} in ${inner.uri}`, ...at, doubt: 'the two entries may come from different skills/list pages, fetched while the file changed' }];
        });
      });
      return expectNoneOrDoubt(ctx, bad, {
        expected: "each file of a nested skill's array manifest in the enclosing skill's array manifest, with the same digest",
        judged: judged.length,
        note: `${judged.length} nested pair(s) compared`,
      });
    },
  },
]);
