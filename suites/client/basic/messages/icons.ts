// basic#icons, client side (BASE-050, 2025-11-25 on): how a client that fetches icons fetches
// them. The scripted server's tool has an icon at a plain-http URL on its own origin and one as
// a data: URI (suites/client/scenarios/network-references.ts); these checks judge the requests
// that reached the icon's path. A client need not render icons at all, so no fetch is a skip.
//
// The level: the bullets are the content of "Consumers of icon metadata MUST take appropriate
// security precautions when handling icons to prevent compromise:", and the scheme bullet adds
// its own "Clients MUST reject icon URIs that use unsafe schemes". The field description lets a
// server *send* an HTTP URL ("This can be: An HTTP/HTTPS URL"); what a consumer may *fetch* is
// the precaution's "either a HTTPS or data: URI". Only the two concrete precautions are judged
// here: the scheme of what was fetched (a warning, as the page contradicts itself on http:) and
// the credentials sent with it (a failure).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { expectNone } from '../../../../harness/verify/index.js';
import type { ClientCheckContext } from '../../../../harness/client/context.js';
import { since } from '../../../../harness/revisions.js';
import { ICON_PATH, NETWORK_REFERENCES } from '../../scenarios/network-references.js';
import { header, type HttpRecord } from '../../support/http.js';

/** The requests for the scenario's plain-http icon. */
const iconFetches = (ctx: ClientCheckContext): HttpRecord[] => ctx.recording.http.filter((r) => r.path.split('?')[0] === ICON_PATH);

/** The header names that carry credentials ("cookies, Authorization headers, or client credentials"). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

const NO_FETCH = 'the client fetched no icon (it renders none, or it rejected the http: icon): nothing to judge';

export const iconClientChecks = defineClientChecks({ page: 'basic/messages', revisions: since('2025-11-25'), transports: ['streamable-http'] }, [
  {
    id: 'base.icon-scheme-https-or-data',
    title: 'The client fetches no icon whose URI is neither https: nor data: (a plain-http icon is not fetched)',
    // A warning (see the verdict below): the page contradicts itself on http:.
    spec: { url: 'basic#icons', level: 'SHOULD' },
    requirement:
      'Consumers of icon metadata MUST take appropriate security precautions when handling icons to prevent compromise: ... Ensure that the icon URI is either a HTTPS or data: URI. Clients MUST reject icon URIs that use unsafe schemes and redirects, such as javascript:, file:, ftp:, ws:, or local app URI schemes.',
    digest: ['BASE-050'],
    scenario: NETWORK_REFERENCES,
    faults: ['icon-fetched-over-http', 'icon-fetched-with-credentials'],
    async run(ctx) {
      const fetched = iconFetches(ctx);
      if (fetched.length === 0) return ctx.skip('nothing-observed', NO_FETCH);
      // Only a warning: the same page lets a server send "An HTTP/HTTPS URL" as src, and plain
      // http: is not among the unsafe schemes the MUST names; the text contradicts itself.
      return expectNone(ctx, fetched.map((r) => ({ text: `${r.method} ${r.path}, a request for the http: icon`, seq: r.seq })), {
        expected: 'icons fetched only from https: URIs (data: URIs need no fetch); the http: icon rejected',
        doubt: 'the precaution says "either a HTTPS or data: URI", but the Icon src description allows "An HTTP/HTTPS URL" and http: is not among the unsafe schemes named',
      });
    },
  },
  {
    id: 'base.icon-fetch-without-credentials',
    title: 'The client sends no cookie or Authorization header when it fetches an icon',
    spec: { url: 'basic#icons', level: 'MUST' },
    requirement:
      'Consumers of icon metadata MUST take appropriate security precautions when handling icons to prevent compromise: ... Fetch icons without credentials. Do not send cookies, Authorization headers, or client credentials.',
    digest: ['BASE-050'],
    scenario: NETWORK_REFERENCES,
    faults: ['icon-fetched-with-credentials'],
    async run(ctx) {
      const fetched = iconFetches(ctx);
      if (fetched.length === 0) return ctx.skip('nothing-observed', NO_FETCH);
      const violations = fetched.flatMap((r) => {
        const sent = CREDENTIAL_HEADERS.filter((name) => header(r, name) !== undefined);
        return sent.length === 0 ? [] : [{ text: `${r.method} ${r.path} carried ${sent.map((n) => `${n}: ${ctx.brief(header(r, n), 40)}`).join(', ')}`, seq: r.seq }];
      });
      if (violations.length === 0) ctx.cite(...fetched.slice(0, 3).map((r) => r.seq));
      return expectNone(ctx, violations, { expected: 'icon requests without Cookie or Authorization headers', judged: fetched.length, note: `${fetched.length} icon request(s), none with credentials` });
    },
  },
]);
