// The Skills extension's declaration: a server that declares io.modelcontextprotocol/skills in
// server/discover also declares the base resources capability, which serves the skills' files.
// Judged on the DiscoverResult the revision's probe received.
import { defineChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { notDeclared, SKILLS_EXTENSION, SKILLS_PAGE, skillsSettings } from './look.js';

export const declarationChecks = defineChecks({ page: 'extensions/skills', revisions: '2026-07-28', needs: ['shared-session'] }, [
  // "Because skills are served as resources, a server declaring this extension therefore MUST
  // also declare the resources capability." (the overview: "MUST declare both").
  {
    id: 'skills.declared-with-resources',
    title: 'A server that declares the Skills extension also declares the resources capability',
    spec: { url: `${SKILLS_PAGE}#capability-negotiation`, level: 'MUST' },
    requirement: 'A server declaring this extension therefore MUST also declare the `resources` capability.',
    digest: ['SKILL-001', 'SKILL-004'],
    faults: ['skills-without-resources-capability'],
    judgesDeclared: true,
    async run(ctx) {
      if (!skillsSettings(ctx)) return ctx.skip(notDeclared.code, notDeclared.detail);
      ctx.cite(ctx.facts.server.resultSeq ?? 0);
      const resources = ctx.facts.serverCapabilities.resources;
      return expectNone(ctx, resources === undefined ? ['capabilities.resources is absent'] : [], {
        expected: `capabilities.resources beside capabilities.extensions["${SKILLS_EXTENSION}"]`,
        judged: 1,
        note: `the extension declared as ${ctx.brief(skillsSettings(ctx))}, with resources ${ctx.brief(resources)}`,
      });
    },
  },
]);
