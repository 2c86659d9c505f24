// A skill's name: the final segment of its skill path (the uri before "/SKILL.md") equals
// frontmatter.name, in the entry and in the SKILL.md itself, and follows the naming rule of
// Agent Skills; and within a listing, names are unique. Judged on the recorded look (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { isObject } from '../../../../harness/rules/json.js';
import { expectNone, expectNoneOrDoubt, type MaybeViolation, type Violation } from '../../../../harness/verify/index.js';
import { entriesOf, isLook, listedSkills, noEntries, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE } from './look.js';
import { nameProblem, skillPath } from './rules.js';
import { skillMds } from './skill-md.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

export const nameChecks = defineChecks(PAGE, [
  // frontmatter: "The final <skill-path> segment of the entry's uri MUST equal
  // frontmatter.name, per Resource Mapping."; resource-mapping: "The final segment of
  // <skill-path> MUST equal the skill's name as declared in its SKILL.md frontmatter."
  {
    id: 'skills.name-matches-uri',
    title: "The final segment of a skill's path equals its name, in the entry's frontmatter and in its SKILL.md",
    spec: { url: `${SKILLS_PAGE}#frontmatter`, level: 'MUST' },
    requirement: "The final `<skill-path>` segment of the entry's `uri` MUST equal `frontmatter.name`, per Resource Mapping.",
    digest: ['SKILL-032', 'SKILL-016'],
    faults: ['skills-name-differs-from-uri'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const bad: Violation[] = [];
      let judged = 0;
      for (const s of entriesOf(look)) {
        const uri = isObject(s.entry) && typeof s.entry.uri === 'string' ? s.entry.uri : undefined;
        const path = uri !== undefined ? skillPath(uri) : undefined;
        const name = isObject(s.entry) && isObject(s.entry.frontmatter) ? s.entry.frontmatter.name : undefined;
        // An entry without a SKILL.md uri or a string name is the shape checks' to judge.
        if (!path || typeof name !== 'string') continue;
        judged++;
        if (path.name !== name) bad.push({ text: `${s.from}: ${uri} has frontmatter.name ${JSON.stringify(name)}`, ...(s.seq !== undefined ? { seq: s.seq } : {}) });
      }
      for (const md of skillMds(look)) {
        const path = skillPath(md.read.uri);
        const name = md.frontmatter?.name;
        if (!path || typeof name !== 'string') continue;
        judged++;
        if (path.name !== name) bad.push({ text: `resources/read of ${md.read.uri}: its frontmatter says name ${JSON.stringify(name)}`, ...seqOf(md.read.reply) });
      }
      return expectNone(ctx, bad, { expected: 'the segment before /SKILL.md equal to the name, in each entry and each SKILL.md read back', judged, nothing: noEntries(look) });
    },
  },

  // resource-mapping: "The final segment, being the skill name, MUST satisfy the Agent Skills
  // specification's naming rules."
  {
    id: 'skills.name-rules',
    title: "A skill's name (the final segment of its path) is 1-64 lowercase letters, digits and single hyphens",
    spec: { url: `${SKILLS_PAGE}#resource-mapping`, level: 'MUST' },
    requirement: "The final segment, being the skill `name`, MUST satisfy the Agent Skills specification's naming rules.",
    digest: ['SKILL-017'],
    faults: ['skills-name-invalid'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const paths = look.listed.flatMap((s) => {
        const path = isObject(s.entry) && typeof s.entry.uri === 'string' ? skillPath(s.entry.uri) : undefined;
        return path ? [{ path, s }] : [];
      });
      const bad: MaybeViolation[] = paths.flatMap(({ path, s }) => {
        const problem = nameProblem(path.name);
        return problem ? [{ ...problem, text: `${s.from}: ${problem.text}`, ...(s.seq !== undefined ? { seq: s.seq } : {}) }] : [];
      });
      return expectNoneOrDoubt(ctx, bad, { expected: 'names of 1-64 characters matching ^[a-z0-9]+(-[a-z0-9]+)*$', judged: paths.length, nothing: noEntries(look) });
    },
  },

  // names: "Within a server's listing, names SHOULD be unique, but they are not guaranteed to
  // be." (a nested or differently prefixed skill may share a name; hosts disambiguate them).
  {
    id: 'skills.names-unique',
    title: "No two skills of a server's listing share a frontmatter.name",
    spec: { url: `${SKILLS_PAGE}#names`, level: 'SHOULD' },
    requirement: "Within a server's listing, names SHOULD be unique, but they are not guaranteed to be.",
    digest: ['SKILL-034'],
    faults: ['skills-duplicate-name'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const byName = new Map<string, { uri: string; seq?: number }[]>();
      for (const s of listedSkills(look)) {
        const name = isObject(s.entry.frontmatter) ? s.entry.frontmatter.name : undefined;
        if (typeof name !== 'string') continue;
        byName.set(name, [...(byName.get(name) ?? []), { uri: s.uri, ...(s.seen.seq !== undefined ? { seq: s.seen.seq } : {}) }]);
      }
      const bad: Violation[] = [...byName.entries()].filter(([, skills]) => skills.length > 1).map(([name, skills]) => ({ text: `${JSON.stringify(name)} names ${skills.map((x) => x.uri).join(' and ')}`, ...(skills[1]?.seq !== undefined ? { seq: skills[1].seq } : {}) }));
      return expectNone(ctx, bad, { expected: 'each frontmatter.name on one listed skill', judged: byName.size, nothing: noEntries(look) });
    },
  },
]);
