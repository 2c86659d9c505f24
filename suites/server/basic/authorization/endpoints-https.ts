// basic/authorization, communication security (2025-03-26..2026-07-28; at 2026-07-28 on .../security-considerations): the authorization
// server's endpoints are served over HTTPS. Judged on the authorization server metadata the
// discovery checks find (see auth.as-metadata). A loopback host may use http: that is local
// testing (the reference and every local test server), passed with a note, never failed.
import { defineChecks } from '../../../../harness/checks/define.js';
import { since } from '../../../../harness/revisions.js';
import { isLoopbackHost } from '../../../../harness/rules/loopback.js';
import { expectNone } from '../../../../harness/verify/index.js';
import { protectedAsMetadata } from './metadata-lookup.js';
import { underOptionalAuthorization, withinOptionalAuthorization } from './optional.js';
import { NO_AS_METADATA } from './unauthenticated-probe.js';

/** The metadata fields that name authorization server endpoints (RFC 8414 §2). */
const ENDPOINT_FIELDS = ['issuer', 'authorization_endpoint', 'token_endpoint', 'registration_endpoint'] as const;

/** Each endpoint the document names, by verdict; values that are no absolute URL are auth.as-metadata's business. */
function sortEndpoints(doc: Record<string, unknown>): { https: string[]; loopbackHttp: string[]; bad: string[] } {
  const out = { https: [] as string[], loopbackHttp: [] as string[], bad: [] as string[] };
  for (const field of ENDPOINT_FIELDS) {
    const value = doc[field];
    if (typeof value !== 'string') continue;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      continue;
    }
    const named = `${field} ${value.slice(0, 200)}`;
    if (url.protocol === 'https:') out.https.push(named);
    else if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) out.loopbackHttp.push(named);
    else out.bad.push(named);
  }
  return out;
}

export const endpointsHttpsChecks = defineChecks({ page: 'basic/authorization', revisions: since('2025-03-26'), transports: ['streamable-http'], needs: ['connection', 'raw-http'] }, [
  // 2025-03-26 Security Considerations: "All authorization endpoints MUST be served over
  // HTTPS"; 2025-06-18, 2025-11-25 Communication Security: "All authorization server endpoints
  // MUST be served over HTTPS." (following OAuth 2.1 §1.5).
  {
    id: 'auth.as-endpoints-https',
    title: 'The authorization server metadata names only https endpoints (http only on loopback)',
    spec: underOptionalAuthorization([
      { url: '#security-considerations', level: 'MUST' },
      { url: '#communication-security', level: 'MUST', from: '2025-06-18' },
      { url: 'basic/authorization/security-considerations#communication-security', level: 'MUST', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization('All authorization server endpoints MUST be served over HTTPS.'),
    fix: 'Serve the authorization server (issuer, authorization, token and registration endpoints) over https and publish https URLs in its metadata',
    digest: ['AUTH-017'],
    faults: ['auth-as-endpoint-http'],
    async run(ctx) {
      const got = await protectedAsMetadata(ctx);
      if ('status' in got) return got;
      if (!got.found) return ctx.skip('not-offered', NO_AS_METADATA);
      const { url } = got.found;
      const { https, loopbackHttp, bad } = sortEndpoints(got.found.doc);
      return expectNone(
        ctx,
        bad.map((b) => `${url}: ${b}`),
        {
          expected: 'https URLs for issuer, authorization_endpoint, token_endpoint and registration_endpoint (http only on a loopback host)',
          judged: https.length + loopbackHttp.length + bad.length,
          nothing: { code: 'not-offered', detail: `${url} names no endpoint URL to judge (see auth.as-metadata)` },
          ...(loopbackHttp.length > 0 ? { note: `http on a loopback host, allowed for local testing: ${loopbackHttp.join('; ')}` } : {}),
        },
      );
    },
  },
]);
