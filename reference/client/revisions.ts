// The revisions the reference client speaks, the per-request `_meta` keys of the modern era,
// and the capabilities it declares at each revision.

export const LEGACY_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;
export type LegacyRevision = (typeof LEGACY_REVISIONS)[number];
export const MODERN = '2026-07-28';
export type Revision = LegacyRevision | typeof MODERN;
export const NEWEST_LEGACY: LegacyRevision = '2025-11-25';
export const OLDEST_LEGACY: LegacyRevision = '2024-11-05';

const ORDER: readonly string[] = [...LEGACY_REVISIONS, MODERN];

export function isLegacy(v: unknown): v is LegacyRevision {
  return typeof v === 'string' && (LEGACY_REVISIONS as readonly string[]).includes(v);
}

/** True when `rev` is `since` or newer. */
export function atLeast(rev: Revision, since: Revision): boolean {
  return ORDER.indexOf(rev) >= ORDER.indexOf(since);
}

/** The newest revision of `supported` (server-sent, untrusted) that this client speaks. */
export function newestShared(supported: unknown): Revision | undefined {
  if (!Array.isArray(supported)) return undefined;
  const mine = ORDER.filter((r) => supported.includes(r));
  return mine[mine.length - 1] as Revision | undefined;
}

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  subscriptionId: 'io.modelcontextprotocol/subscriptionId',
} as const;

export const CLIENT_INFO = { name: 'mcp-conformance-reference-client', version: '0.1.0' } as const;

/** What the client is willing to offer (from --capabilities); the declaration depends on the revision. */
export interface Offer {
  roots: boolean;
  sampling: boolean;
  samplingTools: boolean;
  elicitation: boolean;
  elicitationUrl: boolean;
}

export const OFFER_NAMES = ['roots', 'sampling', 'sampling-tools', 'elicitation', 'elicitation-url'] as const;

/** The ClientCapabilities object for `rev`: only members that revision defines. */
export function clientCapabilities(rev: Revision, offer: Offer): Record<string, unknown> {
  const caps: Record<string, unknown> = {};
  if (offer.roots) caps.roots = rev === MODERN ? {} : { listChanged: true };
  if (offer.sampling) caps.sampling = offer.samplingTools && atLeast(rev, '2025-11-25') ? { tools: {} } : {};
  if (offer.elicitation || offer.elicitationUrl) {
    if (atLeast(rev, '2025-11-25')) {
      const e: Record<string, unknown> = {};
      if (offer.elicitation) e.form = {};
      if (offer.elicitationUrl) e.url = {};
      caps.elicitation = e;
    } else if (atLeast(rev, '2025-06-18') && offer.elicitation) {
      caps.elicitation = {};
    }
  }
  return caps;
}
