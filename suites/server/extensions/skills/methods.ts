// The Skills extension's two methods: a server that declares it answers skills/list and
// skills/get, an unknown skill uri gets InvalidParams, and both results say resultType
// "complete". Judged on the recorded look (look.ts).
import { defineChecks } from '../../../../harness/checks/define.js';
import { ErrorCode } from '../../../../harness/rules/error-codes.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { noShapeToJudge, unanswered } from '../../../../harness/rules/no-answer.js';
import { exchange, expectError, expectNone, replyLine, type Violation } from '../../../../harness/verify/index.js';
import { isLook, resultOf, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE } from './look.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

export const methodChecks = defineChecks(PAGE, [
  // "A server that declares this extension MUST implement skills/list and skills/get."
  {
    id: 'skills.methods-implemented',
    title: 'A server that declares the Skills extension answers skills/list and skills/get with results',
    spec: { url: `${SKILLS_PAGE}#capability-negotiation`, level: 'MUST' },
    requirement: 'A server that declares this extension MUST implement `skills/list` and `skills/get`.',
    digest: ['SKILL-002'],
    faults: ['skills-list-not-implemented'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const first = look.pages[0] as Reply;
      if (unanswered(first)) return ctx.skip('no-answer', noShapeToJudge('skills/list', first));
      const answered = [...look.pages.map((reply) => ({ what: 'skills/list', reply })), ...look.gets.map((g) => ({ what: `skills/get of listed ${g.uri}`, reply: g.reply }))];
      const bad: Violation[] = answered
        .filter((a) => a.reply.kind !== 'result' && !unanswered(a.reply))
        .map((a) => ({ text: `${a.what}: ${replyLine(ctx, a.reply)}`, ...seqOf(a.reply) }));
      // With nothing listed, skills/get is still implemented when it refuses the unknown uri as a skill uri.
      const unknown = look.unknownGet.reply;
      if (look.gets.length === 0 && unknown.kind === 'error' && unknown.error.code === ErrorCode.MethodNotFound) {
        bad.push({ text: `skills/get: ${replyLine(ctx, unknown)}`, ...seqOf(unknown) });
      }
      return expectNone(ctx, bad, {
        expected: 'skills/list and skills/get answered with results',
        judged: answered.filter((a) => !unanswered(a.reply)).length,
        note: `${look.pages.length} skills/list page(s), ${look.gets.length} skills/get`,
      });
    },
  },

  // "If the URI does not identify a skill the server serves, the server MUST return error
  // {code:InvalidParams} (Invalid params), the same code resources/read uses for unknown resources."
  {
    id: 'skills.get-unknown-uri',
    title: 'skills/get of a uri that names no skill gets {code:InvalidParams}',
    spec: { url: `${SKILLS_PAGE}#getting-a-skill`, level: 'MUST' },
    requirement: 'If the URI does not identify a skill the server serves, the server MUST return error {code:InvalidParams} (Invalid params), the same code `resources/read` uses for unknown resources.',
    digest: ['SKILL-061'],
    faults: ['skills-get-unknown-wrong-code'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      return expectError(ctx, exchange(`skills/get of ${look.unknownGet.uri}`, look.unknownGet.reply), ['InvalidParams']);
    },
  },

  // listing-skills: "The resultType field MUST be set to "complete" on ListSkillsResult";
  // getting-a-skill: the same on GetSkillResult.
  {
    id: 'skills.result-type-complete',
    title: 'skills/list and skills/get results carry resultType "complete"',
    spec: { url: `${SKILLS_PAGE}#listing-skills`, level: 'MUST' },
    requirement: 'The `resultType` field MUST be set to `"complete"` on `ListSkillsResult`, as it is the standard result shape for the `skills/list` request.',
    digest: ['SKILL-050', 'SKILL-060'],
    faults: ['skills-list-result-type-partial'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const results = [...look.pages.map((reply) => ({ what: 'skills/list', reply })), ...look.gets.map((g) => ({ what: `skills/get of ${g.uri}`, reply: g.reply }))].filter((a) => resultOf(a.reply));
      const bad = results
        .filter((a) => resultOf(a.reply)?.resultType !== 'complete')
        .map((a) => ({ text: `${a.what}: resultType ${ctx.brief(resultOf(a.reply)?.resultType)}`, ...seqOf(a.reply) }));
      return expectNone(ctx, bad, {
        expected: 'resultType "complete" on every skills/list and skills/get result',
        judged: results.length,
        nothing: { code: 'cannot-set-up', detail: 'neither skills/list nor skills/get answered with a result' },
      });
    },
  },
]);
