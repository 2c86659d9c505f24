// server/discover#discoverresult (2026-07-28): what the server says about itself. Judged on the
// DiscoverResult the revision's probe received (no request of its own), so that a broken one
// (no supportedVersions, no capabilities) still reaches a verdict: the probe counts such a
// revision as offered, and this is the check that runs there while the others skip.
import { defineChecks } from '../../../../harness/checks/define.js';
import { RANGE } from '../../../../harness/revisions.js';
import { expectNone } from '../../../../harness/verify/index.js';

export const discoverResultChecks = defineChecks({ page: 'server/discover', revisions: RANGE.modern, needs: ['opening-answer'] }, [
  // "Servers MUST implement server/discover" (basic/versioning). The version it was asked at,
  // and answered, is one it supports.
  {
    id: 'discovery.supported-versions',
    title: 'server/discover lists supportedVersions (including the version it answered) and capabilities',
    spec: { url: '#discoverresult', level: 'MUST' },
    requirement:
      'A discovery result includes: supportedVersions: Protocol versions the server supports. capabilities: Capabilities the server supports. (DiscoverResult requires both; the schema is the source of truth for all protocol messages and structures.)',
    digest: ['VER-016'],
    faults: ['modern-discover-omits-version', 'discover-result-invalid', 'modern-discover-answers-unserved'],
    async run(ctx) {
      const { result, resultSeq, capabilitiesUnknown, brokenOpening: broken } = ctx.facts.server;
      if (capabilitiesUnknown) return ctx.skip('nothing-observed', `no DiscoverResult to judge: ${capabilitiesUnknown} (see discovery.implemented)`);
      if (resultSeq !== undefined) ctx.cite(resultSeq);
      // What the harness found broken in it (the revision then ran only checks like this one).
      const problems = [...(broken?.problems ?? [])];
      const versions = result.supportedVersions;
      if (problems.length === 0 && Array.isArray(versions) && !versions.includes(ctx.revision)) {
        problems.push(`supportedVersions ${ctx.brief(versions)} lacks ${ctx.revision}, the version server/discover was asked at and answered`);
      }
      return expectNone(ctx, problems, { expected: `supportedVersions listing ${ctx.revision}, and a capabilities object` });
    },
  },
]);
