// The results of skills/list and skills/get as results: the listing's pages (cursors followed,
// each entry whole on one page), the caching hints both carry, skills/get without a cursor and
// answering for every skill it serves. Judged on the recorded look (look.ts); the hints with
// the caching page's own judgement (hintProblem), on complete results as there.
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { isObject, type Json } from '../../../../harness/rules/json.js';
import { unanswered } from '../../../../harness/rules/no-answer.js';
import { expectNone, expectNoneOrDoubt, replyLine, type MaybeViolation, type Violation } from '../../../../harness/verify/index.js';
import { hintProblem } from '../../server/utilities/caching/hints.js';
import { isLook, resultOf, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE, uriOf, type SkillsLook } from './look.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

/** The skills/list pages that were results, numbered from 1. */
const listPages = (look: SkillsLook): { n: number; reply: Reply; result: Json }[] =>
  look.pages.flatMap((reply, i) => {
    const result = resultOf(reply);
    return result ? [{ n: i + 1, reply, result }] : [];
  });

/** The skills/get answers that were results. */
const getResults = (look: SkillsLook): { uri: string; reply: Reply; result: Json }[] =>
  look.gets.flatMap((g) => {
    const result = resultOf(g.reply);
    return result ? [{ ...g, result }] : [];
  });

const ONE_PAGE = { code: 'not-offered', detail: 'skills/list fits on one page: no cursor to follow' } as const;
const NO_GET = { code: 'nothing-observed', detail: 'no skills/get answered with a result (no skill listed, or none answered)' } as const;

/** Violations of the caching hints on complete results (a result without resultType "complete" is skills.result-type-complete's). */
function hintViolations(results: { what: string; reply: Reply; result: Json }[]): { bad: Violation[]; judged: number } {
  const complete = results.filter((r) => r.result.resultType === 'complete');
  const bad = complete.flatMap((r) => {
    const p = hintProblem(r.result);
    return p ? [{ text: `${r.what}: ${p}`, ...seqOf(r.reply) }] : [];
  });
  return { bad, judged: complete.length };
}

