// The entry skills/get answers with: a Skill entry like those of skills/list, under the same
// rules. Its shape is judged here (the rules of its contents, name, manifest and frontmatter,
// judge it beside the listed entries); and it is compared with the entry the listing gave just
// before, where a difference may be the skill changing in between, so it only warns.
import { defineChecks } from '../../../../harness/checks/define.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { expectNoneOrDoubt, type MaybeViolation } from '../../../../harness/verify/index.js';
import { shapeProblems } from './entries.js';
import { isLook, listedSkills, resultOf, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE, uriOf, type ListedSkill } from './look.js';
import { compareFrontmatter } from './rules.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

const CHANGED = 'the skill may have changed between skills/list and skills/get';

/** A manifest as a comparable set: each item's uri, digest and size. */
const itemKeys = (items: readonly unknown[]): string[] => items.map((r) => (isObject(r) ? JSON.stringify([r.uri, r.digest, r.size]) : JSON.stringify(r))).sort();

/** How the got entry differs from the listed one, each difference one line. */
function differences(got: Json, listed: ListedSkill): string[] {
  const out: string[] = [];
  if (compareFrontmatter(got.frontmatter, listed.entry.frontmatter) !== 'same') out.push('its frontmatter differs from the listed one');
  const listedItems = listed.items ? [...listed.items.values()] : undefined;
  const gotArray = Array.isArray(got.resources);
  if (gotArray !== (listedItems !== undefined)) out.push(`resources ${gotArray ? 'an array' : JSON.stringify(got.resources)}, listed ${listedItems ? 'as an array' : JSON.stringify(listed.entry.resources)}`);
  else if (gotArray && listedItems && JSON.stringify(itemKeys(got.resources as unknown[])) !== JSON.stringify(itemKeys(listedItems))) out.push('its manifest differs from the listed one');
  return out;
}

export const getEntryChecks = defineChecks(PAGE, [
  // getting-a-skill: "The skill object is a Skill entry, identical in shape and meaning to an
  // entry of skills/list, under the same rules."
  {
    id: 'skills.get-entry-as-listed',
    title: 'skills/get answers with a Skill entry of the listing\'s shape (uri, frontmatter, resources), the same as the listed entry',
    spec: { url: `${SKILLS_PAGE}#getting-a-skill`, level: 'MUST' },
    requirement: 'The `skill` object is a `Skill` entry, identical in shape and meaning to an entry of `skills/list`, under the same rules.',
    digest: ['SKILL-063'],
    // The entry fault drops resources from skills/get's entries as well as the listed ones.
    faults: ['skills-get-entry-without-resources', 'skills-entry-without-resources'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const listed = new Map(listedSkills(look).map((s) => [s.uri, s]));
      // A result without a skill at all is skills.get-every-skill's (it answered no skill).
      const got = look.gets.flatMap((g) => {
        const result = resultOf(g.reply);
        return result && result.skill !== undefined ? [{ ...g, skill: result.skill }] : [];
      });
      const bad: MaybeViolation[] = got.flatMap((g) => {
        const at = `skills/get of ${g.uri}`;
        const shape = shapeProblems(g.skill);
        if (shape.length > 0) return shape.map((p) => ({ text: `${at}: skill ${p}`, ...seqOf(g.reply) }));
        // Compared with the listed entry of the skill it answered (another skill is skills.get-every-skill's).
        const same = listed.get(uriOf(g.skill) ?? '');
        if (!same) return [];
        return differences(g.skill as Json, same).map((d) => ({ text: `${at}: ${d}`, ...seqOf(g.reply), doubt: CHANGED }));
      });
      return expectNoneOrDoubt(ctx, bad, {
        expected: 'each skills/get skill a Skill entry {uri, frontmatter: {name, description, ...}, resources}, as the listing gave it',
        judged: got.length,
        nothing: { code: 'nothing-observed', detail: 'no skills/get answered with a skill (no skill listed, or none answered)' },
      });
    },
  },
]);
