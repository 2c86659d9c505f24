// 2026-07-28 caching: a server of five resources, listed one per page, whose results carry
// caching hints. The first three pages are immediately stale (ttlMs 0), the fourth is fresh
// for ten minutes and still carries a nextCursor, the fifth is stale again; every read is fresh
// for ten minutes. A client that caches by method alone serves the fourth page for the fifth
// cursor (and the first read for every other URI). The stale pages come first so that a
// client's following of cursors shows before anything is cacheable: it wants the next page.
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptResource } from '../../../harness/client/scenario.js';
import { finished } from '../../../harness/client/scripted-server.js';
import { RANGE } from '../../../harness/revisions.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';

export const CACHEABLE_RESOURCES = 'caching.cacheable-resources';

/** Fresh for ten minutes: longer than any run. */
export const FRESH_TTL_MS = 600_000;
const SCOPE = 'public';

export const RESOURCES: ScriptResource[] = [1, 2, 3, 4, 5].map((n) => ({ uri: `mcp-conformance://cache/${n}`, name: `doc-${n}`, mimeType: 'text/plain', text: `document ${n}` }));

/** The cursor that fetches page `index` (0-based; the first page has none). */
export const cursorOf = (index: number): string | undefined => (index === 0 ? undefined : `page-${index}`);
/** The one page that is cacheable while another page follows it. */
export const FRESH_PAGE = 3;

function listPage(revision: string, cursor: unknown): HandlerAnswer {
  const at = cursor === undefined ? 0 : RESOURCES.findIndex((_r, i) => i > 0 && cursorOf(i) === cursor);
  const resource = RESOURCES[at];
  if (at < 0 || !resource) return { error: { code: ErrorCode.InvalidParams, message: `Invalid params: unknown cursor ${JSON.stringify(cursor)}` } };
  const next = cursorOf(at + 1);
  const { text: _text, ...listed } = resource;
  const hints = { ttlMs: at === FRESH_PAGE ? FRESH_TTL_MS : 0, cacheScope: SCOPE };
  return { result: finished(revision, { resources: [listed], ...(at + 1 < RESOURCES.length && next ? { nextCursor: next } : {}), ...hints }) };
}

function read(revision: string, uri: unknown): HandlerAnswer | undefined {
  const resource = RESOURCES.find((r) => r.uri === uri);
  if (!resource) return undefined; // the default answer: resource not found
  return { result: finished(revision, { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.text }], ttlMs: FRESH_TTL_MS, cacheScope: SCOPE }) };
}

export const cacheableResourcesScenario: ClientScenario = {
  id: CACHEABLE_RESOURCES,
  title: 'A server of resources whose list pages and reads carry caching hints (one page and every read fresh for ten minutes)',
  revisions: RANGE.modern,
  transports: 'any',
  official: 'initialize',
  server: {
    capabilities: { resources: {} },
    resources: RESOURCES,
    onRequest(method, ctx) {
      if (method === 'resources/list') return listPage(ctx.revision, ctx.params.cursor);
      if (method === 'resources/read') return read(ctx.revision, ctx.params.uri);
      if (method === 'resources/templates/list') return { result: finished(ctx.revision, { resourceTemplates: [], ttlMs: 0, cacheScope: SCOPE }) };
      return undefined;
    },
  },
};
