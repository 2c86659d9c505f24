// basic/authorization, client side (AUTH-051..055, HTTP only, 2025-03-26 on): discovery of the
// authorization server as each revision describes it. The flow checks (PKCE, state, resource,
// scope, redirect URIs) are in flow.ts, the token and registration checks in
// tokens-and-registration.ts. Every auth check skips when the client does not authorize at all.
// Spec: basic/authorization (2026-07-28: basic/authorization/*).
import { defineClientChecks } from '../../../../harness/checks/define.js';
import { metadataOrder, prmUrl } from '../../../../harness/client/auth/profile.js';
import { revisionInfo, only, since } from '../../../../harness/revisions.js';
import type { AuthView, Exchange } from '../../../../harness/client/auth/view.js';
import { expectNone, type Violation } from '../../../../harness/verify/index.js';
import { MODERN_PAGE, authSpec, challengeParams, judgeFlow, line, orderVerdict } from './auth-support.js';
import { AUTH_BASIC, AUTH_DEFAULT_ENDPOINTS } from '../../scenarios/auth-flow.js';
import { AUTH_ISSUER_MISMATCH, AUTH_RESOURCE_MISMATCH, AUTH_WELL_KNOWN } from '../../scenarios/auth-discovery.js';

const DEFAULT_PATHS = new Set(['/authorize', '/token', '/register']);
const AS_ROLES = new Set(['as-metadata', 'authorize', 'token', 'register']);

/** The registration, authorization and token requests after `document`: each one uses it. */
function usedAfter(v: AuthView, document: Exchange): Violation[] {
  return v.exchanges.filter((e) => e.seq > document.seq && (e.role === 'authorize' || e.role === 'token' || e.role === 'register')).map((e) => ({ text: line(e), seq: e.seq }));
}

