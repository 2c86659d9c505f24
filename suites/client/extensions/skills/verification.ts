// Skills, host side: lazy retrieval and verification on read. The list-only scenario asks the
// client to list two skills and stop: any read of their files is ahead of need. The load
// scenario asks it to load an honest skill and read its supporting file first, then three skills
// whose SKILL.md fails verification (by digest, by size, by frontmatter), each followed by its
// own supporting file: a client that verifies stops at the bad SKILL.md, so a read of that
// skill's supporting file means it used the unverified content. The honest skill's supporting
// file shows that the client does go on after a good load; without it, a stop proves nothing.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import type { Verdict } from '../../../../harness/checks/check.js';
import { fileUri, HONEST, LIST_ONLY_SKILLS, SKILLS_LIST_ONLY, SKILLS_LOAD, TAMPERED, WITH_UNLISTED, type Tamper } from '../../scenarios/skills.js';
import { readsOf, SKILLS_PAGE, skillsRun, unused } from './run.js';

const HOW: Record<Tamper, string> = {
  digest: 'a SKILL.md of the listed size whose bytes do not match the listed digest',
  size: 'a SKILL.md whose bytes match the listed digest but not the listed size',
  frontmatter: "a SKILL.md whose digest and size match but whose description differs from the entry's frontmatter",
};

/** The tampered skill's supporting file read after its SKILL.md: the unverified content was used. */
function judgeTamper(ctx: ClientCheckContext, tamper: Tamper): Verdict {
  const run = skillsRun(ctx);
  const gone = unused(run);
  if (gone) return ctx.skip(gone.code, gone.detail);
  const skill = TAMPERED[tamper];
  const md = readsOf(run, skill.uri);
  const after = readsOf(run, fileUri(skill, skill.file));
  if (md.length === 0) return ctx.skip('nothing-observed', `the client never read ${skill.uri} (${HOW[tamper]}): there was nothing to verify`);
  const honest = readsOf(run, fileUri(HONEST, HONEST.file));
  if (after.length === 0 && honest.length === 0) return ctx.skip('nothing-observed', `the client read no supporting file even of the honest skill ${HONEST.uri}: its stop after the tampered SKILL.md proves nothing`);
  ctx.cite(...md.slice(0, 1).map((m) => m.seq), ...honest.slice(0, 1).map((m) => m.seq));
  const used = after.slice(0, 1).map((m) => ({ text: `the client read ${skill.uri} and went on to ${fileUri(skill, skill.file)}: it used the unverified content`, seq: m.seq }));
  return expectNone(ctx, used, {
    expected: `after ${HOW[tamper]}, no read of the skill's supporting file ${fileUri(skill, skill.file)}: the skill fails verification and is not loaded`,
    judged: 1,
    note: `the client read the honest skill's supporting file, then stopped at ${skill.uri} (${HOW[tamper]})`,
  });
}

