// The extension identifiers a server declares in capabilities.extensions (2026-07-28), judged on
// the DiscoverResult the revision's probe received. basic/versioning#extension-negotiation:
// "Extension identifiers MUST follow the _meta key naming rules, with a mandatory prefix."
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { isObject } from '../../../../harness/rules/json.js';
import { isExtensionId } from '../../../../harness/rules/meta-keys.js';
import { expectNone } from '../../../../harness/verify/index.js';

// Reads only the probe's facts; declared on the shared session as it always ran (an
// 'opening-answer' check would also run where the handshake broke, which is not this move's to change).
export const extensionIdChecks = defineChecks({ page: 'server/discover', revisions: RANGE.modern, needs: ['shared-session'] }, [
  {
    id: 'discovery.extension-ids',
    title: 'Extension identifiers in capabilities.extensions have a prefix and follow the _meta key format',
    spec: { url: 'basic/versioning#extension-negotiation', level: 'MUST' },
    requirement: 'Extension identifiers MUST follow the `_meta` key naming rules, with a mandatory prefix.',
    digest: ['VER-040'],
    faults: ['modern-extension-id-unprefixed'],
    judgesDeclared: true,
    async run(ctx) {
      ctx.cite(ctx.facts.server.resultSeq ?? 0);
      const extensions = ctx.facts.serverCapabilities.extensions;
      if (extensions === undefined) return ctx.skip('not-offered', 'the server declares no extensions');
      if (!isObject(extensions)) return expectNone(ctx, [ctx.brief(extensions)], { expected: 'capabilities.extensions as an object of extension id -> settings' });
      const ids = Object.keys(extensions);
      if (ids.length === 0) return ctx.skip('not-offered', 'capabilities.extensions is empty');
      const bad = ids.filter((id) => !isExtensionId(id));
      const notObjects = ids.filter((id) => !isObject(extensions[id]));
      const problems = [...bad.map((id) => `${JSON.stringify(id)} has no prefix or breaks the key format`), ...notObjects.map((id) => `${JSON.stringify(id)} maps to ${ctx.brief(extensions[id])}, not a settings object`)];
      return expectNone(ctx, problems, {
        expected: 'ids like "io.modelcontextprotocol/tasks" (prefix/name), each mapped to a settings object',
        judged: ids.length,
        note: `${ids.length} extension(s): ${ids.join(', ')}`,
        show: problems.length,
      });
    },
  },
]);
