// server/discover (2026-07-28): "Servers MUST implement server/discover." (basic/versioning#
// protocol-version-negotiation). The revision's probe opens the era on another request when
// server/discover fails, so this check asks again on the shared session.
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { exchange, expectResult, notAnObject } from '../../../../harness/verify/index.js';

export const discoverImplementedChecks = defineChecks({ page: 'server/discover', revisions: RANGE.modern, needs: ['shared-session'] }, [
  {
    id: 'discovery.implemented',
    title: 'server/discover is implemented: it answers with a DiscoverResult',
    spec: { url: 'server/discover', level: 'MUST' },
    requirement: 'Servers MUST implement server/discover.',
    digest: ['VER-016'],
    faults: ['modern-discover-missing'],
    async run(ctx) {
      const reply = await ctx.request('server/discover', {});
      // Implementing it is answering it: silence fails (the harness's timeout decides).
      return expectResult(ctx, exchange('server/discover', reply), { expected: 'a DiscoverResult', answerIsTheRule: true, problem: notAnObject });
    },
  },
]);