export const verificationClientChecks = defineClientChecks({ page: 'extensions/skills', revisions: '2026-07-28' }, [
  // "Hosts MUST NOT retrieve a skill's files ahead of need, whether on connection, on listing,
  // or at approval."
  {
    id: 'skills.no-prefetch',
    title: 'A client asked only to list skills reads none of their files',
    spec: { url: `${SKILLS_PAGE}#lazy-retrieval`, level: 'MUST' },
    requirement: "Hosts MUST NOT retrieve a skill's files ahead of need, whether on connection, on listing, or at approval.",
    fix: 'Read a skill\'s SKILL.md and files only when the skill is loaded, never on listing.',
    digest: ['SKILL-138'],
    scenario: SKILLS_LIST_ONLY,
    faults: ['skills-prefetched'],
    async run(ctx) {
      const run = skillsRun(ctx);
      if (run.lists.length === 0) return ctx.skip('not-offered', 'the client sent no skills/list: it does not use the Skills extension');
      const roots = LIST_ONLY_SKILLS.map((s) => s.uri.slice(0, -'SKILL.md'.length));
      const fetched = [...run.reads.filter((r) => typeof r.uri === 'string' && roots.some((root) => (r.uri as string).startsWith(root))).map((r) => r.message), ...run.directoryReads];
      ctx.cite(...run.lists.map((m) => m.seq));
      return expectNone(
        ctx,
        fetched.map((m) => ({ text: `${String(m.message.method)} ${ctx.brief(m.message.params)}, which nobody needed`, seq: m.seq })),
        { expected: 'no resources/read (nor resources/directory/read) of a listed skill: the contract asked only to list them', judged: run.lists.length, note: `${run.lists.length} skills/list request(s), no skill file read` },
      );
    },
  },
  // "When a host retrieves a file listed in a skill's resources, it MUST verify the content
  // against that entry's digest and size." "In all cases, hosts MUST NOT use the unverified content."
  {
    id: 'skills.verify-digest',
    title: "A SKILL.md whose bytes do not match the entry's digest is not used",
    spec: { url: `${SKILLS_PAGE}#verification-on-read`, level: 'MUST' },
    requirement: "When a host retrieves a file listed in a skill's resources, it MUST verify the content against that entry's digest and size. … In all cases, hosts MUST NOT use the unverified content.",
    fix: 'Hash the bytes of every skill file read (UTF-8 of text, or the decoded blob) with SHA-256 and refuse the skill when the digest differs from the entry.',
    digest: ['SKILL-130', 'SKILL-132'],
    scenario: SKILLS_LOAD,
    faults: ['skills-digest-unverified'],
    run: (ctx) => Promise.resolve(judgeTamper(ctx, 'digest')),
  },
  // "A read whose byte length differs from the entry's size is a verification failure
  // equivalent to a digest mismatch, whether or not the host goes on to compute the digest."
  {
    id: 'skills.verify-size',
    title: "A SKILL.md whose length differs from the entry's size is not used, even when its digest matches",
    spec: { url: `${SKILLS_PAGE}#resources`, level: 'MUST' },
    requirement: "A read whose byte length differs from the entry's size is a verification failure equivalent to a digest mismatch (Integrity and Verification), whether or not the host goes on to compute the digest.",
    fix: "Compare the byte length of every skill file read with the entry's size, as well as its digest.",
    digest: ['SKILL-131'],
    scenario: SKILLS_LOAD,
    faults: ['skills-size-unverified'],
    run: (ctx) => Promise.resolve(judgeTamper(ctx, 'size')),
  },
  // "After fetching a SKILL.md for which the host holds an entry …, hosts MUST parse its YAML
  // frontmatter and compare it field-by-field against the entry's frontmatter. Any discrepancy
  // MUST be treated as a verification failure …, and the skill MUST NOT be loaded."
  {
    id: 'skills.verify-frontmatter',
    title: "A SKILL.md whose frontmatter differs from the entry's is not loaded",
    spec: { url: `${SKILLS_PAGE}#frontmatter-verification`, level: 'MUST' },
    requirement:
      "After fetching a SKILL.md for which the host holds an entry (digest-verified when the entry's resources is an array, unverifiable when it is \"dynamic\"), hosts MUST parse its YAML frontmatter and compare it field-by-field against the entry's frontmatter. Any discrepancy MUST be treated as a verification failure equivalent to a digest mismatch, and the skill MUST NOT be loaded.",
    fix: "Parse the fetched SKILL.md's frontmatter and compare every field with the entry's frontmatter before loading the skill.",
    digest: ['SKILL-136', 'SKILL-137'],
    scenario: SKILLS_LOAD,
    faults: ['skills-frontmatter-unverified'],
    run: (ctx) => Promise.resolve(judgeTamper(ctx, 'frontmatter')),
  },
  // "While acting on a skill, a host MUST resolve reads of the skill's files only to URIs listed
  // in the held entry's resources. A host MUST treat a read of an unlisted file within the skill
  // as a verification failure equivalent to a digest mismatch."
  {
    id: 'skills.unlisted-file-not-read',
    title: "A file the skill's manifest does not list is never read, even when asked for",
    spec: { url: `${SKILLS_PAGE}#the-acting-window-and-the-held-entry`, level: 'MUST' },
    requirement:
      "While acting on a skill, a host MUST resolve reads of the skill's files only to URIs listed in the held entry's resources. … A host MUST treat a read of an unlisted file within the skill as a verification failure equivalent to a digest mismatch.",
    fix: "Refuse locally a skill file the held entry's resources does not list; do not send its resources/read.",
    digest: ['SKILL-134', 'SKILL-135'],
    scenario: SKILLS_LOAD,
    faults: ['skills-unlisted-read'],
    async run(ctx) {
      const run = skillsRun(ctx);
      const gone = unused(run);
      if (gone) return ctx.skip(gone.code, gone.detail);
      const unlisted = fileUri(WITH_UNLISTED, WITH_UNLISTED.unlistedFile ?? '');
      const md = readsOf(run, WITH_UNLISTED.uri);
      const bad = readsOf(run, unlisted);
      if (bad.length === 0 && md.length === 0) return ctx.skip('nothing-observed', `the client never loaded ${WITH_UNLISTED.uri}, so it was never asked for its unlisted file`);
      ctx.cite(...md.slice(0, 1).map((m) => m.seq));
      return expectNone(
        ctx,
        bad.slice(0, 2).map((m) => ({ text: `the client read ${unlisted}`, seq: m.seq })),
        { expected: `no resources/read of ${unlisted}: the skill's entry does not list it`, judged: 1, note: `the client loaded ${WITH_UNLISTED.uri} and did not read ${unlisted}, which its entry does not list` },
      );
    },
  },
]);
