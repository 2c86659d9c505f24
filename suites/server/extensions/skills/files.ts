// The skills' files, read back with resources/read: each skill's SKILL.md is served, with
// content, and begins with a YAML frontmatter naming the skill and describing it. Judged on
// the recorded look's sample (look.ts, skill-md.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import { expectNone, replyLine, type Violation } from '../../../../harness/verify/index.js';
import { isLook, noEntries, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE } from './look.js';
import { skillPath } from './rules.js';
import { skillMds } from './skill-md.js';

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
]);