export const authDiscoveryChecks = defineClientChecks({ page: 'basic/authorization', transports: ['streamable-http'] }, [
  // AUTH-051 (2025-03-26 #fallbacks-for-servers-without-metadata-discovery): "Clients MUST
  // first attempt to discover endpoints via the metadata document before falling back to
  // default paths." The metadata lives at the authorization base URL: the MCP URL without its path.
  {
    id: 'auth.origin-metadata-discovery',
    title: 'The client fetches RFC 8414 metadata at the MCP server\'s origin root first, then uses its endpoints',
    spec: { url: '#fallbacks-for-servers-without-metadata-discovery', level: 'MUST' },
    requirement: 'Clients MUST first attempt to discover endpoints via the metadata document before falling back to default paths.',
    fix: 'GET {MCP origin}/.well-known/oauth-authorization-server (the path of the MCP URL discarded) and use the endpoints it lists.',
    digest: ['AUTH-051'],
    scenario: AUTH_BASIC,
    revisions: only('2025-03-26'),
    faults: ['auth-origin-metadata-keeps-path'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const expected = `${new URL(v.trace.mcpUrl).origin}/.well-known/oauth-authorization-server`;
        const first = v.exchanges.find((e) => AS_ROLES.has(e.role) || DEFAULT_PATHS.has(e.url.pathname));
        if (!first) return orderVerdict(ctx, { expected: `GET ${expected}`, actual: 'no request for authorization server metadata or endpoints' });
        ctx.cite(first.seq);
        if (first.href !== expected) return orderVerdict(ctx, { expected: `GET ${expected} before any other authorization server request`, actual: `${line(first)} first` });
        const fallback = v.exchanges.find((e) => DEFAULT_PATHS.has(e.url.pathname));
        if (fallback) {
          ctx.cite(fallback.seq);
          return orderVerdict(ctx, { expected: 'the endpoints the metadata lists (…/oauth/authorize, …/oauth/token, …/oauth/register)', actual: `${line(fallback)}, a default path, although the metadata was served` });
        }
        if (!v.exchanges.some((e) => e.role === 'authorize' || e.role === 'register')) return ctx.skip('nothing-observed', 'the client did not go on to use the endpoints of the metadata');
        return orderVerdict(ctx, undefined, `${expected} first, then the endpoints it lists`);
      });
    },
  },

  // AUTH-051 (2025-03-26 #server-metadata-discovery-headers): "MCP clients SHOULD include the
  // header MCP-Protocol-Version: <protocol-version> during Server Metadata Discovery".
  {
    id: 'auth.metadata-protocol-version',
    title: 'The authorization server metadata request carries MCP-Protocol-Version',
    spec: { url: '#server-metadata-discovery-headers', level: 'SHOULD' },
    requirement: 'MCP clients SHOULD include the header MCP-Protocol-Version: <protocol-version> during Server Metadata Discovery to allow the MCP server to respond based on the MCP protocol version.',
    digest: ['AUTH-051'],
    scenario: AUTH_BASIC,
    revisions: only('2025-03-26'),
    faults: ['auth-metadata-no-protocol-version'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const requests = v.of('as-metadata');
        const bare = requests.filter((e) => !e.headers['mcp-protocol-version']).map((e) => ({ text: `${line(e)} without it`, seq: e.seq }));
        return expectNone(ctx, bare, {
          expected: 'MCP-Protocol-Version on the metadata request',
          judged: requests.length,
          nothing: { code: 'nothing-observed', detail: 'the client requested no authorization server metadata' },
        });
      });
    },
  },

  // AUTH-051 (2025-03-26 #fallbacks-for-servers-without-metadata-discovery): "For servers that
  // do not implement OAuth 2.0 Authorization Server Metadata, clients MUST use the following
  // default endpoint paths relative to the authorization base URL".
  {
    id: 'auth.default-endpoints-used',
    title: 'Without metadata, the client uses /authorize, /token and /register at the MCP server\'s origin',
    spec: { url: '#fallbacks-for-servers-without-metadata-discovery', level: 'MUST' },
    requirement: 'For servers that do not implement OAuth 2.0 Authorization Server Metadata, clients MUST use the following default endpoint paths relative to the authorization base URL',
    digest: ['AUTH-051'],
    scenario: AUTH_DEFAULT_ENDPOINTS,
    revisions: only('2025-03-26'),
    faults: ['auth-default-endpoints-unused'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const origin = new URL(v.trace.mcpUrl).origin;
        const metadata = v.of('as-metadata')[0];
        const authorize = v.of('authorize')[0];
        if (!authorize) {
          const last = v.exchanges.filter((e) => e.role !== 'mcp').at(-1);
          if (last) ctx.cite(last.seq);
          return orderVerdict(ctx, { expected: `after the metadata 404, an authorization request to ${origin}/authorize`, actual: last ? `the last authorization request was ${line(last)} (${last.status ?? 'no answer'})` : 'none' });
        }
        ctx.cite(authorize.seq);
        if (!metadata || metadata.seq > authorize.seq) return orderVerdict(ctx, { expected: `GET ${origin}/.well-known/oauth-authorization-server before the default endpoints`, actual: `${line(authorize)} without trying the metadata first` });
        return orderVerdict(ctx, undefined, `the metadata, then ${line(authorize)}`);
      });
    },
  },

  // AUTH-052 (2025-06-18 #authorization-server-location; 2025-11-25 on
  // #protected-resource-metadata-discovery-requirements): "use the resource metadata URL from
  // the parsed WWW-Authenticate headers when present".
  {
    id: 'auth.prm-from-challenge',
    title: 'The client fetches the protected resource metadata named by the 401\'s resource_metadata',
    spec: [
      { url: '#authorization-server-location', level: 'MUST' },
      { url: '#protected-resource-metadata-discovery-requirements', level: 'MUST', from: '2025-11-25' },
      { url: `${MODERN_PAGE.discovery}#protected-resource-metadata-discovery-requirements`, level: 'MUST', from: '2026-07-28' },
    ],
    requirement: 'MCP clients MUST support both discovery mechanisms and use the resource metadata URL from the parsed WWW-Authenticate headers when present; otherwise, they MUST fall back to constructing and requesting the well-known URIs in the order listed above.',
    fix: 'Parse resource_metadata from WWW-Authenticate (RFC 9728 §5.1) and GET that URL before any well-known URI.',
    digest: ['AUTH-052'],
    scenario: AUTH_BASIC,
    revisions: since('2025-06-18'),
    faults: ['auth-prm-challenge-ignored'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const named = challengeParams(v.firstChallenge).resource_metadata ?? prmUrl(v.trace.mcpUrl, 'custom');
        const requests = v.of('prm');
        const fetched = requests.find((e) => e.href === named && e.method === 'GET');
        if (!fetched) {
          if (requests[0]) ctx.cite(requests[0].seq);
          return orderVerdict(ctx, { expected: `GET ${named} (the 401's resource_metadata)`, actual: requests.length ? `protected resource metadata requested at ${requests.map((e) => e.href).join(', ')}` : 'no protected resource metadata request' });
        }
        ctx.cite(fetched.seq);
        // From 2025-11-25 the header's URL comes first; 2025-06-18 only demands that it is used.
        const before = requests.find((e) => e.seq < fetched.seq);
        if (before && ctx.in(since('2025-11-25'))) return orderVerdict(ctx, { expected: `${named} first (it is named in the challenge)`, actual: `${line(before)} before it` });
        return orderVerdict(ctx, undefined, line(fetched));
      });
    },
  },

  // AUTH-053 (2025-11-25 #protected-resource-metadata-discovery-requirements): without
  // resource_metadata, "they MUST fall back to constructing and requesting the well-known URIs
  // in the order listed above" (path-suffixed, then the root).
  {
    id: 'auth.prm-well-known-order',
    title: 'Without resource_metadata, the client tries the path-suffixed well-known URI, then the root one',
    spec: authSpec('MUST', 'protected-resource-metadata-discovery-requirements', `${MODERN_PAGE.discovery}#protected-resource-metadata-discovery-requirements`),
    requirement: 'MCP clients MUST support both discovery mechanisms and use the resource metadata URL from the parsed WWW-Authenticate headers when present; otherwise, they MUST fall back to constructing and requesting the well-known URIs in the order listed above.',
    digest: ['AUTH-053'],
    scenario: AUTH_WELL_KNOWN,
    revisions: since('2025-11-25'),
    faults: ['auth-prm-root-first'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const order = [prmUrl(v.trace.mcpUrl, 'path-well-known'), prmUrl(v.trace.mcpUrl, 'root-well-known')];
        const requests = v.of('prm').filter((e) => e.method === 'GET');
        const [first] = requests;
        if (!first) return orderVerdict(ctx, { expected: `GET ${order.join(', then ')}`, actual: 'no protected resource metadata request' });
        ctx.cite(first.seq);
        if (first.href !== order[0]) return orderVerdict(ctx, { expected: `GET ${order[0]} first`, actual: `${line(first)} first` });
        const root = requests.find((e) => e.href === order[1]);
        if (!root) return orderVerdict(ctx, { expected: `after its 404, GET ${order[1]}`, actual: 'no request for the root well-known URI' });
        return orderVerdict(ctx, undefined, order.join(', then '));
      });
    },
  },

  // AUTH-054 (2025-06-18 #server-metadata-discovery: RFC 8414; 2025-11-25 on
  // #authorization-server-metadata-discovery: "clients MUST try endpoints in the following
  // priority order").
  {
    id: 'auth.as-metadata-order',
    title: 'The client tries the authorization server metadata URLs in the revision\'s order until one answers',
    spec: [
      { url: '#server-metadata-discovery', level: 'MUST' },
      { url: '#authorization-server-metadata-discovery', level: 'MUST', from: '2025-11-25' },
      { url: `${MODERN_PAGE.discovery}#authorization-server-metadata-discovery`, level: 'MUST', from: '2026-07-28' },
    ],
    requirement: 'For issuer URLs with path components (e.g., https://auth.example.com/tenant1), clients MUST try endpoints in the following priority order',
    digest: ['AUTH-054'],
    scenario: AUTH_WELL_KNOWN,
    revisions: since('2025-06-18'),
    faults: ['auth-as-metadata-openid-first'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        if (!v.of('prm').some((e) => e.status === 200)) return ctx.skip('nothing-observed', 'the client never obtained the protected resource metadata');
        const order = metadataOrder(revisionInfo(ctx.revision), v.trace.asOrigin, v.trace.profile.issuerPath);
        const requests = v.of('as-metadata').filter((e) => e.at === 'as-origin');
        const answered = requests.findIndex((e) => e.status === 200);
        const tried = answered === -1 ? requests : requests.slice(0, answered + 1);
        const expected = `${order.join(', then ')} (until one answers)`;
        if (tried.length === 0) return orderVerdict(ctx, { expected, actual: 'no authorization server metadata request' });
        ctx.cite(...tried.map((e) => e.seq));
        const seen = tried.map((e) => e.href);
        // 2025-06-18 names RFC 8414 but no order: its document must be the one found, however reached.
        if (revisionInfo(ctx.revision).authorizationMetadata === 'oauth') {
          if (seen.at(-1) === order[0] && answered !== -1) return orderVerdict(ctx, undefined, seen.join(', then '));
          return orderVerdict(ctx, { expected: `GET ${order[0]} (RFC 8414 §3.1, the well-known suffix inserted before the issuer's path)`, actual: `tried ${seen.join(', ')}` });
        }
        if (seen.some((href, i) => href !== order[i])) return orderVerdict(ctx, { expected, actual: `tried ${seen.join(', then ')}` });
        if (answered === -1) return orderVerdict(ctx, { expected, actual: `stopped after ${seen.join(', ')}` });
        return orderVerdict(ctx, undefined, seen.join(', then '));
      });
    },
  },

  // RFC 9728 §3.3, through "MCP clients MUST use OAuth 2.0 Protected Resource Metadata for
  // authorization server discovery" (2025-06-18 on): a document whose `resource` is not the
  // resource the client asked for "MUST NOT be used".
  {
    id: 'auth.prm-resource-verified',
    title: 'The client does not authorize with protected resource metadata issued for another resource',
    spec: authSpec('MUST', 'overview', `${MODERN_PAGE.flow}#overview`),
    requirement: 'MCP clients MUST use OAuth 2.0 Protected Resource Metadata for authorization server discovery.',
    fix: 'Check that the metadata\'s resource is the MCP server URL the client requested (RFC 9728 §3.3) and stop otherwise.',
    digest: ['AUTH-052'],
    scenario: AUTH_RESOURCE_MISMATCH,
    revisions: since('2025-06-18'),
    faults: ['auth-prm-resource-unchecked'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const prm = v.of('prm').find((e) => e.status === 200);
        if (!prm) return ctx.skip('nothing-observed', 'the client never obtained the protected resource metadata');
        ctx.cite(prm.seq);
        return expectNone(ctx, usedAfter(v, prm), {
          expected: 'no registration or authorization: the metadata\'s resource is https://elsewhere.mcp-conformance.invalid/mcp, not the server',
          note: 'no registration, authorization or token request followed the metadata',
        });
      });
    },
  },

  // AUTH-055 (2026-07-28 authorization-server-discovery#authorization-server-metadata-discovery):
  // "the issuer value in the document MUST be identical to the issuer identifier used to
  // construct the well-known URL. If they differ, the client MUST NOT use the metadata."
  {
    id: 'auth.metadata-issuer-verified',
    title: 'The client does not use AS metadata whose issuer differs from the issuer it was fetched for',
    spec: { url: `${MODERN_PAGE.discovery}#authorization-server-metadata-discovery`, level: 'MUST' },
    requirement: 'the issuer value in the document MUST be identical to the issuer identifier used to construct the well-known URL. If they differ, the client MUST NOT use the metadata.',
    digest: ['AUTH-055'],
    scenario: AUTH_ISSUER_MISMATCH,
    revisions: only('2026-07-28'),
    faults: ['auth-metadata-issuer-unchecked'],
    async run(ctx) {
      return judgeFlow(ctx, (v) => {
        const metadata = v.of('as-metadata').find((e) => e.status === 200);
        if (!metadata) return ctx.skip('nothing-observed', 'the client never obtained the authorization server metadata');
        ctx.cite(metadata.seq);
        return expectNone(ctx, usedAfter(v, metadata), {
          expected: `no use of the metadata (its issuer is ${v.trace.asOrigin}/impostor, fetched for ${v.trace.issuer})`,
          note: 'no registration, authorization or token request followed the metadata',
        });
      });
    },
  },
]);
