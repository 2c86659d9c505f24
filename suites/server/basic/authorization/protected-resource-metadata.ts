// basic/authorization (2025-06-18..2026-07-28; at 2026-07-28 on .../authorization-server-discovery): the protected resource metadata (RFC 9728) a
// client finds through the challenge or a well-known URI, naming the authorization servers and
// the resource it was fetched for.
import { defineChecks } from '../../../../harness/checks/define.js';
import { since } from '../../../../harness/revisions.js';
import { expectDocument } from '../../../../harness/verify/http.js';
import { findPrm, NO_OAUTH, oauthSign, protectedPrm } from './metadata-lookup.js';
import { underOptionalAuthorization, withinOptionalAuthorization } from './optional.js';
import { NO_ANSWER, protectedProbe } from './unauthenticated-probe.js';

/** RFC 9728 §3.3 compares identifiers exactly; URL parsing only normalises case and an empty path. */
function sameResource(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

export const protectedResourceMetadataChecks = defineChecks({ page: 'basic/authorization', transports: ['streamable-http'], needs: ['connection', 'raw-http'] }, [
  // AUTH-012 (2025-11-25): "MCP servers MUST implement one of the following discovery
  // mechanisms": resource_metadata in the 401 challenge, or the well-known URI (path or root).
  {
    id: 'auth.prm-discoverable',
    title: 'Protected resource metadata is found through the challenge or a well-known URI',
    spec: underOptionalAuthorization([
      { url: '#protected-resource-metadata-discovery-requirements', level: 'MUST' },
      { url: 'basic/authorization/authorization-server-discovery#protected-resource-metadata-discovery-requirements', level: 'MUST', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization(
      'MCP servers MUST implement one of the following discovery mechanisms to provide authorization server location information to MCP clients: WWW-Authenticate Header; Well-Known URI.',
    ),
    digest: ['AUTH-012'],
    revisions: since('2025-11-25'),
    faults: ['auth-prm-undiscoverable'],
    async run(ctx) {
      const p = await protectedProbe(ctx);
      if ('status' in p) return p;
      const { found, tried, silent } = await findPrm(p);
      if (!found && silent) return ctx.skip('no-answer', NO_ANSWER);
      if (!found && !(await oauthSign(p))) return ctx.skip('not-applicable', NO_OAUTH);
      // Every place a client looks was tried: the document is there (a pass) or nowhere.
      return expectDocument(
        ctx,
        'protected resource metadata',
        found,
        { expected: 'resource_metadata in the challenge, or a document at a well-known URI', problems: () => [], missing: `no resource_metadata parameter; ${tried.join('; ')}` },
        found ? { note: `found at ${found.url}` } : {},
      );
    },
  },

  // AUTH-013: "The Protected Resource Metadata document returned by the MCP server MUST include
  // the authorization_servers field containing at least one authorization server."
  {
    id: 'auth.prm-authorization-servers',
    title: 'Protected resource metadata lists at least one authorization server',
    spec: underOptionalAuthorization([
      { url: '#authorization-server-location', level: 'MUST' },
      { url: 'basic/authorization/authorization-server-discovery#authorization-server-location', level: 'MUST', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization(
      'The Protected Resource Metadata document returned by the MCP server MUST include the authorization_servers field containing at least one authorization server.',
    ),
    digest: ['AUTH-013'],
    revisions: since('2025-06-18'),
    faults: ['auth-prm-no-authorization-servers'],
    async run(ctx) {
      const found = await protectedPrm(ctx);
      if ('status' in found) return found;
      return expectDocument(ctx, 'protected resource metadata', found, {
        expected: 'authorization_servers: a non-empty array of issuer URLs',
        problems: ({ authorization_servers: servers }) => (Array.isArray(servers) && servers.length > 0 && servers.every((s) => typeof s === 'string') ? [] : [`authorization_servers ${ctx.brief(servers)}`]),
      });
    },
  },

  // RFC 9728 §3.3, which the spec makes servers implement: "The resource value returned MUST be
  // identical to the protected resource's resource identifier value" (the URL it was fetched
  // for; for the root document, the origin).
  {
    id: 'auth.prm-resource-matches',
    title: "Protected resource metadata's resource is the MCP server's URL",
    spec: underOptionalAuthorization([
      { url: '#authorization-server-location', level: 'MUST' },
      { url: 'basic/authorization/authorization-server-discovery#authorization-server-location', level: 'MUST', from: '2026-07-28' },
    ]),
    requirement: withinOptionalAuthorization(
      "RFC 9728 section 3.3: The resource value returned MUST be identical to the protected resource's resource identifier value into which the well-known URI path suffix was inserted.",
    ),
    digest: ['AUTH-013'],
    revisions: since('2025-06-18'),
    faults: ['auth-prm-wrong-resource'],
    async run(ctx) {
      const found = await protectedPrm(ctx);
      if ('status' in found) return found;
      return expectDocument(ctx, 'protected resource metadata', found, {
        expected: `resource: ${found.resources.join(' or ')}`,
        problems: ({ resource }) => (typeof resource === 'string' && found.resources.some((r) => sameResource(r, resource)) ? [] : [`resource ${ctx.brief(resource)}`]),
      });
    },
  },
]);
