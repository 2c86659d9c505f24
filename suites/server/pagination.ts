// Pagination (PAGE-*). Spec: server/utilities/pagination. Every paginated list the server
// declares (tools, resources, resource templates, prompts) was walked once by discovery,
// following nextCursor up to MAX_PAGES pages; these checks judge its page trace.
import type { Check, CheckContext } from '../../harness/checks/check.js';
import { MAX_PAGES, type Discovery, type ListOutcome } from '../../harness/discovery.js';
import { describeReply } from '../../harness/jsonrpc/types.js';
import { RANGE } from '../../harness/revisions.js';


const LISTS = [
  { key: 'tools', method: 'tools/list', itemKey: 'name' },
  { key: 'resources', method: 'resources/list', itemKey: 'uri' },
  { key: 'resourceTemplates', method: 'resources/templates/list', itemKey: 'uriTemplate' },
  { key: 'prompts', method: 'prompts/list', itemKey: 'name' },
] as const;

type Walked = { list: (typeof LISTS)[number]; outcome: ListOutcome };

/**
 * The lists that were walked. A first page refused with -32601 (a server with resources but
 * no templates, RES-006) is no list at all: left out.
 */
async function walked(ctx: CheckContext): Promise<Walked[]> {
  const discovery: Discovery = await ctx.discovery();
  const out: Walked[] = [];
  for (const list of LISTS) {
    const outcome = discovery[list.key];
    if (!outcome || outcome.pages.length === 0) continue;
    out.push({ list, outcome });
  }
  return out;
}

/** Empty pages in a row, at the end of an unfinished walk, that show a list promising what it never sends. */
const EMPTY_RUN = 3;

const NO_LISTS = 'no paginated list was answered (no tools, resources or prompts capability)';
const ONE_PAGE = 'every list fits on one page: no cursor to judge';

/** The walked lists that had more than one page (only they say anything about cursors). */
const paged = (lists: Walked[]): Walked[] => lists.filter((w) => w.outcome.pages.length > 1);

/** Cite every page of the lists a finding is about. */
function citePages(ctx: CheckContext, lists: Walked[]): void {
  for (const { outcome } of lists) ctx.cite(...outcome.pages.map((p) => p.seq ?? 0));
}

const trace = (outcome: ListOutcome): string =>
  outcome.pages.map((p, i) => `page ${i + 1}: ${p.count} item(s), nextCursor ${p.nextCursor === undefined ? 'absent' : JSON.stringify(p.nextCursor).slice(0, 40)}`).slice(-3).join('; ');

/** The cursor values a walk handed out twice (stable cursors never lead back). */
function repeatedCursor(outcome: ListOutcome): string | undefined {
  const sent = new Set(outcome.pages.map((p) => p.cursor).filter((c) => c !== undefined));
  const last = outcome.pages[outcome.pages.length - 1];
  return typeof last?.nextCursor === 'string' && sent.has(last.nextCursor) ? last.nextCursor : undefined;
}

