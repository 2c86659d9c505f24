// The skills' files, read back with resources/read: each skill's SKILL.md is served, with
// content, and begins with a YAML frontmatter naming the skill and describing it, the very
// frontmatter its entries in skills/list and skills/get carry. Judged on
// the recorded look's sample (look.ts, skill-md.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import { exchange, expectError, expectNone, expectNoneOrDoubt, replyLine, type MaybeViolation, type Violation } from '../../../../harness/verify/index.js';
import { isObject } from '../../../../harness/rules/json.js';
import { entriesOf, isLook, noEntries, resultOf, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE } from './look.js';
import { compareFrontmatter, skillPath } from './rules.js';
import { skillMds } from './skill-md.js';
import type { Unjudged } from '../../../../harness/verify/utilities.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

export const fileChecks = defineChecks(PAGE, [
  // skill-format: "Every skill MUST contain a SKILL.md file at its root." and "SKILL.md MUST
  // begin with YAML frontmatter containing at minimum the name and description fields".
  {
    id: 'skills.skill-md-frontmatter',
    title: "Each skill's SKILL.md reads back with content that begins with YAML frontmatter holding name and description",
    spec: { url: `${SKILLS_PAGE}#skill-format`, level: 'MUST' },
    requirement: '`SKILL.md` MUST begin with YAML frontmatter containing at minimum the `name` and `description` fields as defined by the Agent Skills specification.',
    digest: ['SKILL-011', 'SKILL-012'],
    faults: ['skills-md-without-frontmatter'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const mds = skillMds(look).filter((md) => !unanswered(md.read.reply));
      const bad: Violation[] = mds.flatMap((md) => {
        const at = `resources/read of ${md.read.uri}`;
        if (!skillPath(md.read.uri)) return [{ text: `${md.read.uri}: an entry uri that is no .../SKILL.md`, ...seqOf(md.read.reply) }];
        if (md.read.reply.kind !== 'result') return [{ text: `${at}: ${replyLine(ctx, md.read.reply)}`, ...seqOf(md.read.reply) }];
        if (md.problem) return [{ text: `${at}: ${md.problem}`, ...seqOf(md.read.reply) }];
        const fm = md.frontmatter ?? {};
        const missing = ['name', 'description'].filter((k) => typeof fm[k] !== 'string' || fm[k] === '');
        return missing.length === 0 ? [] : [{ text: `${at}: frontmatter without a non-empty string ${missing.join(' and ')}`, ...seqOf(md.read.reply) }];
      });
      return expectNone(ctx, bad, { expected: 'each SKILL.md served, opening with a --- YAML block with string name and description', judged: mds.length, nothing: mds.length === 0 && look.reads.length > 0 ? { code: 'no-answer', detail: 'no SKILL.md read was answered' } : noEntries(look) });
    },
  },

  // frontmatter: "The frontmatter object MUST be identical in content to the frontmatter of
  // the SKILL.md it describes." Key order is no content; a difference only in scalar typing
  // warns (SKILL-A09).
  {
    id: 'skills.frontmatter-identical',
    title: "Each Skill entry's frontmatter is identical in content to the frontmatter of its SKILL.md",
    spec: { url: `${SKILLS_PAGE}#frontmatter`, level: 'MUST' },
    requirement: 'The `frontmatter` object MUST be identical in content to the frontmatter of the `SKILL.md` it describes.',
    digest: ['SKILL-030'],
    faults: ['skills-entry-frontmatter-extra'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const files = new Map(skillMds(look).flatMap((md) => (md.frontmatter ? [[md.read.uri, md.frontmatter] as const] : [])));
      const pairs = entriesOf(look).flatMap((s) => {
        const uri = isObject(s.entry) && typeof s.entry.uri === 'string' ? s.entry.uri : undefined;
        const file = uri !== undefined ? files.get(uri) : undefined;
        return file && isObject(s.entry) ? [{ s, uri, file, entry: s.entry.frontmatter }] : [];
      });
      const bad: MaybeViolation[] = pairs.flatMap(({ s, uri, file, entry }) => {
        const how = compareFrontmatter(entry, file);
        if (how === 'same') return [];
        const text = `${s.from}: ${uri} frontmatter ${ctx.brief(entry, 120)}, its SKILL.md ${ctx.brief(file, 120)}`;
        const seq = s.seq !== undefined ? { seq: s.seq } : {};
        return [how === 'typing' ? { text, ...seq, doubt: 'the two differ only in scalar typing, which YAML-to-JSON leaves unspecified' } : { text, ...seq }];
      });
      return expectNoneOrDoubt(ctx, bad, {
        expected: "each entry's frontmatter equal to the YAML frontmatter of the SKILL.md read back",
        judged: pairs.length,
        nothing: { code: 'nothing-observed', detail: 'no entry whose SKILL.md read back with a frontmatter' },
      });
    },
  },

  // resource-metadata: for each skill://<skill-path>/SKILL.md resource, "mimeType SHOULD be
  // text/markdown." (parameters such as charset keep it).
  {
    id: 'skills.skill-md-mime-type',
    title: 'Each SKILL.md reads back with mimeType text/markdown',
    spec: { url: `${SKILLS_PAGE}#resource-metadata`, level: 'SHOULD' },
    requirement: '`mimeType` SHOULD be `text/markdown`.',
    digest: ['SKILL-022'],
    faults: ['skills-md-mime-plain'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const items = skillMds(look).flatMap((md) => {
        const result = resultOf(md.read.reply);
        const item = result && Array.isArray(result.contents) && isObject(result.contents[0]) ? result.contents[0] : undefined;
        return item ? [{ md, mime: item.mimeType }] : [];
      });
      const bad: Violation[] = items
        .filter(({ mime }) => !(typeof mime === 'string' && /^text\/markdown\s*(;|$)/i.test(mime)))
        .map(({ md, mime }) => ({ text: `resources/read of ${md.read.uri}: mimeType ${JSON.stringify(mime) ?? 'absent'}`, ...seqOf(md.read.reply) }));
      return expectNone(ctx, bad, { expected: 'mimeType "text/markdown" on each SKILL.md read back', judged: items.length, nothing: { code: 'nothing-observed', detail: 'no SKILL.md read back with content' } });
    },
  },
  // error-handling: "Servers MUST return standard JSON-RPC errors for the following protocol
  // error cases: ... resources/read of a skill file the server does not serve: {code:InvalidParams}
  // (Invalid params), per the base Resources specification." (an empty contents is no error).
  {
    id: 'skills.read-unserved-file',
    title: "resources/read of a file under a skill's root that the server does not serve gets {code:InvalidParams}",
    spec: { url: `${SKILLS_PAGE}#error-handling`, level: 'MUST' },
    requirement: '`resources/read` of a skill file the server does not serve: {code:InvalidParams} (Invalid params), per the base Resources specification.',
    digest: ['SKILL-080'],
    // The sentence defers to the base rule (RES-030): a server that answers every unknown uri
    // wrongly answers a skill file's wrongly too, so the base faults show here as well.
    faults: ['skills-read-unserved-file-empty', 'resources-unknown-uri-result', 'modern-resource-not-found-legacy-code'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      if (!look.unservedRead) {
        const why: Unjudged = look.listed.length > 0 ? { code: 'not-offered', detail: 'no skill listed with a .../SKILL.md uri: no skill root to read under' } : noEntries(look);
        return ctx.skip(why.code, why.detail);
      }
      return expectError(ctx, exchange(`resources/read of ${look.unservedRead.uri}`, look.unservedRead.reply), ['InvalidParams']);
    },
  },
]);
