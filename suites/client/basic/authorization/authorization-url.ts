// AUTH-069 (2025-11-25 on, security best practices #oauth-authorization-url-validation): an
// authorization URL of a dangerous scheme from the AS metadata is rejected, never opened; one
// check per scheme (javascript:, data:, file:), as a blocklist may miss one.
// What shows it: a request of that URL (impossible for these schemes, judged all the same), or
// the opener hook of the scenario (MCP_CONFORMANCE_CONTEXT `opener_report`) reporting it opened.
// A client without the hook that stops at the metadata passes on what the wire shows.
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { DANGEROUS_ENDPOINTS } from '../../../../harness/client/auth/profile.js';
import { since } from '../../../../harness/revisions.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { judgeFlow, line } from './auth-support.js';
import { DANGEROUS_SCHEMES, authDangerousEndpoint } from '../../scenarios/auth-authorization-url.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';

const isHttp = (url: string): boolean => /^https?:/i.test(url.trim());

export const authUrlChecks = defineClientChecks(
  { page: 'basic/authorization', transports: ['streamable-http'] },
  DANGEROUS_SCHEMES.map((scheme) => ({
    id: `auth.authorization-url-${scheme}-rejected`,
    title: `A ${scheme}: authorization_endpoint from the AS metadata is rejected, never opened`,
    spec: { url: 'basic/security_best_practices#oauth-authorization-url-validation', level: 'MUST' as const },
    requirement: 'MCP clients MUST validate authorization URLs and reject dangerous schemes: MUST only allow http:// and https:// schemes for authorization URLs; MUST reject javascript:, data:, file:, vbscript:, and other potentially dangerous schemes',
    fix: 'Before opening (or fetching) the authorization URL, parse it and allow only https (http only for loopback), an allowlist rather than a blocklist; never hand it to a shell.',
    digest: ['AUTH-069'],
    scenario: authDangerousEndpoint(scheme),
    revisions: since('2025-11-25'),
    faults: ['auth-authorization-url-unvalidated'],
    async run(ctx: ClientCheckContext) {
      return judgeFlow(ctx, (v) => {
        const metadata = v.of('as-metadata').find((e) => e.status === 200);
        if (!metadata) return ctx.skip('nothing-observed', 'the client never obtained the authorization server metadata (it never reached the authorization step)');
        ctx.cite(metadata.seq);
        const dangerous = DANGEROUS_ENDPOINTS[scheme];
        const violations: Violation[] = [];
        for (const e of v.of('opened')) {
          const opened = typeof e.json?.url === 'string' ? e.json.url : '';
          if (!isHttp(opened)) violations.push({ text: `the opener hook reports ${JSON.stringify(opened.slice(0, 120))} opened`, seq: e.seq });
        }
        for (const e of v.exchanges) if (e.seq > metadata.seq && e.href.startsWith(dangerous)) violations.push({ text: `${line(e)} requested`, seq: e.seq });
        return expectNone(ctx, violations, {
          expected: `the authorization_endpoint ${dangerous} rejected: never opened nor requested`,
          note: 'the client stopped at the metadata: no opener report of a non-http(s) URL, no request of it',
        });
      });
    },
  })),
);