export const paginationChecks: Check[] = [
  // Implementation guidelines: "Servers SHOULD: Provide stable cursors". A nextCursor that
  // was already followed leads back to where the walk was: the list loops.
  {
    id: 'pagination.cursor-not-repeated',
    title: 'A paginated list never hands out a cursor that was already followed (no loop)',
    spec: { url: 'server/utilities/pagination#implementation-guidelines', level: 'SHOULD' },
    requirement: 'Servers SHOULD: Provide stable cursors',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['pagination-cursor-loop'],
    connection: 'shared',
    async run(ctx) {
      const all = await walked(ctx);
      if (all.length === 0) return ctx.skip(NO_LISTS);
      const lists = paged(all);
      if (lists.length === 0) return ctx.skip(ONE_PAGE);
      const looping = lists.filter((w) => repeatedCursor(w.outcome) !== undefined);
      if (looping.length === 0) return ctx.pass(`${lists.length} paginated list(s): ${lists.map((w) => `${w.list.method} ${w.outcome.pages.length} pages`).join(', ')}`);
      citePages(ctx, looping);
      return ctx.fail({
        expected: 'each nextCursor leads to a page not seen before',
        actual: looping.map((w) => `${w.list.method} handed out ${JSON.stringify(repeatedCursor(w.outcome)).slice(0, 60)} again (${trace(w.outcome)})`).join('; '),
      });
    },
  },

  // Response format: "An optional nextCursor field if more results exist". A list that still
  // has a new cursor after MAX_PAGES pages may simply be long: it is judged only when its last
  // pages hold nothing and still promise more, which no long list does. The sentence has no
  // keyword: a warning.
  {
    id: 'pagination.list-ends',
    title: `Following nextCursor reaches the end of every list (within ${MAX_PAGES} pages)`,
    spec: { url: 'server/utilities/pagination#response-format', level: 'SHOULD' },
    requirement: 'An optional nextCursor field if more results exist',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['pagination-never-ends'],
    connection: 'shared',
    async run(ctx) {
      const lists = await walked(ctx);
      if (lists.length === 0) return ctx.skip(NO_LISTS);
      const unfinished = lists.filter((w) => {
        const last = w.outcome.pages[w.outcome.pages.length - 1];
        return w.outcome.pages.length >= MAX_PAGES && typeof last?.nextCursor === 'string' && repeatedCursor(w.outcome) === undefined;
      });
      // Empty pages that still hand out a cursor: "more results" that never come.
      const endless = unfinished.filter((w) => w.outcome.pages.slice(-EMPTY_RUN).every((p) => p.count === 0));
      const long = unfinished.filter((w) => !endless.includes(w));
      if (endless.length === 0) {
        return ctx.pass(long.length > 0 ? `not followed to the end: ${long.map((w) => `${w.list.method} still had items after ${w.outcome.pages.length} pages`).join('; ')}` : undefined);
      }
      citePages(ctx, endless);
      return ctx.fail({
        expected: `nextCursor only while more results exist: a page without one within ${MAX_PAGES} pages`,
        actual: endless.map((w) => `${w.list.method}: the last ${EMPTY_RUN} pages were empty and each still had a new nextCursor, after ${w.outcome.pages.length} pages and ${w.outcome.items.length} item(s) (${trace(w.outcome)})`).join('; '),
        reason: 'the response format describes nextCursor as present "if more results exist", without a keyword: a warning',
      });
    },
  },

  // A cursor is "a position in the result set": the next page continues after it. An item
  // (by name, uri or uriTemplate) on two different pages means the positions overlap.
  // Only a SHOULD ("Provide stable cursors"), and judged across pages only: a name repeated
  // within one page is tools.unique-names' business. 2026-07-28 promises nothing across pages:
  // "There is no cross-page consistency guarantee. If the underlying data changes between page
  // fetches, clients may observe duplicates or gaps." (server/utilities/caching): a note there.
  {
    id: 'pagination.no-duplicates-across-pages',
    title: 'No item appears on two different pages of a list',
    spec: { url: 'server/utilities/pagination#implementation-guidelines', level: 'SHOULD' },
    requirement: 'Servers SHOULD: Provide stable cursors',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['pagination-overlapping-pages'],
    faultRevisions: { 'pagination-overlapping-pages': RANGE.legacy },
    connection: 'shared',
    async run(ctx) {
      const all = await walked(ctx);
      if (all.length === 0) return ctx.skip(NO_LISTS);
      const lists = paged(all);
      if (lists.length === 0) return ctx.skip(ONE_PAGE);
      const found: string[] = [];
      const bad: Walked[] = [];
      for (const w of lists) {
        const pageOf = new Map<unknown, number>();
        let offset = 0;
        const dupes: string[] = [];
        w.outcome.pages.forEach((page, index) => {
          for (const item of w.outcome.items.slice(offset, offset + page.count)) {
            const key = item[w.list.itemKey];
            const first = pageOf.get(key);
            if (first === undefined) pageOf.set(key, index);
            else if (first !== index) dupes.push(`${JSON.stringify(key)} (pages ${first + 1} and ${index + 1})`);
          }
          offset += page.count;
        });
        if (dupes.length > 0) {
          bad.push(w);
          found.push(`${w.list.method}: ${dupes.slice(0, 3).join(', ')}`);
        }
      }
      if (found.length === 0) return ctx.pass(`${lists.length} paginated list(s)`);
      if (ctx.era === 'modern') return ctx.pass(`seen on two pages, which ${ctx.revision} allows ("There is no cross-page consistency guarantee"): ${found.join('; ')}`);
      citePages(ctx, bad);
      return ctx.fail({ expected: 'each item on one page only', actual: found.join('; ') });
    },
  },

  // Error handling: "Invalid cursors SHOULD result in an error with code -32602 (Invalid
  // params)." A cursor the server never handed out is invalid; an ordinary page is a warning.
  {
    id: 'pagination.invalid-cursor',
    title: 'A cursor the server never handed out gets error -32602',
    spec: { url: 'server/utilities/pagination#error-handling', level: 'SHOULD' },
    requirement: 'Invalid cursors SHOULD result in an error with code -32602 (Invalid params).',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['pagination-invalid-cursor-accepted'],
    connection: 'shared',
    async run(ctx) {
      const lists = await walked(ctx);
      if (lists.length === 0) return ctx.skip(NO_LISTS);
      const cursor = `mcp-conformance-invalid-cursor-%%-${Math.random().toString(36).slice(2, 8)}`;
      const replies = await Promise.all(lists.map((w) => ctx.request(w.list.method, { cursor })));
      const bad: string[] = [];
      const unanswered: string[] = [];
      for (const [i, reply] of replies.entries()) {
        const method = (lists[i] as Walked).list.method;
        // No answer is no answer to judge: whether it comes at all is the harness's timeout handling.
        if (reply.kind === 'timeout' || reply.kind === 'closed') unanswered.push(`${method}: ${describeReply(reply)}`);
        else if (reply.kind === 'error' && reply.error.code === -32602) continue;
        else bad.push(`${method}: ${reply.kind === 'error' ? `error ${ctx.brief(reply.error.code)}` : reply.kind === 'result' ? 'an ordinary page' : describeReply(reply)}`);
      }
      if (bad.length === 0 && unanswered.length === lists.length) return ctx.skip(`no answer to judge: ${unanswered.join('; ')}`);
      if (bad.length === 0) return ctx.pass(`${lists.length - unanswered.length} list(s)${unanswered.length ? `; not answered: ${unanswered.join('; ')}` : ''}`);
      return ctx.fail({ expected: `cursor ${JSON.stringify(cursor)}: error -32602`, actual: bad.join('; ') });
    },
  },

  // PaginatedResult in every legacy schema: "nextCursor": {"type": "string"}. The end of a
  // list is an absent nextCursor; null is not a string (a client may well take it as a cursor).
  {
    id: 'pagination.next-cursor-not-null',
    title: 'nextCursor is a string or absent, never null',
    spec: { url: 'server/utilities/pagination#response-format', level: 'MUST' },
    requirement: 'nextCursor: "An opaque token representing the pagination position after the last returned result. If present, there may be more results available." (schema: type string)',
    side: 'server',
    revisions: RANGE.all,
    transports: 'any',
    faults: ['pagination-next-cursor-null'],
    connection: 'shared',
    async run(ctx) {
      const lists = await walked(ctx);
      if (lists.length === 0) return ctx.skip(NO_LISTS);
      const bad = lists.filter((w) => w.outcome.pages.some((p) => p.nextCursor === null));
      if (bad.length === 0) return ctx.pass();
      for (const w of bad) ctx.cite(...w.outcome.pages.filter((p) => p.nextCursor === null).map((p) => p.seq ?? 0));
      return ctx.fail({
        expected: 'nextCursor a string, or absent on the last page',
        actual: bad.map((w) => `${w.list.method}: page ${w.outcome.pages.findIndex((p) => p.nextCursor === null) + 1} has "nextCursor": null`).join('; '),
      });
    },
  },
];
