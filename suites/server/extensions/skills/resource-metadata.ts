// The Resource metadata of skill files: a SKILL.md's Resource is named and described from its
// frontmatter, and frontmatter fields exposed in _meta go under the extension's prefix. Seen
// where the look meets skill files as Resources or contents: the directory reads (with
// directoryRead) and the files read back (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { directoryReadDeclared, isLook, listedSkills, noDirectoryRead, resultOf, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE, type SkillsLook } from './look.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

/** The fields Agent Skills defines for a SKILL.md frontmatter. */
const FRONTMATTER_FIELDS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];

/** Every Resource a directory read listed, with the page it came on. */
const directoryChildren = (look: SkillsLook): { child: Json; reply: Reply }[] =>
  (look.directories?.walks ?? []).flatMap((w) =>
    w.pages.flatMap((reply) => {
      const r = resultOf(reply);
      return (r && Array.isArray(r.resources) ? r.resources : []).filter(isObject).map((child) => ({ child, reply }));
    }),
  );

export const resourceMetadataChecks = defineChecks(PAGE, [
  // resource-metadata: for each skill://<skill-path>/SKILL.md resource, "name SHOULD be set
  // from the name field of the SKILL.md YAML frontmatter." and "description SHOULD be set from
  // the description field of the SKILL.md YAML frontmatter." The Resource is seen in the
  // directory read of the skill's root; the frontmatter compared is the listed entry's (which
  // must equal the file's, skills.frontmatter-identical).
  {
    id: 'skills.skill-md-resource-name-description',
    title: "A SKILL.md's Resource (in a directory read) carries the frontmatter's name and description",
    spec: { url: `${SKILLS_PAGE}#resource-metadata`, level: 'SHOULD' },
    requirement: '`name` SHOULD be set from the `name` field of the `SKILL.md` YAML frontmatter. `description` SHOULD be set from the `description` field of the `SKILL.md` YAML frontmatter.',
    digest: ['SKILL-023', 'SKILL-024'],
    faults: ['skills-directory-md-name-wrong', 'skills-directory-md-no-description'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      if (!directoryReadDeclared(ctx) || !look.directories) return ctx.skip(noDirectoryRead.code, noDirectoryRead.detail);
      const skills = new Map(listedSkills(look).map((s) => [s.uri, s.entry.frontmatter]));
      const seen = directoryChildren(look).filter(({ child }) => typeof child.uri === 'string' && isObject(skills.get(child.uri)));
      const bad: Violation[] = seen.flatMap(({ child, reply }) => {
        const fm = skills.get(String(child.uri)) as Json;
        const out: Violation[] = [];
        if (child.name !== fm.name) out.push({ text: `${String(child.uri)}: name ${ctx.brief(child.name)}, frontmatter name ${ctx.brief(fm.name)}`, ...seqOf(reply) });
        if (child.description !== fm.description) out.push({ text: `${String(child.uri)}: description ${ctx.brief(child.description) ?? 'absent'}, frontmatter description ${ctx.brief(fm.description)}`, ...seqOf(reply) });
        return out;
      });
      return expectNone(ctx, bad, {
        expected: "each SKILL.md Resource named and described as its frontmatter says",
        judged: seen.length,
        nothing: { code: 'nothing-observed', detail: "no directory read listed a listed skill's SKILL.md" },
      });
    },
  },

  // resource-metadata: "When _meta keys are used for skill resources, implementations SHOULD
  // use the io.modelcontextprotocol.skills/ reverse-domain prefix." Only a key that repeats a
  // frontmatter field under its bare name is plainly one of these (any prefixed key, or an
  // unrelated one, is left alone).
  {
    id: 'skills.meta-prefix',
    title: 'A frontmatter field in the _meta of a skill file is keyed under the io.modelcontextprotocol.skills/ prefix, not bare',
    spec: { url: `${SKILLS_PAGE}#resource-metadata`, level: 'SHOULD' },
    requirement: 'When `_meta` keys are used for skill resources, implementations SHOULD use the `io.modelcontextprotocol.skills/` reverse-domain prefix.',
    digest: ['SKILL-026'],
    faults: ['skills-meta-unprefixed'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const fields = new Set(FRONTMATTER_FIELDS);
      for (const s of listedSkills(look)) if (isObject(s.entry.frontmatter)) for (const k of Object.keys(s.entry.frontmatter)) fields.add(k);
      const read = look.reads.flatMap((r) => {
        const result = resultOf(r.reply);
        return (result && Array.isArray(result.contents) ? result.contents : []).filter(isObject).map((item) => ({ what: `resources/read of ${r.uri}`, meta: item._meta, reply: r.reply }));
      });
      const listedAsChild = directoryChildren(look).map(({ child, reply }) => ({ what: `the directory read's ${String(child.uri)}`, meta: child._meta, reply }));
      const metas = [...read, ...listedAsChild].filter((m): m is typeof m & { meta: Json } => isObject(m.meta));
      const bad: Violation[] = metas.flatMap((m) => Object.keys(m.meta).filter((k) => fields.has(k)).map((k) => ({ text: `${m.what}: _meta key ${JSON.stringify(k)}`, ...seqOf(m.reply) })));
      return expectNone(ctx, bad, {
        expected: 'frontmatter fields in _meta keyed io.modelcontextprotocol.skills/<field>',
        judged: metas.length,
        nothing: { code: 'not-offered', detail: 'no skill file read back or listed carries _meta' },
      });
    },
  },
]);
