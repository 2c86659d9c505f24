// The Skill entries of skills/list: each has a uri, a frontmatter with the two
// fields Agent Skills requires, and a resources manifest (an array, or "dynamic"); and their
// uris use the skill:// scheme. Judged on the recorded look (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { isObject } from '../../../../harness/rules/json.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { isLook, noEntries, skillsLook, SKILLS_NEEDS, SKILLS_PAGE, type Seen } from './look.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

/** What an entry lacks of the Skill type (uri, frontmatter with name and description, resources). */
export function shapeProblems(entry: unknown): string[] {
  if (!isObject(entry)) return ['not an object'];
  const bad: string[] = [];
  if (typeof entry.uri !== 'string' || entry.uri === '') bad.push(`uri ${JSON.stringify(entry.uri)}`);
  const fm = entry.frontmatter;
  if (!isObject(fm)) bad.push(`frontmatter ${JSON.stringify(fm) ?? 'absent'}`);
  else for (const k of ['name', 'description']) if (typeof fm[k] !== 'string') bad.push(`frontmatter.${k} ${JSON.stringify(fm[k]) ?? 'absent'}`);
  if (!(Array.isArray(entry.resources) || entry.resources === 'dynamic')) bad.push(`resources ${JSON.stringify(entry.resources) ?? 'absent'} (an array or "dynamic")`);
  return bad;
}

const label = (s: Seen): string => `${s.from}: ${isObject(s.entry) && typeof s.entry.uri === 'string' ? s.entry.uri : 'an entry'}`;

export const entryChecks = defineChecks(PAGE, [
  // frontmatter: "Because the Agent Skills specification requires name and description, those
  // fields are always present."; resources: "resources is REQUIRED on every skill entry and
  // takes one of two forms: an array of SkillResource objects ... or the string "dynamic"."
  // (skills/get's entry: skills.get-entry-as-listed.)
  {
    id: 'skills.entry-shape',
    title: 'Every skills/list entry has a uri, a frontmatter with string name and description, and resources (an array or "dynamic")',
    spec: { url: `${SKILLS_PAGE}#resources`, level: 'MUST' },
    requirement: '`resources` is REQUIRED on every skill entry and takes one of two forms: an array of `SkillResource` objects enumerating the skill\'s files (`SKILL.md` and every supporting file), or the string `"dynamic"`.',
    digest: ['SKILL-031', 'SKILL-035'],
    faults: ['skills-entry-without-resources'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const entries = look.listed;
      const bad = entries.flatMap((s) => shapeProblems(s.entry).map((p) => ({ text: `${label(s)}: ${p}`, ...(s.seq !== undefined ? { seq: s.seq } : {}) })));
      return expectNone(ctx, bad, { expected: 'Skill entries {uri, frontmatter: {name, description, ...}, resources: [...] | "dynamic"}', judged: entries.length, nothing: noEntries(look) });
    },
  },

  // resource-mapping: "Servers SHOULD use the skill:// URI scheme" (another scheme native to
  // the server's domain is allowed, so this only warns).
  {
    id: 'skills.uri-scheme',
    title: 'Skill entries and their files use the skill:// URI scheme',
    spec: { url: `${SKILLS_PAGE}#resource-mapping`, level: 'SHOULD' },
    requirement: 'Servers SHOULD use the `skill://` URI scheme, under which the resource URI has the form: `skill://<skill-path>/<file-path>`',
    digest: ['SKILL-014'],
    faults: ['skills-foreign-scheme'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const uris = look.listed.flatMap((s) => {
        if (!isObject(s.entry)) return [];
        const files = Array.isArray(s.entry.resources) ? s.entry.resources.map((r) => (isObject(r) ? r.uri : undefined)) : [];
        return [s.entry.uri, ...files].filter((u): u is string => typeof u === 'string').map((uri) => ({ uri, s }));
      });
      const bad = uris.filter((u) => !u.uri.startsWith('skill://')).map((u) => ({ text: `${u.s.from}: ${u.uri}`, ...(u.s.seq !== undefined ? { seq: u.s.seq } : {}) }));
      return expectNone(ctx, bad, { expected: 'skill:// uris', judged: uris.length, nothing: noEntries(look) });
    },
  },
]);
