// The Skills extension's declaration: a server that declares io.modelcontextprotocol/skills in
// server/discover also declares the base resources capability, which serves the skills' files.
// Its settings are inline. Judged on the DiscoverResult the revision's probe received.
import { defineChecks } from '../../../../harness/checks/define.js';
import { isObject } from '../../../../harness/rules/json.js';
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

  // capability-negotiation: the value is a settings object, "An empty object indicates support
  // for the extension with no optional features.", the one setting being directoryRead (a
  // boolean). {} is never faulted; settings in an envelope ({"config": {...}}, SKILL-A05) or a
  // directoryRead that is no boolean say something other than the page's shape: a warning (a
  // MAY never fails), while the look still honours an enveloped directoryRead: true.
  {
    id: 'skills.settings-inline',
    title: 'The Skills extension is declared with its settings inline: {} or {"directoryRead": <boolean>}',
    spec: { url: `${SKILLS_PAGE}#capability-negotiation`, level: 'MAY' },
    requirement: 'An empty object indicates support for the extension with no optional features.',
    digest: ['SKILL-005'],
    faults: ['skills-settings-in-envelope'],
    judgesDeclared: true,
    async run(ctx) {
      const settings = skillsSettings(ctx);
      if (!settings) return ctx.skip(notDeclared.code, notDeclared.detail);
      ctx.cite(ctx.facts.server.resultSeq ?? 0);
      const bad: string[] = [];
      if ('directoryRead' in settings && typeof settings.directoryRead !== 'boolean') bad.push(`directoryRead ${ctx.brief(settings.directoryRead)}, not a boolean`);
      if (!('directoryRead' in settings) && isObject(settings.config)) bad.push(`the settings wrapped in an envelope: ${ctx.brief(settings)}`);
      return expectNone(ctx, bad, { expected: '{} or {"directoryRead": true|false} as the extension\'s value', judged: 1, note: `declared as ${ctx.brief(settings)}` });
    },
  },
]);