export const resultChecks = defineChecks(PAGE, [
  // listing-skills: "Pagination mirrors the base protocol's list methods: the request accepts an
  // optional cursor, and when the result includes nextCursor the client passes it back to
  // retrieve the next page." A cursor handed out again leads back: the listing never ends.
  {
    id: 'skills.list-pagination',
    title: 'Every skills/list nextCursor, passed back, gets the next page, and no cursor is handed out twice',
    spec: { url: `${SKILLS_PAGE}#listing-skills`, level: 'MUST' },
    requirement: "Pagination mirrors the base protocol's list methods: the request accepts an optional `cursor`, and when the result includes `nextCursor` the client passes it back to retrieve the next page.",
    digest: ['SKILL-052'],
    faults: ['skills-list-cursor-loop'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      if (look.pages.length < 2 && typeof resultOf(look.pages[0] as Reply)?.nextCursor !== 'string') return ctx.skip(ONE_PAGE.code, ONE_PAGE.detail);
      const bad: Violation[] = [];
      const handed = new Map<string, number>();
      look.pages.forEach((reply, i) => {
        if (i > 0 && reply.kind !== 'result' && !unanswered(reply)) bad.push({ text: `page ${i + 1} (the cursor of page ${i}): ${replyLine(ctx, reply)}`, ...seqOf(reply) });
        const next = resultOf(reply)?.nextCursor;
        if (typeof next !== 'string') return;
        const first = handed.get(next);
        if (first !== undefined) bad.push({ text: `page ${i + 1} hands out ${JSON.stringify(next).slice(0, 60)}, the nextCursor of page ${first} again: the listing loops`, ...seqOf(reply) });
        else handed.set(next, i + 1);
      });
      return expectNone(ctx, bad, { expected: 'each nextCursor passed back gets a page, and leads to a page not seen before', judged: look.pages.length - 1, note: `${look.pages.length} skills/list page(s)` });
    },
  },

  // listing-skills: "An entry is atomic, and a skill's resources set is never split across
  // pages." (the overview: "its manifest MUST NOT be split across pages").
  {
    id: 'skills.list-entry-atomic',
    title: 'No skill is listed on two skills/list pages (an entry and its manifest are never split)',
    spec: { url: `${SKILLS_PAGE}#listing-skills`, level: 'MUST' },
    requirement: "An entry is atomic, and a skill's `resources` set is never split across pages.",
    digest: ['SKILL-053'],
    faults: ['skills-entry-split-across-pages'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const pages = listPages(look);
      if (pages.length < 2) return ctx.skip(ONE_PAGE.code, ONE_PAGE.detail);
      const pageOf = new Map<string, number>();
      const bad: Violation[] = [];
      for (const { n, reply, result } of pages) {
        const uris = new Set((Array.isArray(result.skills) ? result.skills : []).map(uriOf).filter((u): u is string => u !== undefined));
        for (const uri of uris) {
          const first = pageOf.get(uri);
          if (first === undefined) pageOf.set(uri, n);
          else bad.push({ text: `${uri} on page ${first} and page ${n}`, ...seqOf(reply) });
        }
      }
      return expectNone(ctx, bad, { expected: 'each skill uri on one page only', judged: pageOf.size, note: `${pageOf.size} skill(s) over ${pages.length} pages` });
    },
  },

  // listing-skills: "ListSkillsResult extends CacheableResult, so ttlMs and cacheScope are
  // REQUIRED, as they are on tools/list and resources/list, and carry the same semantics."
  // (the same semantics: one cacheScope on every page, caching#interaction-with-pagination).
  {
    id: 'skills.list-cache-hints',
    title: 'Every skills/list page carries ttlMs (integer >= 0) and cacheScope, one cacheScope on all pages',
    spec: { url: `${SKILLS_PAGE}#listing-skills`, level: 'MUST' },
    requirement: '`ListSkillsResult` extends `CacheableResult`, so `ttlMs` and `cacheScope` are REQUIRED, as they are on `tools/list` and `resources/list`, and carry the same semantics.',
    digest: ['SKILL-054'],
    faults: ['skills-list-no-cache-hints'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const pages = listPages(look).map((p) => ({ ...p, what: `skills/list page ${p.n}` }));
      const { bad, judged } = hintViolations(pages);
      const scopes = [...new Set(pages.map((p) => p.result.cacheScope).filter((s) => typeof s === 'string'))];
      if (scopes.length > 1) bad.push({ text: `the pages say cacheScope ${scopes.map((s) => JSON.stringify(s)).join(', ')}` });
      return expectNone(ctx, bad, {
        expected: 'ttlMs (an integer >= 0) and cacheScope ("public" or "private") on each page, the same cacheScope on all',
        judged,
        nothing: { code: 'nothing-observed', detail: 'no skills/list page answered with a complete result' },
      });
    },
  },

  // getting-a-skill: "GetSkillResult extends CacheableResult, so ttlMs and cacheScope are
  // REQUIRED, as they are on resources/read, and carry the same semantics." (the page; the SEP
  // left it open, SKILL-A02: graded by the page).
  {
    id: 'skills.get-cache-hints',
    title: 'Every skills/get result carries ttlMs (integer >= 0) and cacheScope',
    spec: { url: `${SKILLS_PAGE}#getting-a-skill`, level: 'MUST' },
    requirement: '`GetSkillResult` extends `CacheableResult`, so `ttlMs` and `cacheScope` are REQUIRED, as they are on `resources/read`, and carry the same semantics.',
    digest: ['SKILL-064'],
    faults: ['skills-get-no-cache-hints'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const { bad, judged } = hintViolations(getResults(look).map((g) => ({ ...g, what: `skills/get of ${g.uri}` })));
      return expectNone(ctx, bad, { expected: 'ttlMs (an integer >= 0) and cacheScope ("public" or "private") on each skills/get result', judged, nothing: NO_GET });
    },
  },

  // getting-a-skill: "The result carries no pagination cursor."
  {
    id: 'skills.get-no-cursor',
    title: 'skills/get results carry no nextCursor',
    spec: { url: `${SKILLS_PAGE}#getting-a-skill`, level: 'MUST' },
    requirement: 'The result carries no pagination cursor.',
    digest: ['SKILL-065'],
    faults: ['skills-get-next-cursor'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const results = getResults(look);
      const bad = results.filter((g) => 'nextCursor' in g.result).map((g) => ({ text: `skills/get of ${g.uri}: nextCursor ${ctx.brief(g.result.nextCursor)}`, ...seqOf(g.reply) }));
      return expectNone(ctx, bad, { expected: 'no nextCursor on a skills/get result', judged: results.length, nothing: NO_GET });
    },
  },

  // getting-a-skill: "A server MUST answer for every skill it serves, whether or not that skill
  // appears in its skills/list result." Which skills a server serves unlisted is unknowable
  // (SKILL-A11): a SKILL.md its instructions name and resources/read serves is one in doubt.
  {
    id: 'skills.get-every-skill',
    title: 'skills/get answers each listed skill (and each SKILL.md the instructions name) with that very skill',
    spec: { url: `${SKILLS_PAGE}#getting-a-skill`, level: 'MUST' },
    requirement: 'A server MUST answer for every skill it serves, whether or not that skill appears in its `skills/list` result.',
    digest: ['SKILL-062', 'SKILL-066'],
    faults: ['skills-get-answers-other-skill'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const asked = [...look.gets.map((g) => ({ ...g, listed: true })), ...look.instructed.map((g) => ({ ...g, listed: false }))].filter((g) => !unanswered(g.reply));
      const bad: MaybeViolation[] = asked.flatMap((g) => {
        const result = resultOf(g.reply);
        const what = `skills/get of ${g.listed ? 'listed' : 'instructed'} ${g.uri}`;
        const doubt = g.listed ? {} : { doubt: 'the instructions name this SKILL.md and resources/read serves it, but whether the server serves it as a skill is not knowable (SKILL-A11)' };
        if (!result) return [{ text: `${what}: ${replyLine(ctx, g.reply)}`, ...seqOf(g.reply), ...doubt }];
        const got = isObject(result.skill) ? uriOf(result.skill) : undefined;
        return got === g.uri ? [] : [{ text: `${what}: skill.uri ${ctx.brief(got ?? result.skill)}`, ...seqOf(g.reply), ...doubt }];
      });
      return expectNoneOrDoubt(ctx, bad, {
        expected: 'each skills/get answered with a result whose skill.uri is the uri asked for',
        judged: asked.length,
        note: `${look.gets.length} listed and ${look.instructed.length} instructed skill(s)`,
        nothing: { code: 'not-offered', detail: 'no skill listed, and none named in the instructions' },
      });
    },
  },
]);
