// A server that offers only tools, listed over several pages of varying size (one, none,
// two...) with opaque cursors a careless client would re-encode. In 2026-07-28 the second
// cursor is the empty string (a valid cursor, not the end), one page comes without
// resultType (as from an older server: complete), the last with a resultType no client
// knows (invalid: its tool must not be used), and tools.listChanged invites a
// subscriptions/listen that stays open while the client works.
import type { HandlerAnswer } from '../../../harness/jsonrpc/types.js';
import type { ClientScenario, ScriptTool } from '../../../harness/client/scenario.js';
import { finished } from '../../../harness/client/scripted-server.js';
import { RANGE, inRange } from '../../../harness/revisions.js';
import { ErrorCode } from '../../../harness/rules/error-codes.js';

export const PAGED_LISTS = 'lists.paged-tools';

const tool = (name: string): ScriptTool => ({ name, description: `The ${name} tool (echoes its arguments)`, inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, annotations: { readOnlyHint: true } });

export const TOOLS = { first: 'alpha', second: 'bravo', third: 'charlie', noResultType: 'delta', unknownResultType: 'echo' } as const;
export const UNKNOWN_RESULT_TYPE = 'mcp-conformance-unknown';

export interface Page {
  tools: string[];
  /** The cursor that fetches this page (undefined: the first page). */
  cursor?: string;
  /** How the result states its type: normally, not at all, or with a value no client knows. */
  resultType?: 'absent' | 'unknown';
}

/** The pages of tools/list at a revision: each page's cursor is handed out by the page before. */
export function pagesAt(revision: string): Page[] {
  if (!inRange(revision, RANGE.modern)) {
    return [{ tools: [TOOLS.first] }, { tools: [], cursor: 'a b/=?ü' }, { tools: [TOOLS.second, TOOLS.third], cursor: 'eyJwIjoyfQ==' }];
  }
  return [
    { tools: [TOOLS.first] },
    { tools: [], cursor: 'a b/=?ü' },
    { tools: [TOOLS.second, TOOLS.third], cursor: '' },
    { tools: [TOOLS.noResultType], cursor: 'eyJwIjoyfQ==', resultType: 'absent' },
    { tools: [TOOLS.unknownResultType], cursor: 'p4/+%2F', resultType: 'unknown' },
  ];
}

const tools: ScriptTool[] = Object.values(TOOLS).map(tool);

function listPage(revision: string, cursor: unknown): HandlerAnswer {
  const pages = pagesAt(revision);
  const at = cursor === undefined ? 0 : pages.findIndex((p, i) => i > 0 && p.cursor === cursor);
  const page = pages[at];
  if (at < 0 || !page) return { error: { code: ErrorCode.InvalidParams, message: `Invalid params: unknown cursor ${JSON.stringify(cursor)}` } };
  const next = pages[at + 1]?.cursor;
  const body = { tools: tools.filter((t) => page.tools.includes(t.name)).map(({ run: _run, ...t }) => t), ...(next !== undefined ? { nextCursor: next } : {}) };
  const result = finished(revision, body);
  if (page.resultType === 'absent') delete result.resultType;
  if (page.resultType === 'unknown') result.resultType = UNKNOWN_RESULT_TYPE;
  return { result };
}

export const pagedListsScenario: ClientScenario = {
  id: PAGED_LISTS,
  title: 'A server with only tools, listed over pages of varying size with opaque cursors',
  revisions: RANGE.all,
  transports: 'any',
  official: 'tools_call',
  server: {
    capabilities: { tools: { listChanged: true } },
    tools,
    onRequest(method, ctx) {
      return method === 'tools/list' ? listPage(ctx.revision, ctx.params.cursor) : undefined;
    },
  },
};
