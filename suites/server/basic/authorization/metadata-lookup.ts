// Finding the documents a client of the revision would read: protected resource metadata (RFC
// 9728: the challenge's URL, then the well-known URIs) and authorization server metadata (RFC
// 8414 / OpenID discovery, in each revision's order). Shared by the discovery checks.
import type { CheckContext, Verdict } from '../../../../harness/checks/check.js';
import type { RevisionInfo } from '../../../../harness/revisions.js';
import { getJson, NO_ANSWER, protectedProbe, type Probe } from './unauthenticated-probe.js';

export interface Found {
  url: string;
  doc: Record<string, unknown>;
  /** The resource identifiers the document may name (RFC 9728 §3.3). */
  resources: string[];
}

/** Protected resource metadata: the challenge's URL, then the path-suffixed, then the root well-known URI. */
export async function findPrm(p: Probe): Promise<{ found?: Found; tried: string[]; silent: boolean }> {
  const mcp = new URL(p.door.url);
  const path = mcp.pathname.replace(/\/$/, '');
  const candidates: { url: string; resources: string[] }[] = [];
  const advertised = p.bearer?.params.resource_metadata;
  if (advertised && /^https?:\/\//i.test(advertised)) candidates.push({ url: advertised, resources: [mcp.href] });
  if (path) candidates.push({ url: `${mcp.origin}/.well-known/oauth-protected-resource${path}`, resources: [mcp.href] });
  candidates.push({ url: `${mcp.origin}/.well-known/oauth-protected-resource`, resources: [mcp.origin, mcp.href] });
  const tried: string[] = [];
  let answered = false;
  for (const c of candidates) {
    const { r, doc } = await getJson(p.door, c.url);
    if (doc) return { found: { url: c.url, doc, resources: c.resources }, tried, silent: false };
    tried.push(`${c.url}: HTTP ${r.status}`);
    answered ||= r.status !== 0;
  }
  return { tried, silent: !answered };
}

/** A protected server's protected resource metadata as findPrm finds it; otherwise the skip to return. */
export async function protectedPrm(ctx: CheckContext): Promise<Found | Verdict> {
  const p = await protectedProbe(ctx);
  if ('status' in p) return p;
  const { found, silent } = await findPrm(p);
  if (found) return found;
  // Whether the document must be there is auth.prm-discoverable's: here there is nothing to read.
  return silent ? ctx.skip('no-answer', NO_ANSWER) : ctx.skip('not-offered', 'no protected resource metadata found (see auth.prm-discoverable)');
}

/**
 * Does the server show any sign of OAuth (the authorization this page specifies): a Bearer
 * challenge, or authorization server metadata at its origin? A server protected by a static
 * credential alone is outside the page (authorization is OPTIONAL), so its discovery is not judged.
 */
export async function oauthSign(p: Probe): Promise<string | undefined> {
  if (p.bearer) return 'its 401 carries a Bearer challenge';
  const origin = new URL(p.door.url).origin;
  for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
    if ((await getJson(p.door, `${origin}${path}`)).doc) return `it publishes ${origin}${path}`;
  }
  return undefined;
}

export const NO_OAUTH = 'the server refuses requests without credentials but shows no sign of OAuth (no Bearer challenge, no authorization server metadata at its origin): a static credential is outside the authorization page, which is OPTIONAL';

/** Where each revision looks for authorization server metadata, in order. */
function asMetadataUrls(issuer: string, rev: RevisionInfo): string[] {
  const u = new URL(issuer);
  const path = u.pathname.replace(/\/$/, '');
  if (rev.authorizationMetadata === 'oauth') return [`${u.origin}/.well-known/oauth-authorization-server${path}`];
  if (!path) return [`${u.origin}/.well-known/oauth-authorization-server`, `${u.origin}/.well-known/openid-configuration`];
  return [`${u.origin}/.well-known/oauth-authorization-server${path}`, `${u.origin}/.well-known/openid-configuration${path}`, `${u.origin}${path}/.well-known/openid-configuration`];
}

export interface AsMetadata {
  issuer: string;
  found?: Found;
  tried: string[];
  silent: boolean;
}

/** The authorization server metadata a client of this revision would use; a skip reason (not-offered) if no issuer is named. */
async function findAsMetadata(ctx: CheckContext, p: Probe): Promise<AsMetadata | string> {
  let issuer: string;
  if (ctx.rev.authorizationServerFrom === 'origin') {
    issuer = new URL(p.door.url).origin; // 2025-03-26: the authorization base URL
  } else {
    const prm = (await findPrm(p)).found;
    const servers = prm?.doc.authorization_servers;
    const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
    if (typeof first !== 'string' || !/^https?:\/\//i.test(first)) return 'no authorization server found in protected resource metadata (see auth.prm-authorization-servers)';
    issuer = first;
  }
  const tried: string[] = [];
  let answered = false;
  for (const url of asMetadataUrls(issuer, ctx.rev)) {
    const { r, doc } = await getJson(p.door, url);
    if (doc) return { issuer, found: { url, doc, resources: [] }, tried, silent: false };
    tried.push(`${url}: HTTP ${r.status}`);
    answered ||= r.status !== 0;
  }
  return { issuer, tried, silent: !answered };
}

/** A protected server's authorization server metadata as findAsMetadata finds it; otherwise the skip to return. */
export async function protectedAsMetadata(ctx: CheckContext): Promise<AsMetadata | Verdict> {
  const p = await protectedProbe(ctx);
  if ('status' in p) return p;
  const got = await findAsMetadata(ctx, p);
  return typeof got === 'string' ? ctx.skip('not-offered', got) : got;
}
