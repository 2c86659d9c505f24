// The messages of the errors the look provokes (a skill that does not exist, an unserved
// file, a directory read of what is no directory): each says something of its cause.
import { defineChecks } from '../../../../harness/checks/define.js';
import type { Reply } from '../../../../harness/jsonrpc/types.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { isLook, seqOf, skillsLook, SKILLS_NEEDS, SKILLS_PAGE } from './look.js';

const PAGE = { page: 'extensions/skills', revisions: '2026-07-28', needs: SKILLS_NEEDS } as const;

export const errorMessageChecks = defineChecks(PAGE, [
  // error-handling: "Servers SHOULD provide informative error messages to describe the cause of
  // errors." An empty message describes nothing; whether a non-empty one informs is not judged.
  {
    id: 'skills.error-messages',
    title: 'The errors the Skills probes provoke (unknown skill, unserved file, no directory) carry a non-empty message',
    spec: { url: `${SKILLS_PAGE}#error-handling`, level: 'SHOULD' },
    requirement: 'Servers SHOULD provide informative error messages to describe the cause of errors.',
    digest: ['SKILL-082'],
    faults: ['skills-error-message-empty'],
    judgesDeclared: true,
    async run(ctx) {
      const look = await skillsLook(ctx);
      if (!isLook(look)) return ctx.skip(look.code, look.detail);
      const probes: { what: string; reply: Reply }[] = [
        { what: `skills/get of ${look.unknownGet.uri}`, reply: look.unknownGet.reply },
        ...(look.unservedRead ? [{ what: `resources/read of ${look.unservedRead.uri}`, reply: look.unservedRead.reply }] : []),
        ...(look.directories?.probes ?? []).map((p) => ({ what: `resources/directory/read of ${p.uri}`, reply: p.reply })),
      ];
      const errors = probes.flatMap((p) => (p.reply.kind === 'error' ? [{ ...p, message: p.reply.error.message as unknown }] : []));
      const bad: Violation[] = errors.filter((e) => typeof e.message !== 'string' || e.message.trim() === '').map((e) => ({ text: `${e.what}: error ${e.reply.kind === 'error' ? e.reply.error.code : ''} with message ${JSON.stringify(e.message) ?? 'absent'}`, ...seqOf(e.reply) }));
      return expectNone(ctx, bad, {
        expected: 'a non-empty message on each error',
        judged: errors.length,
        nothing: { code: 'nothing-observed', detail: 'none of the probes was answered with an error' },
      });
    },
  },
]);
