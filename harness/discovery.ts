// Discovery: what the server offers (tools, resources, templates, prompts), read once per
// revision on the shared session by following nextCursor to the end, and cached. Checks that
// only read lists share it; the page trace is kept as evidence for pagination checks.
import { describeReply, type Reply } from './jsonrpc/types.js';

/** Whatever can send a request: a session, or a conversation. */
export interface Requester {
  request(method: string, params?: Record<string, unknown>): Promise<Reply>;
}

/** A list never needs more pages than this; more means the server's pagination never ends. */
export const MAX_PAGES = 50;

export interface PageTrace {
  /** The cursor sent (undefined for the first page). */
  cursor?: string;
  /** Items on this page. */
  count: number;
  /** What the page said about the next one: a string, null, or absent (undefined). */
  nextCursor?: unknown;
  /** Wire sequence number of the page's response. */
  seq?: number;
}

export interface ListOutcome<T = Record<string, unknown>> {
  method: string;
  /** Every item of every page, in order. */
  items: T[];
  pages: PageTrace[];
  /** Why the walk stopped early: an error reply, a repeated cursor, the page cap. */
  problem?: string;
  /** The failing reply, when the walk stopped on one. */
  reply?: Reply;
}

export interface Discovery {
  tools?: ListOutcome;
  resources?: ListOutcome;
  resourceTemplates?: ListOutcome;
  prompts?: ListOutcome;
}

const LISTS = [
  { key: 'tools', capability: 'tools', method: 'tools/list', field: 'tools' },
  { key: 'resources', capability: 'resources', method: 'resources/list', field: 'resources' },
  { key: 'resourceTemplates', capability: 'resources', method: 'resources/templates/list', field: 'resourceTemplates' },
  { key: 'prompts', capability: 'prompts', method: 'prompts/list', field: 'prompts' },
] as const;

/** Follow nextCursor from the first page to the end (or to a problem). */
export async function listAll(peer: Requester, method: string, field: string): Promise<ListOutcome> {
  const outcome: ListOutcome = { method, items: [], pages: [] };
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await peer.request(method, cursor === undefined ? {} : { cursor });
    if (reply.kind !== 'result') {
      outcome.problem = `page ${page + 1} of ${method} got ${describeReply(reply)}`;
      outcome.reply = reply;
      return outcome;
    }
    const result = (reply.result ?? {}) as Record<string, unknown>;
    const items = Array.isArray(result[field]) ? (result[field] as Record<string, unknown>[]) : [];
    const next = result.nextCursor;
    outcome.pages.push({ ...(cursor !== undefined ? { cursor } : {}), count: items.length, nextCursor: next, ...(reply.seq ? { seq: reply.seq } : {}) });
    outcome.items.push(...items);
    if (typeof next !== 'string') return outcome;
    if (seen.has(next)) {
      outcome.problem = `${method} returned the cursor ${JSON.stringify(next)} a second time`;
      return outcome;
    }
    seen.add(next);
    cursor = next;
  }
  outcome.problem = `${method} still had a nextCursor after ${MAX_PAGES} pages`;
  return outcome;
}

/** Read every list whose capability the server declared. */
export async function discover(peer: Requester, capabilities: Record<string, unknown>): Promise<Discovery> {
  const discovery: Discovery = {};
  await Promise.all(
    LISTS.filter((l) => capabilities[l.capability] !== undefined).map(async (l) => {
      discovery[l.key] = await listAll(peer, l.method, l.field);
    }),
  );
  return discovery;
}
