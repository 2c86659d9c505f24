// The one revision table. schema/revisions.json pins each revision's schema file (id, era,
// dialect, sha256); this file adds what the harness and the suites need to know about each
// revision as data, and names the ranges checks apply to. No suite compares revision strings:
// it names a range here, or reads a fact of `ctx.rev`.
import table from '../schema/revisions.json' with { type: 'json' };

export type RevisionId = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';
/** legacy: the initialize handshake (2024-11-05..2025-11-25); modern: per-request _meta (2026-07-28). */
export type Era = 'legacy' | 'modern';
export type Dialect = 'draft-07' | '2020-12';
export type ClientCapabilityName = 'roots' | 'sampling' | 'elicitation';

export interface RevisionInfo {
  id: RevisionId;
  era: Era;
  /** The JSON Schema dialect of the revision's own schema, and the default for tool schemas. */
  dialect: Dialect;
  /** The client capabilities the revision defines (what the tool may declare as a client). */
  clientCapabilities: readonly ClientCapabilityName[];
  /**
   * The cheapest request every server of the revision answers: a fence after odd input.
   * tools/list only stands in for a modern server that fails server/discover (sessions/modern.ts).
   */
  fence: 'ping' | 'server/discover' | 'tools/list';
  /** Streamable HTTP requests carry MCP-Protocol-Version (2025-06-18 on). */
  protocolVersionHeader: boolean;
  /** HTTP sessions (Mcp-Session-Id) exist (2025-03-26..2025-11-25). */
  httpSessions: boolean;
  /** The error code for a resource that does not exist. */
  resourceNotFoundCode: number;
  /** Where the JSON-RPC message rules live on the spec site. */
  messagesPage: 'basic/messages' | 'basic';
  /**
   * Authorization (HTTP): where a client finds the authorization server: nowhere (no
   * authorization spec), at the MCP server's origin (2025-03-26), or through protected
   * resource metadata (2025-06-18 on).
   */
  authorizationServerFrom: 'none' | 'origin' | 'protected-resource-metadata';
  /** The well-known metadata documents a client tries for the authorization server, in order. */
  authorizationMetadata: 'oauth' | 'oauth-then-openid';
}

/** What differs between revisions, beside the schema pin. Oldest first, like revisions.json. */
const FACTS: Record<RevisionId, Omit<RevisionInfo, 'id' | 'era' | 'dialect'>> = {
  '2024-11-05': { clientCapabilities: ['roots', 'sampling'], fence: 'ping', protocolVersionHeader: false, httpSessions: false, resourceNotFoundCode: -32002, messagesPage: 'basic/messages', authorizationServerFrom: 'none', authorizationMetadata: 'oauth' },
  '2025-03-26': { clientCapabilities: ['roots', 'sampling'], fence: 'ping', protocolVersionHeader: false, httpSessions: true, resourceNotFoundCode: -32002, messagesPage: 'basic', authorizationServerFrom: 'origin', authorizationMetadata: 'oauth' },
  '2025-06-18': { clientCapabilities: ['roots', 'sampling', 'elicitation'], fence: 'ping', protocolVersionHeader: true, httpSessions: true, resourceNotFoundCode: -32002, messagesPage: 'basic', authorizationServerFrom: 'protected-resource-metadata', authorizationMetadata: 'oauth' },
  '2025-11-25': { clientCapabilities: ['roots', 'sampling', 'elicitation'], fence: 'ping', protocolVersionHeader: true, httpSessions: true, resourceNotFoundCode: -32002, messagesPage: 'basic', authorizationServerFrom: 'protected-resource-metadata', authorizationMetadata: 'oauth-then-openid' },
  '2026-07-28': { clientCapabilities: ['roots', 'sampling', 'elicitation'], fence: 'server/discover', protocolVersionHeader: true, httpSessions: false, resourceNotFoundCode: -32602, messagesPage: 'basic', authorizationServerFrom: 'protected-resource-metadata', authorizationMetadata: 'oauth-then-openid' },
};

export const REVISIONS: readonly RevisionInfo[] = table.revisions.map((r) => {
  const id = r.id as RevisionId;
  const facts = FACTS[id];
  if (!facts) throw new Error(`harness/revisions.ts has no facts for revision ${r.id} of schema/revisions.json`);
  return { id, era: r.era as Era, dialect: r.dialect as Dialect, ...facts };
});
export const REVISION_IDS: readonly RevisionId[] = REVISIONS.map((r) => r.id);
export const LEGACY_REVISIONS: readonly RevisionId[] = REVISIONS.filter((r) => r.era === 'legacy').map((r) => r.id);
export const MODERN_REVISIONS: readonly RevisionId[] = REVISIONS.filter((r) => r.era === 'modern').map((r) => r.id);
export const NEWEST_LEGACY = LEGACY_REVISIONS[LEGACY_REVISIONS.length - 1] as RevisionId;
export const NEWEST_MODERN = MODERN_REVISIONS[MODERN_REVISIONS.length - 1] as RevisionId;

/**
 * Named ranges, inclusive. A check's `revisions` is one of these, `since(rev)`, `until(rev)`,
 * `between(a, b)` or `only(rev)`: never a string built by hand.
 */
export const RANGE = {
  all: '2024-11-05..',
  legacy: '2024-11-05..2025-11-25',
  modern: '2026-07-28..',
  /** Streamable HTTP with sessions, GET streams and resumption. */
  sessionfulHttp: '2025-03-26..2025-11-25',
} as const;
export const since = (rev: RevisionId): string => `${rev}..`;
export const until = (rev: RevisionId): string => `..${rev}`;
export const between = (from: RevisionId, to: RevisionId): string => `${from}..${to}`;
export const only = (rev: RevisionId): string => rev;

export function isKnownRevision(id: string): id is RevisionId {
  return (REVISION_IDS as readonly string[]).includes(id);
}

export function revisionInfo(id: string): RevisionInfo {
  const info = REVISIONS.find((r) => r.id === id);
  if (!info) throw new Error(`unknown MCP revision ${id}`);
  return info;
}

/** `A..B`, `A..` (open end), `..B`, or one revision. Revision ids are dates: they order as strings. */
export function inRange(revision: string, range: string): boolean {
  const [from, to] = range.includes('..') ? range.split('..') : [range, range];
  return (!from || revision >= from) && (!to || revision <= to);
}

export function revisionsIn(range: string): RevisionId[] {
  return REVISION_IDS.filter((r) => inRange(r, range));
}
