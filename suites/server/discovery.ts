// server/discover (2026-07-28): what the server says about itself before anything else
// (VER-016), and the extension identifiers it declares (VER-040). Judged on the DiscoverResult
// the revision's probe received.
import type { Check } from '../../harness/checks/check.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';
import { isExtensionId } from '../../harness/rules/meta-keys.js';
import { DECIDED_BY_TIMEOUT, unanswered } from '../../harness/rules/no-answer.js';

type Json = Record<string, unknown>;

export const discoveryChecks: Check[] = [
  // basic/versioning#protocol-version-negotiation: "Servers MUST implement server/discover."
  // (The revision's probe opens the era on another request when server/discover fails.)
  {
    id: 'discovery.implemented',
    title: 'server/discover is implemented: it answers with a DiscoverResult',
    spec: { url: 'server/discover', level: 'MUST' },
    requirement: 'Servers MUST implement server/discover.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-discover-missing'],
    connection: 'shared',
    async run(ctx) {
      const reply = await ctx.request('server/discover', {});
      if (reply.kind === 'result' && typeof reply.result === 'object' && reply.result !== null) return ctx.pass();
      return ctx.fail({ expected: 'a DiscoverResult', actual: describeReply(reply), ...(unanswered(reply) ? { reason: DECIDED_BY_TIMEOUT } : {}) });
    },
  },

  // basic/versioning#extension-negotiation: "Extension identifiers MUST follow the _meta key
  // naming rules, with a mandatory prefix."
  {
    id: 'discovery.extension-ids',
    title: 'Extension identifiers in capabilities.extensions have a prefix and follow the _meta key format',
    spec: { url: 'basic/versioning#extension-negotiation', level: 'MUST' },
    requirement: 'Extension identifiers MUST follow the `_meta` key naming rules, with a mandatory prefix.',
    side: 'server',
    revisions: RANGE.modern,
    transports: 'any',
    faults: ['modern-extension-id-unprefixed'],
    judgesDeclared: true,
    connection: 'shared',
    async run(ctx) {
      ctx.cite(ctx.facts.server.resultSeq ?? 0);
      const extensions = ctx.facts.serverCapabilities.extensions;
      if (extensions === undefined) return ctx.skip('the server declares no extensions');
      if (typeof extensions !== 'object' || extensions === null || Array.isArray(extensions)) {
        return ctx.fail({ expected: 'capabilities.extensions as an object of extension id -> settings', actual: ctx.brief(extensions) });
      }
      const ids = Object.keys(extensions);
      if (ids.length === 0) return ctx.skip('capabilities.extensions is empty');
      const bad = ids.filter((id) => !isExtensionId(id));
      const notObjects = ids.filter((id) => {
        const v = (extensions as Json)[id];
        return typeof v !== 'object' || v === null || Array.isArray(v);
      });
      if (bad.length === 0 && notObjects.length === 0) return ctx.pass(`${ids.length} extension(s): ${ids.join(', ')}`);
      const problems = [...bad.map((id) => `${JSON.stringify(id)} has no prefix or breaks the key format`), ...notObjects.map((id) => `${JSON.stringify(id)} maps to ${ctx.brief((extensions as Json)[id])}, not a settings object`)];
      return ctx.fail({ expected: 'ids like "io.modelcontextprotocol/tasks" (prefix/name), each mapped to a settings object', actual: problems.join('; ') });
    },
  },
];
